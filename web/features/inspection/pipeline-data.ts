import type { TInspectionItem } from '../../../contract/inspection';
import { formatDate, relativeTime } from '../../lib/dates';

/*
 * Pure readings of pipeline data for the inspection views:
 * badges, interaction records, document header lines. Nothing here throws.
 */

export interface Badge {
  key: string;
  label: string;
  tone: 'green' | 'red' | 'amber' | 'blue' | 'slate' | 'violet';
  title?: string;
}

/** PASS when the detection decision mentions relevant, pass, keep or include; otherwise DROP. */
export function detectionVerdict(decision: string | null | undefined): 'PASS' | 'DROP' {
  return decision && /relevant|pass|keep|include/i.test(decision) ? 'PASS' : 'DROP';
}


/** The badges of an event or article row, in their fixed order (the Article button aside). */
export function itemBadges(item: TInspectionItem, now = Date.now()): Badge[] {
  const badges: Badge[] = [];
  if (item.novel !== null) {
    const score = item.novelty_score === null ? '' : ` ${item.novelty_score.toFixed(2)}`;
    badges.push(item.novel ? { key: 'novel', label: `Novel${score}`, tone: 'green' } : { key: 'novel', label: `Known${score}`, tone: 'slate' });
  }
  if (item.researched === true && item.query_count > 0) badges.push({ key: 'queries', label: `${item.query_count} research ${item.query_count === 1 ? 'query' : 'queries'}`, tone: 'blue' });
  if (item.researched === false || item.research_error) badges.push({ key: 'research-failed', label: 'Research failed', tone: 'red', title: item.research_error ?? undefined });
  // A score reads as a score and a rank as a rank: 'Relevance Score 0.82' (its position in the
  // title), 'QA #3' (its QA score in the title).
  if (item.relevance_rank !== null && item.relevance_rank > 0) {
    const label = item.relevance_score === null ? `Relevance #${item.relevance_rank}` : `Relevance Score ${item.relevance_score.toFixed(2)}`;
    badges.push({ key: 'relevance', label, tone: 'violet', title: `#${item.relevance_rank} by relevance among the user's detected events` });
  }
  if (item.final_rank !== null && item.final_rank > 0) {
    const label = item.qa_rank === null ? `QA ${item.final_rank.toFixed(2)}` : `QA #${item.qa_rank}`;
    badges.push({ key: 'qa', label, tone: 'green', title: `QA score ${item.final_rank.toFixed(2)}` });
  }
  if (item.qa_at && !item.final_rank) badges.push({ key: 'not-recommended', label: 'Not Recommended', tone: 'amber' });
  if (item.initialization) badges.push({ key: 'init', label: 'Init', tone: 'slate' });
  if (!item.article_generated && item.error) badges.push({ key: 'failed', label: 'Failed', tone: 'red', title: item.error });
  if (item.alerted_at) badges.push({ key: 'alert', label: `Alert Sent ${relativeTime(item.alerted_at, now)}`, tone: 'amber', title: item.alert_decision ?? undefined });
  else if (item.alert_decision?.startsWith('Held')) badges.push({ key: 'alert-held', label: 'Alert Held', tone: 'slate', title: item.alert_decision });
  const verdict = detectionVerdict(item.detection_decision);
  badges.push({ key: 'verdict', label: verdict, tone: verdict === 'PASS' ? 'green' : 'red', title: item.detection_decision ?? undefined });
  const reader = readerBadge(item, verdict);
  if (reader) badges.push(reader);
  return badges;
}

/**
 * The reader's "More like this" / "Less like this" beside detection's verdict: red where the
 * reader disagreed (less of what passed, more of what was dropped), green where they agreed.
 */
function readerBadge(item: TInspectionItem, verdict: 'PASS' | 'DROP'): Badge | undefined {
  const judged = item.reader_judgement;
  if (!judged) return undefined;
  const agrees = (judged.judgement === 'more') === (verdict === 'PASS');
  return {
    key: 'reader',
    label: `Reader: ${judged.judgement} like this · ${formatDate(judged.at)}`,
    tone: agrees ? 'green' : 'red',
    title: `The reader ${agrees ? 'agreed' : 'disagreed'} with detection's ${verdict}`,
  };
}

/** The stages with interaction panels, in pipeline order, and the words their messages use. */
export const STAGES = [
  { key: 'summarization', label: 'Summarization', noun: 'summarization' },
  { key: 'relevance', label: 'Relevance', noun: 'relevance' },
  { key: 'novelty', label: 'Novelty Check', noun: 'novelty' },
  { key: 'consolidation', label: 'Consolidation', noun: 'consolidation' },
  { key: 'story_assignment', label: 'Story Assignment', noun: 'story assignment' },
  { key: 'research', label: 'Research', noun: 'research' },
  { key: 'article', label: 'Article Composition', noun: 'article composition' },
  { key: 'qa', label: 'QA Ranking', noun: 'QA' },
] as const;
export type StageKey = (typeof STAGES)[number]['key'];

