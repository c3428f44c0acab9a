import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '../../contract/search.js';
import { chunks, documents, sources } from '../db/schema/index.js';
import { ingestDocuments } from '../documents/ingest.js';
import { rowsOf } from '../db/client.js';
import { authKit } from '../modules/auth/auth-test-kit.js';
import type { RawDocument } from '../documents/raw.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { maintainSearchIndex } from './maintenance.js';
import { INDEX_VECTORS_JOB, indexPendingVectors, indexVectorsJob, pendingVectors } from './vector-index.js';

let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
let token: string;
let sourceId: number;
const logger = pino({ level: 'silent' });
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

const corpus: RawDocument[] = [
  {
    externalId: 'fomc-1',
    title: 'Federal Reserve raises the federal funds rate by a quarter point',
    text: 'The Federal Open Market Committee decided today to raise the target range for the federal funds rate. Inflation remains elevated and the labor market is strong. '.repeat(3),
    url: 'https://example.gov/fomc-1',
    publisher: 'Federal Reserve',
    publishedAt: new Date((now - 2 * DAY) * 1000),
    contentType: 'press_release',
    collectionId: 2,
  },
  {
    externalId: 'trial-1',
    title: 'Ozone injection for contained herniated discs',
    text: 'A pilot study of an ozone generating device injected into contained lumbar disc herniations. Patients with sciatica were enrolled and followed for pain relief.',
    url: 'https://example.gov/trial-1',
    publisher: 'ClinicalTrials.gov',
    publishedAt: new Date((now - 400 * DAY) * 1000),
    contentType: 'study',
    collectionId: 9,
    // Replayed (as the demo source does): arrived 400 days ago, first published in 2009.
    metadata: { original_published_at: '2009-03-01' },
  },
  {
    externalId: 'news-1',
    title: 'Volkswagen chief executive resigns over emissions scandal',
    text: 'Martin Winterkorn resigned as chief executive of Volkswagen after the company admitted installing software to cheat diesel emissions tests in eleven million cars.',
    url: 'https://example.com/vw',
    publisher: 'Wire',
    publishedAt: new Date((now - 1 * DAY) * 1000),
    contentType: 'article',
    collectionId: 1,
  },
  {
    externalId: 'long-1',
    title: 'Transcript of a long press briefing on the coronavirus response',
    text: Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of the briefing covers testing capacity, ventilators and hospital supplies in several states.`).join(' '),
    url: 'https://example.gov/briefing',
    publisher: 'White House',
    publishedAt: new Date((now - 3 * DAY) * 1000),
    contentType: 'transcript',
    collectionId: 2,
  },
];

beforeAll(async () => {
  // SUPERUSER_EMAILS makes an address a superuser when it registers (the bootstrap path).
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'Chief@Example.com' });
  kit = authKit(herald);
  const session = await kit.signedIn('chief@example.com');
  token = session.access;
  expect((await kit.get('/api/me/', token)).json().is_superuser).toBe(true);
  const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name: 'search test', collectionId: 1, intervalMinutes: 60, enabled: false }).returning();
  sourceId = source!.id;
  const result = await ingestDocuments({ database: herald.database, search: herald.search, logger }, { id: sourceId, collectionId: 1 }, corpus);
  expect(result.inserted).toBe(corpus.length);
  await maintainSearchIndex(herald.database, true);
});
afterAll(async () => herald?.close());

const search = (body: unknown, auth = token) => kit.post('/api/search/', body, auth);

describe('POST /search/', () => {
  it('ranks the document whose title matches first, with the spec fields and a score in 0..1', async () => {
    const response = await search({ query: 'Volkswagen emissions scandal', limit: 5 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.mode).toBe(herald.search.vectors ? 'hybrid' : 'full_text');
    expect(body.results[0].title).toBe(corpus[2]!.title);
    expect(body.results[0].score).toBeGreaterThan(0.5);
    for (const result of body.results) {
      expect(result.score).toBeGreaterThanOrEqual(0);
      expect(result.score).toBeLessThanOrEqual(1);
    }
    expect(body.results[0].metadata).toMatchObject({
      collection: 'News',
      collection_id: 1,
      publisher: 'Wire',
      source: 'Wire',
      source_content_type: 'article',
      agent: 'demo',
      agent_category: 'news',
      namespace: `source-${sourceId}`,
      original_published_at: null,
    });
    expect(body.results[0].metadata.total_chunks).toBeGreaterThanOrEqual(2);
    expect(typeof body.query_time_ms).toBe('number');
    expect(body.total).toBeGreaterThanOrEqual(body.results.length);
  });

  it('filters by collection and by date range; ignores an invalid date', async () => {
    const trials = (await search({ query: 'disc herniation ozone pain', filters: { collections: [9] } })).json();
    expect(trials.results.length).toBeGreaterThan(0);
    expect(trials.results.every((r: { metadata: { collection_id: number } }) => r.metadata.collection_id === 9)).toBe(true);
    // A replayed document: its original date beside its arrival (canonical_at).
    expect(trials.results[0].metadata).toMatchObject({ original_published_at: '2009-03-01T00:00:00.000Z', canonical_at: new Date((now - 400 * DAY) * 1000).toISOString() });

    const recent = (await search({ query: 'disc herniation ozone', filters: { date_range: { canonical_at_timestamp: { $gte: now - 30 * DAY } } } })).json();
    expect(recent.results.some((r: { title: string }) => r.title === corpus[1]!.title)).toBe(false);

    const invalid = (await search({ query: 'disc herniation ozone', filters: { date_range: { canonical_at_timestamp: { $gte: 'yesterday' } } } })).json();
    expect(invalid.results[0].title).toBe(corpus[1]!.title);
  });

  it('applies min_score, and treats an invalid one as no minimum', async () => {
    const all = (await search({ query: 'federal funds rate inflation', limit: 50 })).json();
    const high = (await search({ query: 'federal funds rate inflation', limit: 50, min_score: 0.6 })).json();
    expect(high.results.every((r: { score: number }) => r.score >= 0.6)).toBe(true);
    expect(high.results.length).toBeLessThanOrEqual(all.results.length);
    for (const invalid of ['abc', 5, -1, null]) {
      const response = await search({ query: 'federal funds rate inflation', limit: 50, min_score: invalid });
      expect(response.statusCode).toBe(200);
      expect(response.json().results.length).toBe(all.results.length);
    }
  });

  it('pages with limit and offset without repeating results', async () => {
    const first = (await search({ query: 'briefing testing ventilators hospital', limit: 2, offset: 0 })).json();
    const second = (await search({ query: 'briefing testing ventilators hospital', limit: 2, offset: 2 })).json();
    expect(first.results).toHaveLength(2);
    expect(second.results.length).toBeGreaterThan(0);
    const ids = new Set(first.results.map((r: { id: number }) => r.id));
    expect(second.results.some((r: { id: number }) => ids.has(r.id))).toBe(false);
    expect(second.total).toBe(first.total);
  });

  it('refuses a blank query and an unknown collection with validation errors', async () => {
    const blank = await search({ query: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'validation_failed', fields: { query: [SEARCH_MESSAGES.emptyQuery] } });
    const unknown = await search({ query: 'rates', filters: { collections: [99] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_failed');
  });

  it('answers a query with nothing to search for (only stop words, punctuation) with no results, not an error', async () => {
    for (const query of ['the', 'and of the', '?!', 'the "a"', 'a', 'the of and', "'", '"', '-']) {
      const response = await search({ query });
      expect(response.statusCode, query).toBe(200);
      expect(response.json(), query).toMatchObject({ results: [], total: 0 });
    }
    // And the rest of what a security probe sent: answers, whatever they find.
    for (const query of ['C++', 'a b c', 'x or y', 'rates -inflation', '"federal funds"']) expect((await search({ query })).statusCode, query).toBe(200);
  });

  it('is for superusers only', async () => {
    expect((await search({ query: 'rates' }, '')).statusCode).toBe(401);
    const member = await kit.signedIn();
    const response = await search({ query: 'rates' }, member.access);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });
});

describe('GET /search/document/{id}/chunks/', () => {
  it('returns the chunks and the five views around the matched chunk, with sizes', async () => {
    const [doc] = await herald.database.db.select().from(documents).where(eq(documents.externalId, 'long-1'));
    const docChunks = await herald.database.db.select().from(chunks).where(eq(chunks.documentId, doc!.id)).orderBy(chunks.chunkIndex);
    expect(docChunks.length).toBeGreaterThan(4);
    const matched = docChunks[3]!;
    const response = await kit.get(`/api/search/document/${doc!.id}/chunks/?matched_chunk_id=${matched.id}`, token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.chunks).toHaveLength(docChunks.length);
    expect(body.documentInfo).toMatchObject({ title: corpus[3]!.title, collection: 'Press releases', totalChunks: docChunks.length, documentId: doc!.id, publisher: 'White House' });
    expect(body.matched_chunk_id).toBe(matched.id);
    const r = body.reconstituted;
    expect(r.chunk_view.text).toBe(matched.text);
    expect(r.context_document.segments.map((s: { chunk_index: number }) => s.chunk_index)).toEqual([2, 3, 4]);
    expect(r.context_document.segments.find((s: { is_selected: boolean }) => s.is_selected).chunk_id).toBe(matched.id);
    expect(r.extended_context.segments.length).toBeGreaterThan(r.context_document.segments.length);
    expect(r.bookend_context.segments[0].chunk_index).toBe(1);
    expect(r.bookend_context.segments.at(-1).chunk_index).toBe(docChunks.at(-1)!.chunkIndex);
    expect(r.full_document.startsWith(corpus[3]!.title)).toBe(true);
    expect(body.metrics.full_document.char_count).toBe(r.full_document.length);
    expect(body.metrics.extended_context.word_count).toBeGreaterThan(body.metrics.context_document.word_count);
    expect(body.metrics.chunk_view).toEqual({ token_count: matched.tokenLen, char_count: matched.text.length, word_count: matched.wordSize });
  });

  it('answers 404 for a missing document', async () => {
    expect((await kit.get('/api/search/document/999999/chunks/', token)).statusCode).toBe(404);
  });
});

describe('GET /document/{id}/', () => {
  it("gives a signed-in user the document's URL, 404 when missing, 401 signed out", async () => {
    const [doc] = await herald.database.db.select().from(documents).where(eq(documents.externalId, 'news-1'));
    const member = await kit.signedIn();
    const response = await kit.get(`/api/document/${doc!.id}/`, member.access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: doc!.id, url: 'https://example.com/vw', title: corpus[2]!.title });
    expect((await kit.get('/api/document/999999/', member.access)).statusCode).toBe(404);
    expect((await kit.get(`/api/document/${doc!.id}/`)).statusCode).toBe(401);
  });
});

describe('the index', () => {
  it('has a tsvector on every chunk and, with pgvector, a vector on every text chunk', async () => {
    const [row] = rowsOf<{ chunks: string; empty: string }>(
      await herald.database.db.execute(sql`SELECT count(*)::text AS chunks, count(*) FILTER (WHERE tsv = ''::tsvector)::text AS empty FROM chunks`),
    );
    expect(Number(row!.empty)).toBe(0);
    if (herald.search.vectors) {
      const [v] = rowsOf<{ missing: string }>(
        await herald.database.db.execute(sql`SELECT count(*)::text AS missing FROM chunks c WHERE c.type = 'text'
          AND NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id) AND NOT EXISTS (SELECT 1 FROM chunk_vectors_pending p WHERE p.chunk_id = c.id)`),
      );
      expect(Number(v!.missing)).toBe(0);
    }
  });

  it('builds the HNSW graph behind ingest: waiting vectors are searched exactly, then moved in, not while sources run', async () => {
    if (!herald.search.vectors) return; // full text only on a server without pgvector
    const waiting = await pendingVectors(herald.database);
    const [{ n: textChunks } = { n: 0 }] = (await herald.database.sql<{ n: number }>("SELECT count(*)::int AS n FROM chunks WHERE type = 'text'")).rows;
    expect(waiting).toBe(textChunks);
    const query = { query: 'carmaker chief quits after diesel cheating', limit: 3 };
    const before = (await search(query)).json();
    expect(before.results[0].title).toBe(corpus[2]!.title);
    expect(before.results[0].score).toBeGreaterThan(0);

    // A source run in progress: the job waits (below the cap) and looks again later.
    const [run] = (await herald.database.sql<{ id: number }>('INSERT INTO source_runs (source_id, trigger) VALUES ($1, $2) RETURNING id', [sourceId, 'manual'])).rows;
    const sent: unknown[][] = [];
    const queue = { boss: { send: async (...args: unknown[]) => void sent.push(args) } };
    const context = { database: herald.database, search: herald.search, queue } as never;
    expect(await indexVectorsJob.handler({}, context, { id: 'x', retryCount: 0, retryLimit: 0 })).toEqual({ indexed: 0, deferred: true });
    expect(sent).toEqual([[INDEX_VECTORS_JOB, {}, { startAfter: 10, singletonKey: INDEX_VECTORS_JOB }]]);
    await herald.database.sql('UPDATE source_runs SET finished_at = now(), ok = true WHERE id = $1', [run!.id]);

    expect(await indexPendingVectors(herald.database, { yieldToSources: true })).toEqual({ indexed: textChunks, deferred: false });
    expect(await pendingVectors(herald.database)).toBe(0);
    const after = (await search(query)).json();
    expect(after.results.map((r: { id: number; score: number }) => [r.id, r.score])).toEqual(before.results.map((r: { id: number; score: number }) => [r.id, r.score]));

    // Past the cap, the waiting vectors go into the graph even while a source runs.
    await herald.database.sql('INSERT INTO chunk_vectors_pending SELECT chunk_id, embedding FROM chunk_vectors; DELETE FROM chunk_vectors;');
    const [busy] = (await herald.database.sql<{ id: number }>('INSERT INTO source_runs (source_id, trigger) VALUES ($1, $2) RETURNING id', [sourceId, 'manual'])).rows;
    expect(await indexPendingVectors(herald.database, { yieldToSources: true, cap: 0 })).toEqual({ indexed: textChunks, deferred: true });
    await herald.database.sql('UPDATE source_runs SET finished_at = now(), ok = true WHERE id = $1', [busy!.id]);
    expect(await pendingVectors(herald.database)).toBe(0);
  });
});

describe('GET /search/diagnostic/', () => {
  it('reports what the index holds and how search runs, to superusers only', async () => {
    const response = await kit.get('/api/search/diagnostic/', token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.documents).toBe(corpus.length);
    expect(body.mode).toBe(herald.search.vectors ? 'hybrid' : 'full_text');
    expect(body.chunks.title).toBe(corpus.length);
    expect(body.chunks.text).toBeGreaterThanOrEqual(corpus.length);
    if (herald.search.vectors) expect(body.chunks).toMatchObject({ unembedded: 0, embedded: body.chunks.text, awaiting_index: 0 });
    expect(body.collections.find((c: { id: number }) => c.id === 9)).toMatchObject({ documents: 1 });
    expect(body.embedding.provider).toBe('builtin');
    const member = await kit.signedIn();
    expect((await kit.get('/api/search/diagnostic/', member.access)).statusCode).toBe(403);
  });
});
