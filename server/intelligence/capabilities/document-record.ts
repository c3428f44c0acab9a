import { shortDate } from './titles.js';

/** The document an article reports, as its source records it: what the takeaway says it is. */
export interface DocumentRecord {
  /** Its collection's key: clinical_trials, regulations, securities_filings ... */
  kind: string;
  /** The source's own name for the kind of document: "Clinical trial", "Notice", "8-K". */
  contentType: string;
  publisher: string | null;
  /** The date the document gives itself (ISO); null when it gives none (never the time it arrived). */
  date: string | null;
  /** The source's record fields (connectors and the demo corpus write them). */
  metadata: Record<string, unknown>;
}

const word = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const words = (value: unknown) => (Array.isArray(value) ? value.map(word).filter((v): v is string => Boolean(v)) : []);
const first = (metadata: Record<string, unknown>, ...keys: string[]) => keys.map((k) => word(metadata[k])).find(Boolean);

/** "DEPARTMENT OF AGRICULTURE" as a sentence writes it: "Department of Agriculture"; other names, and an acronym ("SEC"), as they are. */
export function unshouted(name: string): string {
  if (name !== name.toUpperCase() || !/\p{Lu}{3}/u.test(name) || !/\s/.test(name.trim())) return name;
  return name
    .toLowerCase()
    .replace(/\b\p{Ll}/gu, (c) => c.toUpperCase())
    .replace(/\b(Of|The|And|For|On|In)\b/g, (w) => w.toLowerCase());
}

/** A registry's code in words: "ACTIVE_NOT_RECRUITING" -> "active not recruiting"; "UNKNOWN" and "NA" say nothing. */
const codeWords = (code: string | undefined) => (code && !/^(?:unknown|na|n\/a)$/i.test(code) ? code.toLowerCase().replace(/_/g, ' ') : undefined);

/** A trial's phases in words: ["PHASE2", "PHASE3"] -> "phase 2/3"; ["EARLY_PHASE1"] -> "early phase 1". */
function phaseWords(phases: string[]): string | undefined {
  const numbers = phases.flatMap((p) => /PHASE\s*(\d)/i.exec(p)?.[1] ?? []);
  if (!numbers.length) return undefined;
  return `${phases.some((p) => /^EARLY/i.test(p)) ? 'early ' : ''}phase ${numbers.join('/')}`;
}

/** The record's facts in plain words, in the order a reader asks them: phase, status, size, what is done, when it ends. */
function factsOf(record: DocumentRecord): string[] {
  const m = record.metadata;
  const enrolment = typeof m.enrollment === 'number' && m.enrollment > 0 ? `${m.enrollment.toLocaleString('en-US')} participants` : undefined;
  const action = word(m.action)?.replace(/\.$/, '');
  const completion = first(m, 'primaryCompletionDate');
  return [
    phaseWords(words(m.phases)),
    codeWords(first(m, 'overallStatus', 'status')),
    enrolment,
    // "Notice of meeting." under a Notice says what it is; "Notice." says it again.
    action && action.toLowerCase() !== record.contentType.toLowerCase() ? action.charAt(0).toLowerCase() + action.slice(1) : undefined,
    completion ? `primary completion ${shortDate(completion) || completion}` : undefined,
  ].filter((f): f is string => Boolean(f));
}

/** Who the record says it is from: the sponsor or agency it names, else its publisher; not when the kind already says it. */
function whoOf(record: DocumentRecord, noun: string): string | undefined {
  const m = record.metadata;
  const agency = first(m, 'leadSponsor', 'sponsor', 'agency') ?? word(record.publisher);
  if (!agency) return undefined;
  const sub = word(m.subagency);
  const who = `${unshouted(agency)}${sub ? ` (${unshouted(sub)})` : ''}`;
  const head = agency.split(/\s+/)[0]!.toLowerCase();
  return noun.toLowerCase().includes(head) ? undefined : who;
}

/** A content type that names a format, not a kind of document: "rss_item", "jsonfeed_item", "text/html". */
const FORMAT_TYPE = /\/|(?:^|_)item$/i;

/** The kind of document as a noun: a filing says its form ("Form 8-K filing"); a feed's item is a report; others as their source names them. */
function nounOf(record: DocumentRecord): string {
  if (!record.contentType.trim() || FORMAT_TYPE.test(record.contentType.trim())) return 'report';
  const type = record.contentType.trim().replace(/_/g, ' ');
  return record.kind === 'securities_filings' && !/\s/.test(type) ? `Form ${type} filing` : type;
}

/**
 * Whether the record says something of the document besides its byline (kind, who it is from,
 * date): what it is about (a trial's conditions) or a fact of it (phase, status, enrolment, the
 * action a rule takes, primary completion). A takeaway may rest on such a record alone.
 */
export function recordSays(record: DocumentRecord): boolean {
  return words(record.metadata.conditions).length > 0 || factsOf(record).length > 0;
}

/**
 * What the document is, in one plain sentence from its record: its kind, who it is from, what it
 * is about (a trial's conditions) and the facts its record holds (phase, status, enrolment, the
 * action a rule takes, primary completion). "Clinical trial from ActiveO Inc. for Disk, Herniated:
 * phase 1, completed." A record with no facts gives its date instead; nothing is said that the
 * record does not hold, and a record without its own date gives none.
 */
export function whatItIs(record: DocumentRecord): string {
  const noun = nounOf(record);
  const who = whoOf(record, noun);
  const conditions = words(record.metadata.conditions).slice(0, 2);
  const facts = factsOf(record);
  const when = facts.length || !record.date ? '' : shortDate(record.date);
  // "arXiv preprint" keeps its own case; "clinical trial" opens a sentence capitalised.
  const opening = /^\p{Ll}+(?:\s|$)/u.test(noun) ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)}` : noun;
  const head = `${opening}${who ? ` from ${who}` : ''}${conditions.length ? ` for ${conditions.join('; ')}` : ''}`;
  return `${head}${facts.length ? `: ${facts.join(', ')}` : when ? `, ${when}` : ''}.`;
}
