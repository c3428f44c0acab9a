import type { TMe } from '../../../contract/auth';
import type { TExportArticle, TExportData, TInterviewExport, TPromptData } from '../../../contract/inspection';

/*
 * The Export Data modal's Markdown: one document per tab, built from the
 * export calls. Pure functions; code blocks are fenced longer than any backtick run they hold.
 */

export const EXPORT_TABS = ['Fact Groups', 'Articles', 'QA Articles', 'Detection Prompts', 'Validation Prompts', 'Composition Prompts', 'Profile', 'Interview'] as const;
export type ExportTab = (typeof EXPORT_TABS)[number];

export const PRODUCT_NAME = 'Herald';

/** A fenced block that the content cannot close early. */
export function fence(content: string, language = ''): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${content}\n${ticks}`;
}

const line = (label: string, value: unknown) => (value === null || value === undefined || value === '' ? null : `- **${label}:** ${String(value)}`);
const lines = (...items: (string | null)[]) => items.filter((i): i is string => i !== null).join('\n');
const fixed = (n: number | null, digits = 2) => (n === null ? null : n.toFixed(digits));

/** `{product}-{tab}-{ISO date}.md`, e.g. Herald-Fact-Groups-2026-11-23.md. */
export function exportFileName(tab: ExportTab, now = new Date()): string {
  const slug = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${slug(PRODUCT_NAME)}-${slug(tab)}-${now.toISOString().slice(0, 10)}.md`;
}

function header(title: string, count: number, limit?: number) {
  return `# ${title}\n\n${count} item${count === 1 ? '' : 's'}${limit !== undefined && count >= limit ? ` (the newest ${limit})` : ''}.`;
}

