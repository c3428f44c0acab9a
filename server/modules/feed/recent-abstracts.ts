import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { COLLECTIONS } from '../../../contract/collections.js';
import { SETUP_PREVIEWS_KEPT } from '../../../contract/constants.js';
import type { TSourcePreview } from '../../../contract/feed.js';
import type { Database } from '../../db/client.js';
import { documents, documentSummaries, topics } from '../../db/schema/index.js';
import type { SearchIndex } from '../../search/index-state.js';
import { searchChunks } from '../../search/search.js';

/** Previews are documents of the last 30 days; each topic brings at most this many. */
const RECENT_DAYS = 30;
const PER_TOPIC = 6;
const MAX_TOPICS = 6;
const SUMMARY_CHARS = 400;

/**
 * GET /for-you/recent-abstracts/: what the setup screen rotates through while the profile and
 * topics are being prepared: up to 12 recent source documents relevant to
 * the user's topics (a search of each topic's name and key entities, restricted to its sources),
 * newest first; with no topics or no match yet, the newest summarised documents.
 */
export async function recentAbstracts(database: Database, search: SearchIndex, userId: string): Promise<TSourcePreview[]> {
  const { db } = database;
  const active = await db
    .select({ name: topics.name, entities: topics.keyEntities, sources: topics.sources })
    .from(topics)
    .where(and(eq(topics.userId, userId), isNull(topics.retiredAt)))
    .orderBy(desc(topics.createdAt))
    .limit(MAX_TOPICS);
  const from = new Date(Date.now() - RECENT_DAYS * 86_400_000);
  const found = new Set<number>();
  for (const topic of active) {
    const query = [topic.name, ...topic.entities.slice(0, 3)].join(' ');
    const result = await searchChunks(database, search, { query, limit: PER_TOPIC * 3, offset: 0, from, collections: topic.sources.length ? topic.sources : undefined, minScore: 0.2 });
    let taken = 0;
    for (const hit of result.results) {
      if (taken >= PER_TOPIC) break;
      if (!found.has(hit.metadata.document_id)) {
        found.add(hit.metadata.document_id);
        taken++;
      }
    }
  }
  const columns = { id: documents.id, title: documents.title, text: documents.text, publisher: documents.publisher, collectionId: documents.collectionId, canonicalAt: documents.canonicalAt, summary: documentSummaries.summary };
  const rows = found.size
    ? await db
        .select(columns)
        .from(documents)
        .leftJoin(documentSummaries, eq(documentSummaries.documentId, documents.id))
        .where(and(inArray(documents.id, [...found]), isNull(documents.nearDuplicateOf)))
        .orderBy(desc(documents.canonicalAt), desc(documents.id))
        .limit(SETUP_PREVIEWS_KEPT)
    : await db
        .select(columns)
        .from(documents)
        .innerJoin(documentSummaries, eq(documentSummaries.documentId, documents.id))
        .where(and(isNull(documents.nearDuplicateOf), isNotNull(documentSummaries.summary)))
        .orderBy(desc(documents.canonicalAt), desc(documents.id))
        .limit(SETUP_PREVIEWS_KEPT);
  return rows.map((r) => ({
    summary: (r.summary?.trim() || r.text.slice(0, SUMMARY_CHARS).replace(/\s+\S*$/, '')).trim(),
    source_name: r.publisher || (COLLECTIONS.find((c) => c.id === r.collectionId)?.name ?? 'Unknown'),
    document_id: r.id,
    title: r.title || 'Untitled',
    published_at: r.canonicalAt.toISOString(),
  }));
}
