import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, sources } from '../db/schema/index.js';
import { rowsOf } from '../db/client.js';
import { REEMBED_JOB, reembedChunksJob } from '../search/reembed.js';
import { createHashedTfIdfEmbedder } from '../search/embeddings.js';
import { openSearchIndex } from '../search/index-state.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { fixture, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { MAX_CONSECUTIVE_FAILURES, runSource } from './runner.js';
import { addSource, DEMO_SOURCE_NAME, reconcileDemoSource } from './service.js';

let herald: TestHerald;
let server: FixtureServer;
const fast = { http: { baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 2000, maxRetries: 1 } };
const context = () => ({ database: herald.database, search: herald.search, logger: herald.logger, config: herald.config });

beforeAll(async () => {
  herald = await createTestHerald();
  server = await startFixtureServer([{ path: '/feed.xml', body: fixture('feed/rss/rss2_wordpress.xml'), contentType: 'application/rss+xml' }]);
});
afterAll(async () => {
  await server?.close();
  await herald?.close();
});

describe('a feed source', () => {
  it('ingests the feed, stores the cursor, and a second run (304) adds nothing', async () => {
    const source = await addSource(herald.database.db, { kind: 'feed', name: 'local feed', config: { url: `${server.url}/feed.xml` } });
    const first = await runSource(context(), source.id, fast);
    expect(first).toMatchObject({ ok: true, pages: 1 });
    expect(first.inserted).toBeGreaterThan(0);
    const stored = await herald.database.db.select().from(documents).where(eq(documents.sourceId, source.id));
    expect(stored).toHaveLength(first.inserted);
    expect(stored[0]).toMatchObject({ collectionId: 1 });
    expect(stored.every((d) => d.title && d.language === 'ru')).toBe(true); // a Russian WordPress feed

    const second = await runSource(context(), source.id, fast);
    expect(second).toMatchObject({ ok: true, inserted: 0 });
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeTruthy();
    const [row] = await herald.database.db.select().from(sources).where(eq(sources.id, source.id));
    expect(row).toMatchObject({ consecutiveFailures: 0, lastError: null, documentsIngested: first.inserted, enabled: true });
    expect(row!.cursor).toBeTruthy();
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('records failures without throwing, backs off, and disables the source after repeated failures', async () => {
    server.route({ path: '/broken.xml', status: 500, body: 'oops' });
    const source = await addSource(herald.database.db, { kind: 'feed', name: 'broken feed', config: { url: `${server.url}/broken.xml` } });
    for (let i = 1; i <= MAX_CONSECUTIVE_FAILURES; i++) {
      const summary = await runSource(context(), source.id, fast);
      expect(summary.ok).toBe(false);
      expect(summary.error).toMatch(/http_error 500/);
      const [row] = await herald.database.db.select().from(sources).where(eq(sources.id, source.id));
      expect(row!.consecutiveFailures).toBe(i);
      expect(row!.enabled).toBe(i < MAX_CONSECUTIVE_FAILURES);
    }
    const [row] = await herald.database.db.select().from(sources).where(eq(sources.id, source.id));
    expect(row!.disabledReason).toMatch(/5 failed run\(s\); last: http_error 500/);
  });

  it('a malformed feed is recorded as such and other sources still run', async () => {
    server.route({ path: '/garbage.xml', body: '<html><body>Not a feed</body></html>', contentType: 'text/html' });
    const bad = await addSource(herald.database.db, { kind: 'feed', name: 'garbage feed', config: { url: `${server.url}/garbage.xml` } });
    const summary = await runSource(context(), bad.id, fast);
    expect(summary).toMatchObject({ ok: false });
    expect(summary.error).toMatch(/^malformed/);
  });

  it('refuses invalid settings when a source is added', async () => {
    await expect(addSource(herald.database.db, { kind: 'feed', name: 'no url', config: {} })).rejects.toThrow(/invalid settings: url/);
    await expect(addSource(herald.database.db, { kind: 'nope', name: 'x' })).rejects.toThrow(/unknown source kind/);
  });
});

describe('the demo source', () => {
  it('is created when no other source exists, streams the bundled corpus with original dates in metadata, resumes, then trickles what it held back', async () => {
    const other = await createTestHerald({ DEMO_SOURCE: 'on', DEMO_SOURCE_LIMIT: '40', DEMO_SOURCE_RATE: '2', HERALD_ROLES: 'api' });
    try {
      expect(await reconcileDemoSource(other.database.db, other.config)).toBe('on');
      const [demo] = await other.database.db.select().from(sources).where(eq(sources.name, DEMO_SOURCE_NAME));
      expect(demo).toMatchObject({ kind: 'demo', enabled: true, config: { limit: 40, rate: 2 } });
      const context = { database: other.database, search: other.search, logger: other.logger, config: other.config };
      const run = await runSource(context, demo!.id);
      expect(run.ok).toBe(true);
      // One document in four is held back for the trickle.
      expect(run.inserted + run.duplicates).toBe(30);
      const docs = await other.database.db.select().from(documents);
      const kinds = new Set(docs.map((d) => d.collectionId));
      expect(kinds.size).toBeGreaterThanOrEqual(5);
      expect(docs.every((d) => Date.now() - d.canonicalAt.getTime() < 5 * 60_000)).toBe(true);
      expect(docs.some((d) => typeof d.metadata.original_published_at === 'string')).toBe(true);
      const again = await runSource(context, demo!.id);
      expect(again).toMatchObject({ ok: true, received: 0 });

      // Two a minute: 90 s after the first replay ended, three held-back documents are due.
      const [{ cursor }] = (await other.database.db.select({ cursor: sources.cursor }).from(sources).where(eq(sources.id, demo!.id))) as [{ cursor: { offset: number; trickled: number; trickleAt: number } }];
      expect(cursor).toMatchObject({ offset: 30, trickled: 0 });
      await other.database.db.update(sources).set({ cursor: { ...cursor, trickleAt: Date.now() - 90_000 } }).where(eq(sources.id, demo!.id));
      const trickle = await runSource(context, demo!.id);
      expect(trickle).toMatchObject({ ok: true, received: 3, inserted: 3 });
      const [{ n }] = (await other.database.db.select({ n: sql<number>`count(*)::int` }).from(documents)) as [{ n: number }];
      expect(n).toBe(33);
      expect(await runSource(context, demo!.id)).toMatchObject({ ok: true, received: 0 });
      // After a long pause, at most five at once; the held-back ten run out and nothing loops.
      for (let i = 0; i < 3; i++) {
        const [{ cursor: c }] = (await other.database.db.select({ cursor: sources.cursor }).from(sources).where(eq(sources.id, demo!.id))) as [{ cursor: { trickleAt: number } }];
        await other.database.db.update(sources).set({ cursor: { ...c, trickleAt: Date.now() - 3_600_000 } }).where(eq(sources.id, demo!.id));
        expect((await runSource(context, demo!.id)).received).toBe([5, 2, 0][i]);
      }

      // Adding a real source switches the demo off.
      await addSource(other.database.db, { kind: 'feed', name: 'real', config: { url: 'https://example.com/feed.xml' } });
      expect(await reconcileDemoSource(other.database.db, other.config)).toBe('off');
      const [after] = await other.database.db.select().from(sources).where(eq(sources.id, demo!.id));
      expect(after!.enabled).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('changing the embedding model', () => {
  it('rebuilds the vector index and the re-embed job fills it again', async () => {
    if (!herald.search.vectors) return; // full text only on a server without pgvector
    const count = async () =>
      Number(rowsOf<{ n: string }>(await herald.database.db.execute(sql`SELECT ((SELECT count(*) FROM chunk_vectors) + (SELECT count(*) FROM chunk_vectors_pending))::text AS n`))[0]!.n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const changed = await openSearchIndex(herald.database, herald.features, createHashedTfIdfEmbedder(64), herald.logger);
    expect(changed).toMatchObject({ vectors: true, reembedPending: true });
    expect(await count()).toBe(0);
    const result = await reembedChunksJob.handler({}, { database: herald.database, logger: herald.logger, config: herald.config, queue: herald.queue!, search: changed }, { id: 'x', retryCount: 0, retryLimit: 0 });
    expect(result).toEqual({ embedded: before });
    expect(changed.reembedPending).toBe(false);
    expect(REEMBED_JOB).toBe('reembed-chunks');
  });
});
