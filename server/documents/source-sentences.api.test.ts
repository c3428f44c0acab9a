import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { documentSummaries, sources } from '../db/schema/index.js';
import { sentenceKey } from '../intelligence/capabilities/repeated-sentences.js';
import type { JobContext } from '../jobs/types.js';
import { summariseDocuments } from '../pipeline/summarise.js';
import type { RawDocument } from '../sources/types.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { ingestDocuments } from './ingest.js';
import { countSourceSentences, countSourceSentencesJob, sourceTemplates } from './source-sentences.js';

let herald: TestHerald;
const db = () => herald.database.db;
const stage = () => ({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger });
const attempt = { id: 'count', retryCount: 0, retryLimit: 0 };

beforeAll(async () => {
  herald = await createTestHerald({ SUMMARY_MODEL: 'builtin' });
});
afterAll(async () => herald?.close());

const TEMPLATE = 'The minutes of each harbour board meeting are published three weeks after the harbour board meeting.';
const NEWS = ['The board raised mooring fees for ferries.', 'The board closed the north pier for repairs.', 'The board hired a new harbour master.', 'The board sold the old dredger.'];

async function newSource(name: string): Promise<number> {
  const [source] = await db().insert(sources).values({ kind: 'demo', name, collectionId: 2, intervalMinutes: 60, enabled: false }).returning();
  return source!.id;
}

/** Minutes of the harbour board, led by its template when nothing is counted. */
async function ingestMinutes(sourceId: number, ids: number[], publisher = 'Harbour board'): Promise<number[]> {
  const raws: RawDocument[] = ids.map((i) => ({
    externalId: `${sourceId}-${publisher}-${i}`,
    // The source in the title: a document of the same content is stored once, whatever its source.
    title: `Harbour board meeting minutes ${i} (source ${sourceId})`,
    text: `${TEMPLATE} ${NEWS[i % NEWS.length]} Members discussed the budget at length.`,
    publisher,
    contentType: 'press release',
    collectionId: 2,
    canonicalUrl: null,
    publishedAt: new Date(Date.UTC(2024, 0, 1 + i)),
  }));
  return (await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: sourceId, collectionId: 2 }, raws)).insertedIds;
}

const templateCount = async (sourceId: number, publisher = 'Harbour board') =>
  rowsOf<{ documents: number }>(await db().execute(sql`SELECT documents FROM source_sentences WHERE source_id = ${sourceId} AND publisher = ${publisher} AND key = ${sentenceKey(TEMPLATE)}`))[0]?.documents ?? 0;

const summaries = async (ids: number[]) =>
  (await db().select({ summary: documentSummaries.summary }).from(documentSummaries).where(inArray(documentSummaries.documentId, ids))).map((r) => r.summary);

describe('source_sentences: what a source repeats is its template, counted at ingest', () => {
  it('counts a sentence once per document of its source and publisher; the summaries of a source that repeats it are not led by it', async () => {
    const harbour = await newSource('harbour minutes');
    const pier = await newSource('pier minutes');
    // As many as TEMPLATE_MIN_DOCUMENTS (5): the template is one.
    const ids = await ingestMinutes(harbour, [0, 1, 2, 3, 4]);
    const elsewhere = [...(await ingestMinutes(pier, [5])), ...(await ingestMinutes(harbour, [6, 7], 'Pier office'))];
    expect(await templateCount(harbour)).toBe(5);
    expect(await templateCount(pier)).toBe(1);
    expect(await templateCount(harbour, 'Pier office')).toBe(2);
    await summariseDocuments(stage(), [...ids, ...elsewhere]);
    for (const summary of await summaries(ids)) expect(summary.startsWith(TEMPLATE)).toBe(false);
    // Another source's, another publisher's repetition does not count: their minutes are still led by it.
    for (const summary of await summaries(elsewhere)) expect(summary.startsWith(TEMPLATE)).toBe(true);
    const [template] = await sourceTemplates(db(), [{ sourceId: harbour, publisher: 'Harbour board', text: TEMPLATE }]);
    expect([...template!]).toEqual([sentenceKey(TEMPLATE)]);
  });

  it('a source older than the table is counted whole by count-source-sentences, once; until then its ingest adds nothing', async () => {
    const old = await newSource('old minutes');
    await ingestMinutes(old, [0, 1]);
    // As migration 0037 leaves a source that had documents.
    await db().execute(sql`DELETE FROM source_sentences WHERE source_id = ${old}`);
    await db().update(sources).set({ sentencesCountedAt: null }).where(eq(sources.id, old));
    await ingestMinutes(old, [2]);
    expect(await templateCount(old)).toBe(0);
    const context = { database: herald.database, logger: herald.logger, config: herald.config, queue: herald.queue, search: herald.search } as JobContext;
    expect(await countSourceSentencesJob.handler({}, context, attempt)).toMatchObject({ counted: expect.any(Number) });
    expect(await templateCount(old)).toBe(3);
    expect(await countSourceSentences(db(), old)).toBe(false);
    // Counted from now on at ingest, never twice.
    await ingestMinutes(old, [3]);
    expect(await templateCount(old)).toBe(4);
  });
});
