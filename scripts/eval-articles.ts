/**
 * The article fault check: every published article of a Herald database, checked for what a
 * professional would not forward (server/intelligence/capabilities/article-faults.ts): a title that
 * only names a kind of document or repeats another of the reader's, boilerplate or fragments as
 * lead or points, background that is unrelated, undated or out of order, key-metric rows without
 * a whole label, a takeaway that repeats the lead.
 *
 *   npm run eval:articles [-- --email demo@herald.test] [-- --examples 3]
 *
 * Reads the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR: stop the
 * server first, one process per embedded database). Prints the number of articles and, per fault,
 * how many have it; --examples N shows N of each.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { events, users } from '../server/db/schema/index.js';
import { ARTICLE_FAULTS, articleFaults, type ArticleFault } from '../server/intelligence/capabilities/article-faults.js';

const { values } = parseArgs({ options: { email: { type: 'string' }, examples: { type: 'string', default: '0' } } });
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const query = database.db
    .select({ id: events.id, userId: events.userId, email: users.email, article: events.article })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(eq(events.articleGenerated, true))
    .$dynamic();
  const rows = await (values.email ? query.where(eq(users.email, values.email.toLowerCase())) : query).orderBy(events.id);
  const found = new Map<ArticleFault, { id: number; title: string; detail: string }[]>(Object.keys(ARTICLE_FAULTS).map((k) => [k as ArticleFault, []]));
  const titles = new Map<string, number>();
  for (const row of rows) {
    const article = (row.article ?? {}) as Record<string, unknown>;
    const title = typeof article.title === 'string' ? article.title : '';
    const key = `${row.userId}\n${title.toLowerCase()}`;
    titles.set(key, (titles.get(key) ?? 0) + 1);
    for (const fault of articleFaults(article)) found.get(fault)!.push({ id: row.id, title, detail: detail(fault, article) });
  }
  for (const row of rows) {
    const title = String((row.article as Record<string, unknown> | null)?.title ?? '');
    if ((titles.get(`${row.userId}\n${title.toLowerCase()}`) ?? 0) > 1) found.get('duplicate_title')!.push({ id: row.id, title, detail: '' });
  }
  const faulty = new Set([...found.values()].flat().map((f) => f.id));
  console.log(`${rows.length} articles${values.email ? ` of ${values.email}` : ''}; ${faulty.size} with at least one fault`);
  for (const [fault, list] of found) {
    console.log(`  ${fault.padEnd(22)} ${String(list.length).padStart(5)}  ${ARTICLE_FAULTS[fault]}`);
    for (const example of list.slice(0, Number(values.examples))) console.log(`      #${example.id} ${example.title.slice(0, 90)}${example.detail ? `\n        ${example.detail.slice(0, 220)}` : ''}`);
  }
} finally {
  await database.close();
}

/** The part of the article a fault is about, for --examples. */
function detail(fault: ArticleFault, article: Record<string, unknown>): string {
  const sections = Array.isArray(article.sections) ? (article.sections as { heading?: string; content?: string }[]) : [];
  switch (fault) {
    case 'boilerplate':
    case 'fragment':
      return [article.introduction, ...(Array.isArray(article.bullet_points) ? article.bullet_points : [])].map(String).join(' | ');
    case 'background_unrelated':
    case 'background_undated':
    case 'background_order':
      return sections.find((s) => s.heading === 'Background')?.content ?? '';
    case 'metric_fragment':
      return JSON.stringify((article.data_table as { rows?: unknown } | undefined)?.rows ?? []);
    case 'takeaway_repeats':
      return `${String(article.actionable_takeaway)} || lead: ${String(article.introduction)}`;
    default:
      return '';
  }
}