/** Where a stage's record may be found: the map key, and the spec's *_prompt field names. */
const ALIASES: Record<StageKey, string[]> = {
  summarization: ['summarization', 'summarization_prompt'],
  relevance: ['relevance', 'relevance_prompt', 'detection'],
  novelty: ['novelty', 'novelty_prompt'],
  consolidation: ['consolidation', 'consolidation_prompt'],
  story_assignment: ['story_assignment', 'story_assignment_prompt', 'story'],
  research: ['research', 'research_prompt'],
  article: ['article', 'article_prompt', 'composition'],
  qa: ['qa', 'qa_prompt'],
};

export interface PromptRecord {
  systemPrompt: string;
  userMessage: string;
  response: string;
  model: string;
  duration: string;
  tokens: string;
}

export type StageRecord = { state: 'absent'; message: string } | { state: 'invalid'; message: string } | { state: 'ok'; record: PromptRecord };

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value, null, 2));
const num = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};
const thousands = new Intl.NumberFormat('en-US');

/** 'total (prompt/response)' with thousands separators. */
export function formatTokens(total: unknown, prompt: unknown, response: unknown): string {
  return `${thousands.format(num(total))} (${thousands.format(num(prompt))}/${thousands.format(num(response))})`;
}

/** Seconds with 2 decimals followed by s. */
export function formatDuration(seconds: unknown): string {
  return `${num(seconds).toFixed(2)}s`;
}

function toRecord(value: Record<string, unknown>): PromptRecord {
  const sent = typeof value.prompt_sent === 'string' ? safeParse(value.prompt_sent) : value.prompt_sent;
  const prompt = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as Record<string, unknown>) : { user_message: sent };
  return {
    systemPrompt: text(prompt.system_prompt),
    userMessage: text(prompt.user_message),
    response: text(value.llm_response),
    model: typeof value.model_used === 'string' && value.model_used ? value.model_used : 'GPT',
    duration: formatDuration(value.processing_duration_seconds),
    tokens: formatTokens(value.total_tokens, value.prompt_tokens, value.response_tokens),
  };
}

function safeParse(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * A stage's interaction record from `llm_interactions`: an object, or JSON
 * text; summarization may be a list of JSON strings, of which the last is used. Unreadable:
 * 'Failed to parse {stage} prompt data: {error}' ('Failed to parse prompt data' for summarization);
 * missing: 'No {stage} prompt data available'. Parse failures are logged.
 */
export function readStage(interactions: Record<string, unknown> | null | undefined, stage: StageKey): StageRecord {
  const noun = STAGES.find((s) => s.key === stage)!.noun;
  const key = ALIASES[stage].find((k) => interactions && interactions[k] !== undefined && interactions[k] !== null && interactions[k] !== '');
  if (!key) return { state: 'absent', message: `No ${noun} prompt data available` };
  let value = interactions![key];
  try {
    if (stage === 'summarization' && Array.isArray(value)) value = value.at(-1);
    if (typeof value === 'string') value = JSON.parse(value);
    if (stage === 'summarization' && Array.isArray(value)) value = value.at(-1);
    if (typeof value === 'string') value = JSON.parse(value);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return { state: 'ok', record: toRecord(value as Record<string, unknown>) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Failed to parse ${noun} prompt data`, error);
    return { state: 'invalid', message: stage === 'summarization' ? 'Failed to parse prompt data' : `Failed to parse ${noun} prompt data: ${reason}` };
  }
}

export interface InputDocument {
  id?: string | number;
  title: string;
  source: string;
  date?: string;
  score?: number;
  text: string;
  number?: number;
}

const HEADER = /^(Source|Title|Published):\s*(.*)$/i;

/** Leading 'Source:', 'Title:' and 'Published:' lines of a document's text, parsed out. */
export function parseDocumentText(raw: string): { headers: { source?: string; title?: string; published?: string }; body: string } {
  const lines = raw.split(/\r?\n/);
  const headers: { source?: string; title?: string; published?: string } = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const match = HEADER.exec(lines[i]!.trim());
    if (!match) break;
    headers[match[1]!.toLowerCase() as 'source' | 'title' | 'published'] = match[2]!.trim();
  }
  return { headers, body: lines.slice(i).join('\n').trim() };
}

/** A detection document in any of its shapes; score precedence score, vector_score, similarity. */
export function readInputDocument(value: unknown): InputDocument | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const r = value as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  const { headers, body } = parseDocumentText(typeof r.text === 'string' ? r.text : '');
  const score = [r.score, r.vector_score, r.similarity].map((v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN)).find((v) => Number.isFinite(v));
  const id = r.document_id ?? r.id;
  const number = r.final_reference_number ?? r.number;
  return {
    id: typeof id === 'string' || typeof id === 'number' ? id : undefined,
    title: str(r.name) ?? str(r.title) ?? headers.title ?? 'Untitled',
    source: str(r.source) ?? headers.source ?? 'Unknown',
    date: str(r.canonical_at) ?? str(r.published_at) ?? str(r.date) ?? headers.published,
    score,
    text: body || 'No content available',
    number: typeof number === 'number' ? number : undefined,
  };
}
