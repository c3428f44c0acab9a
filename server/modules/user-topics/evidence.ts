import { inArray, sql } from 'drizzle-orm';
import { coveredCollections } from '../../../contract/collections.js';
import { rowsOf, type Database } from '../../db/client.js';
import { documents, documentSummaries } from '../../db/schema/index.js';
import type { TopicEvidence } from '../../intelligence/builtin/topic-profile.js';
import type { SearchIndex } from '../../search/index-state.js';
import { searchChunks } from '../../search/search.js';

/** A chunk must score this in hybrid search to count as evidence that the store covers a topic. */
export const EVIDENCE_MIN_SCORE = 0.3;

/**
 * The documents the store holds about a text, best first, one entry per document: title, its
 * summary (or the matching passage) and collection. The built-in engine reads their names,
 * places and words; a language model sees their titles.
 */
export async function topicEvidence(database: Database, search: SearchIndex, text: string, options: { collections?: number[]; limit?: number } = {}): Promise<(TopicEvidence & { documentId: number; score: number })[]> {
  const query = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  if (!/\p{L}/u.test(query)) return [];
  const found = await searchChunks(database, search, { query, limit: 60, offset: 0, collections: options.collections?.length ? coveredCollections(options.collections) : undefined, minScore: EVIDENCE_MIN_SCORE });
  const best = new Map<number, { score: number; text: string }>();
  for (const result of found.results) {
    const id = result.metadata.document_id;
    if (!best.has(id)) best.set(id, { score: result.score, text: result.text });
  }
  const ids = [...best.keys()].slice(0, options.limit ?? 30);
  if (ids.length === 0) return [];
  const rows = await database.db
    .select({ id: documents.id, title: documents.title, collectionId: documents.collectionId, summary: documentSummaries.summary })
    .from(documents)
    .leftJoin(documentSummaries, sql`${documentSummaries.documentId} = ${documents.id}`)
    .where(inArray(documents.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ documentId: id, score: best.get(id)!.score, title: row.title, summary: row.summary ?? best.get(id)!.text.slice(0, 600), collectionId: row.collectionId }];
  });
}

/**
 * How many documents' titles hold every word of a name (full text on title chunks): a cheap
 * measure of whether a suggestion would have content today.
 */
export async function titleMatches(database: Database, names: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const name of names) {
    const words = (name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).join(' ');
    if (!words) {
      out.set(name, 0);
      continue;
    }
    const rows = rowsOf<{ n: string }>(
      await database.db.execute(sql`SELECT count(*)::text AS n FROM (SELECT 1 FROM chunks WHERE type = 'title' AND tsv @@ plainto_tsquery('english', ${words}) LIMIT 200) hits`),
    );
    out.set(name, Number(rows[0]?.n ?? 0));
  }
  return out;
}
