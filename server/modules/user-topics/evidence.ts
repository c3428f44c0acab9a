import { inArray, sql } from 'drizzle-orm';
import { coveredCollections } from '../../../contract/collections.js';
import { rowsOf, type Database } from '../../db/client.js';
import { turnTaker } from '../../db/priority.js';
import { documents, documentSummaries } from '../../db/schema/index.js';
import { readEvidence, type TopicEvidence } from '../../intelligence/builtin/topic-profile.js';
import type { SearchIndex } from '../../search/index-state.js';
import { buildTopicModel, documentsAbout } from '../../intelligence/builtin/topic-model.js';
import { storeSample } from '../../pipeline/topic-models.js';

/**
 * The documents the store holds about a text, best first, one entry per document: title, its
 * summary and collection. The text is read as a topic is: its relevance model
 * (builtin/topic-model.ts, built on the store's recent documents) ranks them, and those at its bar
 * are the evidence; a text the store holds nothing about has none (a search always answers with
 * something, and a store of FOMC statements is no evidence about gold prices). The built-in engine
 * reads their names, places and words; a language model sees their titles. `score` is the model's
 * (1: as much about it as the store's best).
 */
export async function topicEvidence(database: Database, _search: SearchIndex, text: string, options: { collections?: number[]; limit?: number } = {}): Promise<(TopicEvidence & { documentId: number; score: number })[]> {
  const name = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  if (!/\p{L}/u.test(name)) return [];
  const sample = await storeSample(database);
  const collections = options.collections?.length ? coveredCollections(options.collections) : undefined;
  const best = documentsAbout(buildTopicModel({ name, collections }, sample), sample, collections, options.limit ?? 30);
  if (best.length === 0) return [];
  const rows = await database.db
    .select({ id: documents.id, title: documents.title, collectionId: documents.collectionId, summary: documentSummaries.summary, text: sql<string>`substr(${documents.text}, 1, 600)` })
    .from(documents)
    .leftJoin(documentSummaries, sql`${documentSummaries.documentId} = ${documents.id}`)
    .where(inArray(documents.id, best.map((d) => d.id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const evidence = best.flatMap(({ id, score }) => {
    const row = byId.get(id);
    return row ? [{ documentId: id, score: Math.round(score * 1000) / 1000, title: row.title, summary: row.summary ?? row.text, collectionId: row.collectionId }] : [];
  });
  // Read their names and places now, in turns (compromise parses a text at some milliseconds): the
  // profile built from them then finds them read, and requests are served meanwhile.
  const turn = turnTaker();
  for (const doc of evidence.slice(0, 30)) {
    readEvidence(doc);
    await turn();
  }
  return evidence;
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