export function factGroupsMarkdown(data: TExportData): string {
  const parts = [header('Fact Groups', data.events.length, data.limit)];
  for (const e of data.events) {
    parts.push(
      [
        `## ${e.event_summary}`,
        lines(
          line('Event', e.id),
          line('Topic', e.topic.name),
          line('Created', e.created_at),
          line('Status', e.status),
          line('Detection', e.detection_decision),
          line('Relevance score', fixed(e.relevance_score)),
          line('Novelty', e.novel === null ? null : `${e.novel ? 'Novel' : 'Known'}${e.novelty_score === null ? '' : ` ${e.novelty_score.toFixed(2)}`}`),
          line('Source', `${e.document.title} (${e.document.source}, ${e.document.canonical_at.slice(0, 10)})${e.document.url ? ` ${e.document.url}` : ''}`),
        ),
        e.supporting_facts.length ? `### Facts\n\n${e.supporting_facts.map((f) => `- ${f.fact} (${f.sources.map((s) => s.source).join(', ')})`).join('\n')}` : null,
        e.novel_facts?.length ? `### New facts\n\n${e.novel_facts.map((f) => `- ${f.fact}`).join('\n')}` : null,
        e.known_facts?.length ? `### Known facts\n\n${e.known_facts.map((f) => `- ${f.fact}`).join('\n')}` : null,
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
  }
  return parts.join('\n\n');
}

function articleBlock(a: TExportArticle, qa: boolean): string {
  const meta = lines(
    line('Event', a.id),
    line('Topic', a.topic.name),
    line('Generated', a.article_generated_at),
    qa ? line('QA score', fixed(a.final_rank)) : null,
    qa ? line('QA at', a.qa_at) : null,
    qa ? line('QA reason', a.article?.qa_reason) : null,
    line('Alert sent', a.alerted_at),
  );
  return [`## ${a.article?.title ?? a.article_title ?? 'Untitled Article'}`, meta, a.article ? a.article.markdown.replace(/^# .*\n+/, '') : (a.article_generation_error ?? '')].filter(Boolean).join('\n\n');
}

export function articlesMarkdown(items: TExportArticle[], limit: number, qa = false): string {
  return [header(qa ? 'QA Articles' : 'Articles', items.length, limit), ...items.map((a) => articleBlock(a, qa))].join('\n\n');
}

const PROMPT_TITLES = { DETECTION: 'Detection Prompts', VALIDATION: 'Validation Prompts', COMPOSITION: 'Composition Prompts' } as const;

export function promptsMarkdown(data: TPromptData): string {
  const parts = [`${header(PROMPT_TITLES[data.prompt_type], data.prompts.length, data.limit)} Stage: ${data.stage}.`];
  for (const p of data.prompts) {
    parts.push(
      [
        `## Event ${p.event_id}: ${p.event_summary}`,
        lines(line('Created', p.created_at), line('Model', p.model_used), line('Duration', `${p.processing_duration_seconds.toFixed(2)}s`), line('Tokens', `${p.total_tokens.toLocaleString('en-US')} (${p.prompt_tokens.toLocaleString('en-US')}/${p.response_tokens.toLocaleString('en-US')})`)),
        `### System prompt\n\n${fence(p.system_prompt)}`,
        `### User message\n\n${fence(p.user_message)}`,
        `### Response\n\n${fence(p.response)}`,
      ].join('\n\n'),
    );
  }
  return parts.join('\n\n');
}

export function profileMarkdown(user: TMe): string {
  const list = (label: string, items: string[]) => (items.length ? `### ${label}\n\n${items.map((i) => `- ${i}`).join('\n')}` : null);
  return [
    `# Profile: ${[user.first_name, user.last_name].filter(Boolean).join(' ') || user.email}`,
    lines(line('Email', user.email), line('Title', user.title), line('Company', user.company), line('Industry', user.industry), line('Location', user.location), line('Account', user.account_name), line('Language', user.language), line('Last insights update', user.last_insights_updated_at)),
    user.gpt_profile ? `## AI profile\n\n${user.gpt_profile}` : null,
    list('Places and jurisdictions', user.places_jurisdictions),
    list('Organizations', user.organizations),
    list('Products and markets', user.products_markets),
    list('Industries', user.gpt_industries),
    list('Responsibilities', user.gpt_responsibilities),
    user.topics.length ? `## Topics\n\n${user.topics.map((t) => lines(`### ${t.name}\n`, t.description || null, line('Query', t.query))).join('\n\n')}` : '## Topics\n\nNo topics.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function interviewMarkdown(data: TInterviewExport): string {
  const m = data.metadata;
  const meta = lines(
    line('total_messages', m.total_messages),
    line('user_messages', m.user_messages),
    line('assistant_messages', m.assistant_messages),
    line('conversation_id', m.conversation_id),
    line('interview_model', m.interview_model),
    line('started_at', m.started_at),
    line('last_message_at', m.last_message_at),
    line('duration_seconds', m.duration_seconds),
  );
  if (!data.interview_messages.length) return `# Interview\n\n${meta}\n\nNo onboarding interview yet.`;
  const messages = data.interview_messages.map((msg) => {
    const options = msg.options?.length ? `\n\nOptions:\n${msg.options.map((o) => `- ${o.text}`).join('\n')}` : '';
    return `### ${msg.role === 'user' ? 'User' : 'Assistant'} (${msg.timestamp})\n\n${msg.content}${options}`;
  });
  return [`# Interview`, meta, '## Messages', ...messages].join('\n\n');
}

/**
 * The modal's preview of an export: its items (the `## ` sections outside code blocks) up to
 * `max` characters, at least one, with a line saying how many are shown. A browser takes
 * seconds to lay out a few MB of Markdown (200 validation prompts are about 3 MB); Copy and
 * Download give the whole document.
 */
export function previewMarkdown(markdown: string, max = 60_000): string {
  if (markdown.length <= max) return markdown;
  const starts: number[] = [];
  let fenceTicks = 0;
  let offset = 0;
  for (const text of markdown.split('\n')) {
    const ticks = /^`{3,}/.exec(text)?.[0].length ?? 0;
    if (fenceTicks === 0 && ticks) fenceTicks = ticks;
    else if (fenceTicks && ticks >= fenceTicks && text.trim() === '`'.repeat(ticks)) fenceTicks = 0;
    else if (fenceTicks === 0 && text.startsWith('## ')) starts.push(offset);
    offset += text.length + 1;
  }
  // Cut before the last item that starts within `max`, so that at least one item is shown.
  const shown = Math.max(1, starts.filter((s) => s <= max).length - 1);
  if (shown >= starts.length) return markdown;
  const cut = starts[shown] ?? markdown.length;
  return `${markdown.slice(0, cut).trimEnd()}\n\n---\n\n*The preview shows the first ${shown} of ${starts.length} items. Copy and Download give all ${starts.length}.*`;
}
