import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, sources } from '../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { fixture, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { runSource } from './runner.js';
import { addSource } from './service.js';

// The runner's side of real feeds: a 410 disables the source, a permanent redirect moves its
// stored URL, a site page leads to its feed, a refused address disables the source. One database
// for the file; recordings from fixtures/sources/feeds-quirks/ on a loopback server.

let herald: TestHerald;
let server: FixtureServer;
const fast = { http: { baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 2000, maxRetries: 1 } };
const context = () => ({ database: herald.database, search: herald.search, logger: herald.logger, config: herald.config });
const quirk = (name: string) => fixture(`feeds-quirks/${name}`);

beforeAll(async () => {
  herald = await createTestHerald();
  server = await startFixtureServer([
    { path: '/', body: quirk('page_with_alternates.html'), contentType: 'text/html; charset=UTF-8' },
    { path: '/feed/', body: quirk('rss2_harbour_times.xml'), contentType: 'application/rss+xml; charset=UTF-8' },
    { path: '/comments/feed/', body: quirk('rss2_harbour_comments.xml'), contentType: 'application/rss+xml; charset=UTF-8' },
    { path: '/press/feed.xml', body: quirk('rss2_relative_links.xml'), contentType: 'application/rss+xml' },
    { path: '/wire.xml', body: quirk('rss2_dates_and_guids.xml'), contentType: 'application/rss+xml' },
    { path: '/gone.xml', status: 410, body: 'Gone' },
  ]);
  server.redirect('/moved.xml', '/press/feed.xml', 301);
  server.redirect('/elsewhere.xml', '/wire.xml', 302);
});
afterAll(async () => {
  await server?.close();
  await herald?.close();
});

async function row(id: number) {
  const [found] = await herald.database.db.select().from(sources).where(eq(sources.id, id));
  return found!;
}

describe('feed quirks at the runner', () => {
  it('410 Gone disables the source at once, saying where', async () => {
    const source = await addSource(herald.database.db, { kind: 'feed', name: 'gone', config: { url: `${server.url}/gone.xml` } });
    const summary = await runSource(context(), source.id, fast);
    expect(summary).toMatchObject({ ok: false, disabled: true });
    expect(await row(source.id)).toMatchObject({ enabled: false, consecutiveFailures: 1, disabledReason: `the feed is gone (HTTP 410) at ${server.url}/gone.xml` });
    // Not retried: one request.
    expect(server.requests.filter((r) => r.path === '/gone.xml')).toHaveLength(1);
  });

  it('a permanent redirect moves the stored url; the next run reads the new address', async () => {
    const source = await addSource(herald.database.db, { kind: 'feed', name: 'moved', config: { url: `${server.url}/moved.xml`, collectionId: 2 } });
    const first = await runSource(context(), source.id, fast);
    expect(first).toMatchObject({ ok: true, inserted: 4 });
    expect((await row(source.id)).config).toEqual({ url: `${server.url}/press/feed.xml`, collectionId: 2 });
    const stored = await herald.database.db.select().from(documents).where(eq(documents.sourceId, source.id));
    expect(stored.map((d) => d.url).sort()).toContain('https://council.example.gov/press/2025/library-hours');
    const before = server.requests.length;
    expect(await runSource(context(), source.id, fast)).toMatchObject({ ok: true, inserted: 0 });
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(['/press/feed.xml']);
  });

  it('a temporary redirect leaves the stored url alone; odd dates and ids are stored as they come', async () => {
    const source = await addSource(herald.database.db, { kind: 'feed', name: 'elsewhere', config: { url: `${server.url}/elsewhere.xml` } });
    const summary = await runSource(context(), source.id, fast);
    expect(summary).toMatchObject({ ok: true, received: 6 });
    expect(summary.inserted).toBeGreaterThanOrEqual(5);
    expect((await row(source.id)).config).toEqual({ url: `${server.url}/elsewhere.xml` });
  });

  it("a site's page leads to its feed, whose items are ingested", async () => {
    const source = await addSource(herald.database.db, { kind: 'feed', name: 'harbour', config: { url: `${server.url}/` } });
    const summary = await runSource(context(), source.id, fast);
    expect(summary).toMatchObject({ ok: true, pages: 1, inserted: 2 });
    const stored = await herald.database.db.select().from(documents).where(eq(documents.sourceId, source.id));
    expect(stored.map((d) => d.title).sort()).toEqual(['Fish market to close for repairs in July', 'New ferry timetable from Monday']);
    expect((await row(source.id)).config).toEqual({ url: `${server.url}/` });
  });

  it('an address the guard refuses disables the source, with the reason', async () => {
    const source = await addSource(herald.database.db, { kind: 'feed', name: 'internal', config: { url: `${server.url}/feed/` } });
    const summary = await runSource(context(), source.id, { http: { ...fast.http, allowPrivate: false } });
    expect(summary).toMatchObject({ ok: false, disabled: true });
    expect((await row(source.id)).disabledReason).toContain('Refused: 127.0.0.1 is a loopback address (set SOURCES_ALLOW_PRIVATE=1 to allow)');
  });
});
