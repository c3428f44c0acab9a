import { inArray } from 'drizzle-orm';
import { COLLECTIONS } from '../../../contract/collections.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { TOpmlImportResult } from '../../../contract/sources.js';
import type { Database } from '../../db/client.js';
import { sources } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Queue } from '../../jobs/types.js';
import { parseOpml } from '../../sources/connectors/index.js';
import { addressRefusal } from '../../sources/net-guard.js';
import { connectorFor } from '../../sources/registry.js';
import { SourceError } from '../../sources/types.js';
import { sendSourceRuns } from '../../sources/jobs.js';
import { addressKey, checkSourceLimit, type SourcePolicy } from './manage.js';
import { sourceUrl } from './presenter.js';

const FEED_KINDS = ['feed', 'court_rss'];
/** Outlines one import reads at most. */
export const OPML_IMPORT_MAX = 500;

function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The feeds of an OPML file, each said new, duplicate (of a source or of an earlier outline) or
 * invalid; unless it is a dry run, the new ones are added (each named after its outline, a name
 * taken already gets its host added) and queued for a first run.
 */
export async function importOpml(database: Database, queue: Queue | undefined, xml: string, options: { dryRun: boolean; collectionId: number; policy: SourcePolicy }): Promise<TOpmlImportResult> {
  if (!COLLECTIONS.some((c) => c.id === options.collectionId)) throw new AppError(400, ErrorCode.validationFailed, `There is no collection ${options.collectionId}.`, { collection_id: ['Unknown collection'] });
  let outlines: { title: string; url: string }[];
  try {
    outlines = parseOpml(xml);
  } catch (error) {
    if (error instanceof SourceError) throw new AppError(400, ErrorCode.invalidOpml, 'This file is not OPML: it has no <opml><body> with outlines.');
    throw error;
  }
  if (outlines.length === 0) throw new AppError(400, ErrorCode.invalidOpml, 'This OPML file lists no feeds (no outline has an xmlUrl).');
  if (outlines.length > OPML_IMPORT_MAX) throw new AppError(413, ErrorCode.opmlTooLarge, `This OPML file lists ${outlines.length} feeds: import at most ${OPML_IMPORT_MAX} at a time (split the file).`);
  const existing = await database.db.select({ name: sources.name, kind: sources.kind, config: sources.config }).from(sources).where(inArray(sources.kind, FEED_KINDS));
  const known = new Map(existing.flatMap((row) => (sourceUrl(row.config) ? [[addressKey(sourceUrl(row.config)!), row.name] as const] : [])));
  const names = new Set(existing.filter((row) => row.kind === 'feed').map((row) => row.name.toLowerCase()));
  const entries: TOpmlImportResult['entries'] = [];
  for (const outline of outlines) {
    const base = { name: outline.title.trim().slice(0, 200) || outline.url, url: outline.url, collection_id: options.collectionId };
    if (!isWebAddress(outline.url)) {
      entries.push({ ...base, status: 'invalid', reason: 'not an http or https address' });
      continue;
    }
    const refused = await addressRefusal(outline.url, options.policy.allowPrivate);
    if (refused) {
      entries.push({ ...base, status: 'invalid', reason: refused.replace(/^Refused: /, '') });
      continue;
    }
    const key = addressKey(outline.url);
    const same = known.get(key);
    if (same !== undefined) {
      entries.push({ ...base, status: 'duplicate', reason: `already added as "${same}"` });
      continue;
    }
    let name = base.name;
    if (names.has(name.toLowerCase())) name = `${name} (${new URL(outline.url).host})`.slice(0, 200);
    known.set(key, name);
    names.add(name.toLowerCase());
    entries.push({ ...base, name, status: 'new', reason: null });
  }
  const fresh = entries.filter((entry) => entry.status === 'new');
  if (options.dryRun || fresh.length === 0) return { dry_run: options.dryRun, entries, added: 0 };
  await checkSourceLimit(database.db, options.policy, fresh.length);
  const feedInterval = connectorFor('feed')?.defaultIntervalMinutes ?? 15;
  const rows = await database.db
    .insert(sources)
    .values(fresh.map((entry) => ({ kind: 'feed', name: entry.name, config: { url: entry.url }, collectionId: entry.collection_id, intervalMinutes: feedInterval })))
    .onConflictDoNothing()
    .returning({ id: sources.id });
  if (queue) await sendSourceRuns(queue, rows.map((row) => row.id), 'manual');
  return { dry_run: false, entries, added: rows.length };
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every feed source as OPML 2.0, one outline per feed under its collection. */
export async function exportOpml(database: Database, now = new Date()): Promise<string> {
  const rows = await database.db.select().from(sources).where(inArray(sources.kind, FEED_KINDS)).orderBy(sources.collectionId, sources.name);
  const groups = COLLECTIONS.map((collection) => ({ collection, feeds: rows.filter((row) => row.collectionId === collection.id && sourceUrl(row.config)) })).filter((g) => g.feeds.length > 0);
  const body = groups
    .map(
      ({ collection, feeds }) =>
        `    <outline text="${escapeXml(collection.name)}" title="${escapeXml(collection.name)}">\n` +
        feeds.map((feed) => `      <outline type="rss" text="${escapeXml(feed.name)}" title="${escapeXml(feed.name)}" xmlUrl="${escapeXml(sourceUrl(feed.config)!)}"/>\n`).join('') +
        '    </outline>\n',
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head>\n    <title>Herald sources</title>\n    <dateCreated>${now.toUTCString()}</dateCreated>\n  </head>\n  <body>\n${body}  </body>\n</opml>\n`;
}
