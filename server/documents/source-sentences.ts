import { sql } from 'drizzle-orm';
import { rowsOf, type AppDb, type AppTx } from '../db/client.js';
import { TEMPLATE_MIN_DOCUMENTS } from '../intelligence/capabilities/repeated-sentences.js';
import { leadSentenceKeys } from '../intelligence/capabilities/summarise.js';
import { upgradeJob } from '../jobs/upgrade-job.js';

/*
 * source_sentences (migration 0037): how many documents of a source and publisher hold each
 * sentence, so that a summary or an article never leads with its source's template
 * (intelligence/capabilities/repeated-sentences.ts). Counted at ingest, in the transaction that
 * writes the documents: exact, and a lookup is one indexed query per batch of documents.
 */

export const COUNT_SOURCE_SENTENCES_JOB = 'count-source-sentences';

/** A document's scope in source_sentences: its source and its publisher ('' for none). */
export interface SentenceScope {
  sourceId: number;
  publisher: string | null;
}

const json = (value: unknown) => JSON.stringify(value);
const scopeOf = (sourceId: number, publisher: string | null) => `${sourceId}\u0000${publisher ?? ''}`;

/** [publisher, key, documents] rows of some documents' keys, each key once per document, in key order (two writers lock rows in one order). */
function tally(docs: readonly { publisher: string | null; keys: readonly number[] }[]): [string, number, number][] {
  const counts = new Map<string, [string, number, number]>();
  for (const doc of docs) {
    for (const key of new Set(doc.keys)) {
      const id = `${doc.publisher ?? ''}\u0000${key}`;
      const row = counts.get(id) ?? [doc.publisher ?? '', key, 0];
      row[2]++;
      counts.set(id, row);
    }
  }
  return [...counts.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
}

/**
 * Adds documents just written to their source's counts, in the writing transaction. Not for a
 * source not counted yet: count-source-sentences counts it whole (it locks the source's row for
 * update; a writer holds it in key share), so a document is counted here or there, never twice.
 */
export async function addSourceSentences(tx: AppTx, sourceId: number, docs: readonly { publisher: string | null; keys: readonly number[] }[]): Promise<void> {
  const rows = tally(docs);
  if (rows.length === 0) return;
  const [source] = rowsOf<{ counted: boolean }>(await tx.execute(sql`SELECT sentences_counted_at IS NOT NULL AS counted FROM sources WHERE id = ${sourceId} FOR KEY SHARE`));
  if (!source?.counted) return;
  await tx.execute(sql`INSERT INTO source_sentences AS c (source_id, publisher, key, documents)
    SELECT ${sourceId}::bigint, e->>0, (e->>1)::int, (e->>2)::int FROM jsonb_array_elements(${json(rows)}::jsonb) WITH ORDINALITY AS r(e, n) ORDER BY n
    ON CONFLICT (source_id, publisher, key) DO UPDATE SET documents = c.documents + excluded.documents`);
}

/**
 * For each document, the keys of its sentences that its source repeats (in TEMPLATE_MIN_DOCUMENTS
 * documents or more): its template, which its summary and article never quote. One query.
 */
export async function sourceTemplates(db: AppDb, docs: readonly (SentenceScope & { text: string; language?: string | null })[]): Promise<Set<number>[]> {
  const asked = docs.flatMap((d) => leadSentenceKeys(d.text, d.language).map((key) => [d.sourceId, d.publisher ?? '', key]));
  const byScope = new Map<string, Set<number>>();
  if (asked.length) {
    const rows = rowsOf<{ source_id: string; publisher: string; key: number }>(
      await db.execute(sql`SELECT s.source_id::text, s.publisher, s.key FROM source_sentences s
        JOIN (SELECT DISTINCT (e->>0)::bigint AS source_id, e->>1 AS publisher, (e->>2)::int AS key FROM jsonb_array_elements(${json(asked)}::jsonb) e) q
          ON q.source_id = s.source_id AND q.publisher = s.publisher AND q.key = s.key
        WHERE s.documents >= ${TEMPLATE_MIN_DOCUMENTS}`),
    );
    for (const row of rows) {
      const scope = scopeOf(Number(row.source_id), row.publisher);
      byScope.set(scope, (byScope.get(scope) ?? new Set()).add(Number(row.key)));
    }
  }
  return docs.map((d) => byScope.get(scopeOf(d.sourceId, d.publisher)) ?? new Set());
}

/** Documents read per statement while a source is counted. */
const COUNT_PAGE = 500;

/**
 * Counts one source's sentences from its stored documents and marks it counted, in one
 * transaction that locks the source's row first (see addSourceSentences). False when the source
 * is gone or counted already.
 */
export async function countSourceSentences(db: AppDb, sourceId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [source] = rowsOf<{ counted: boolean }>(await tx.execute(sql`SELECT sentences_counted_at IS NOT NULL AS counted FROM sources WHERE id = ${sourceId} FOR UPDATE`));
    if (!source || source.counted) return false;
    await tx.execute(sql`DELETE FROM source_sentences WHERE source_id = ${sourceId}`);
    const docs: { publisher: string | null; keys: number[] }[] = [];
    for (let after = 0; ; ) {
      const page = rowsOf<{ id: string; publisher: string | null; text: string; language: string | null }>(
        await tx.execute(sql`SELECT id::text, publisher, text, language FROM documents WHERE source_id = ${sourceId} AND id > ${after} ORDER BY id LIMIT ${COUNT_PAGE}`),
      );
      for (const d of page) docs.push({ publisher: d.publisher, keys: leadSentenceKeys(d.text, d.language) });
      if (page.length < COUNT_PAGE) break;
      after = Number(page[page.length - 1]!.id);
    }
    const rows = tally(docs);
    for (let first = 0; first < rows.length; first += 5000) {
      await tx.execute(sql`INSERT INTO source_sentences (source_id, publisher, key, documents)
        SELECT ${sourceId}::bigint, e->>0, (e->>1)::int, (e->>2)::int FROM jsonb_array_elements(${json(rows.slice(first, first + 5000))}::jsonb) e`);
    }
    await tx.execute(sql`UPDATE sources SET sentences_counted_at = now() WHERE id = ${sourceId}`);
    return true;
  });
}

/**
 * The upgrade of sources that had documents before source_sentences (migration 0037): each
 * source's sentences counted, one source a transaction. Sent at every start (singleton); until a
 * source is counted its documents are ranked whole, as before.
 */
export async function countWaitingSources(db: AppDb): Promise<number> {
  const waiting = rowsOf<{ id: string }>(await db.execute(sql`SELECT id::text FROM sources WHERE sentences_counted_at IS NULL ORDER BY id`));
  let counted = 0;
  for (const { id } of waiting) if (await countSourceSentences(db, Number(id))) counted++;
  return counted;
}

export const countSourceSentencesJob = upgradeJob(COUNT_SOURCE_SENTENCES_JOB, countWaitingSources, 'sources whose sentences are now counted');
