import { and, eq, inArray, isNull } from 'drizzle-orm';
import { coveredCollections } from '../../../contract/collections.js';
import { TOPIC_SEARCH, type TTopicSearchResponse } from '../../../contract/tools.js';
import type { Database } from '../../db/client.js';
import { documents, topics } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { SearchIndex } from '../../search/index-state.js';
import { searchChunks } from '../../search/search.js';

/** The words searched for a topic: its search query, else its query, else name and description. */
export function topicSearchText(topic: { name: string; description: string; query: string; aiQuery: string }): string {
  const text = topic.aiQuery.trim() || topic.query.trim() || `${topic.name} ${topic.description}`;
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/**
 * GET /topics/{id}/search/: the documents of the last 24 hours that the
 * hybrid search (full text + vectors, fused) finds for the topic with a score of at least 0.42,
 * in the topic's collections, one entry per document with its best passage. `now` is for tests.
 */
export async function topicSearch(database: Database, search: SearchIndex, userId: string, topicId: number, now = new Date()): Promise<TTopicSearchResponse> {
  const [topic] = await database.db
    .select()
    .from(topics)
    .where(and(eq(topics.id, topicId), eq(topics.userId, userId), isNull(topics.retiredAt)));
  if (!topic) throw new AppError(404, 'not_found', 'Topic not found.');
  const from = new Date(now.getTime() - TOPIC_SEARCH.windowHours * 3_600_000);
  const query = topicSearchText(topic);
  const timeRange = { from: from.toISOString(), to: now.toISOString() };
  const empty = (mode: 'hybrid' | 'full_text'): TTopicSearchResponse => ({ count: 0, time_range: timeRange, search_metrics: { score_avg: null, threshold: TOPIC_SEARCH.minScore, query, mode }, documents: [] });
  if (!/[\p{L}\p{N}]/u.test(query)) return empty(search.vectors ? 'hybrid' : 'full_text');
  const found = await searchChunks(database, search, {
    query,
    limit: 100,
    offset: 0,
    collections: topic.sources.length ? coveredCollections(topic.sources) : undefined,
    from,
    to: now,
    minScore: TOPIC_SEARCH.minScore,
  });
  // Best chunk per document (results come best first).
  const best = new Map<number, (typeof found.results)[number]>();
  for (const result of found.results) if (!best.has(result.metadata.document_id)) best.set(result.metadata.document_id, result);
  const picked = [...best.values()].slice(0, TOPIC_SEARCH.maxDocuments);
  if (picked.length === 0) return empty(found.mode);
  const rows = await database.db
    .select({ id: documents.id, url: documents.url })
    .from(documents)
    .where(inArray(documents.id, picked.map((r) => r.metadata.document_id)));
  const urls = new Map(rows.map((r) => [r.id, r.url]));
  const docs = picked.map((r) => ({
    id: r.metadata.document_id,
    name: r.title || 'Untitled',
    text: r.text,
    score: r.score,
    source: r.metadata.source || 'Unknown',
    canonical_at: r.metadata.canonical_at,
    url: urls.get(r.metadata.document_id) ?? null,
  }));
  const avg = docs.reduce((sum, d) => sum + d.score, 0) / docs.length;
  return { count: docs.length, time_range: timeRange, search_metrics: { score_avg: Math.round(avg * 10000) / 10000, threshold: TOPIC_SEARCH.minScore, query, mode: found.mode }, documents: docs };
}
