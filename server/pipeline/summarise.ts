import { inArray, sql } from 'drizzle-orm';
import { documents, documentSummaries } from '../db/schema/index.js';
import { summarise } from '../intelligence/capabilities/summarise.js';
import { runCapability } from '../intelligence/engine.js';
import { sourceTemplates } from '../documents/source-sentences.js';
import type { StageContext } from './context.js';

/**
 * Summarises the documents that have no summary yet (shared by every user, so it uses the
 * system's model, SUMMARY_MODEL, not a user's). Idempotent: a summary written by a concurrent run wins.
 */
/** Summaries written per statement (an LLM's are seconds apart: a crash loses at most this many). */
const SUMMARIES_PER_STATEMENT = 25;

export async function summariseDocuments(context: StageContext, documentIds: number[]): Promise<number[]> {
  if (documentIds.length === 0) return [];
  const rows = await context.database.db
    .select({ id: documents.id, sourceId: documents.sourceId, title: documents.title, text: documents.text, publisher: documents.publisher, canonicalAt: documents.canonicalAt, language: documents.language })
    .from(documents)
    .where(sql`${inArray(documents.id, documentIds)} AND NOT EXISTS (SELECT 1 FROM document_summaries s WHERE s.document_id = ${documents.id})`);
  // Written a few at a time: one statement per document was most of the stage on the built-in engine.
  let pending: (typeof documentSummaries.$inferInsert)[] = [];
  const flush = async () => {
    if (pending.length) await context.database.db.insert(documentSummaries).values(pending).onConflictDoNothing();
    pending = [];
  };
  // What each document's source repeats is its template, never its lead (one query for the batch).
  const templates = await sourceTemplates(context.database.db, rows);
  for (const [i, doc] of rows.entries()) {
    const { output, record } = await runCapability(
      summarise,
      { title: doc.title, text: doc.text, publisher: doc.publisher, publishedAt: doc.canonicalAt.toISOString(), language: doc.language, sourceTemplate: templates[i] },
      context.config.llm.summaryModel,
      { llm: context.config.llm, logger: context.logger },
    );
    pending.push({ documentId: doc.id, summary: output.summary, keyFacts: output.key_facts, interaction: record as unknown as Record<string, unknown> });
    if (pending.length >= SUMMARIES_PER_STATEMENT) await flush();
  }
  await flush();
  return documentIds;
}
