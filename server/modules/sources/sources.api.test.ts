import { eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDiscoverResponse, TOpmlImportResult, TSource, TSourceDetail, TSourceKinds } from '../../../contract/sources.js';
import { documents, sourceRuns, sources } from '../../db/schema/index.js';
import { createSource } from './manage.js';
import { importOpml } from './opml.js';
import { fixture, startFixtureServer, type FixtureServer } from '../../sources/fixture-server.js';
import { SOURCE_RUN_JOB, sourcesTickJob } from '../../sources/jobs.js';
import { INTERRUPTED, openRun } from '../../sources/run-log.js';
import { INDEX_VECTORS_JOB, pendingVectors } from '../../search/vector-index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';
import { waitForJobs } from '../onboarding/onboarding-test-kit.js';

let herald: TestHerald;
let feeds: FixtureServer;
let bare: FixtureServer;
let root: string;
let reader: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  herald.app!.inject({
    method,
    url: `/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
  });

function multipart(name: string, content: string) {
  const boundary = '----herald-test-boundary';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/x-opml\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (url: string, token: string, content: string) => {
  const { body, contentType } = multipart('feeds.opml', content);
  return herald.app!.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'root-sources@example.com', SOURCES_ALLOW_PRIVATE: '1', CONGRESS_API_KEY: 'install-congress-key' });
  const kit = authKit(herald);
  root = (await kit.signedIn('root-sources@example.com')).access;
  reader = (await kit.signedIn()).access;
  feeds = await startFixtureServer([
    { path: '/feed.xml', body: fixture('feed/rss/rss2_wordpress.xml'), contentType: 'application/rss+xml' },
    { path: '/atom.xml', body: fixture('feed/atom/atom_github_commits_small.xml'), contentType: 'application/atom+xml' },
    {
      path: '/',
      body: '<!doctype html><html><head><title>Wire</title><link rel="alternate" type="application/rss+xml" title="Wire news" href="/feed.xml"></head><body>Hello</body></html>',
      contentType: 'text/html; charset=utf-8',
    },
    { path: '/plain', body: '<!doctype html><html><head><title>Nothing</title></head><body>No feeds here</body></html>', contentType: 'text/html' },
  ]);
  bare = await startFixtureServer([{ path: '/', body: '<!doctype html><html><head><title>Nothing</title></head><body>No feeds here</body></html>', contentType: 'text/html' }]);
});
afterAll(async () => {
  await feeds?.close();
  await bare?.close();
  await herald?.close();
});

describe(`the Sources calls (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answer only superusers', async () => {
    const routes: [Method, string][] = [
      ['GET', '/sources/'],
      ['GET', '/sources/kinds/'],
      ['POST', '/sources/'],
      ['GET', '/sources/1/'],
      ['PATCH', '/sources/1/'],
      ['DELETE', '/sources/1/'],
      ['POST', '/sources/1/run/'],
      ['POST', '/sources/discover/'],
      ['POST', '/sources/preview/'],
      ['GET', '/sources/export-opml/'],
      ['POST', '/sources/import-opml/'],
    ];
    for (const [method, url] of routes) {
      expect((await call(method, url)).statusCode, `${method} ${url} without a token`).toBe(401);
      const refused = await call(method, url, reader, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(refused.statusCode, `${method} ${url} as a reader`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('describe each kind: settings as JSON Schema with help, and the keys it needs', async () => {
    const { kinds } = (await call('GET', '/sources/kinds/', root)).json() as TSourceKinds;
    const feed = kinds.find((k) => k.kind === 'feed')!;
    expect(feed).toMatchObject({ label: expect.any(String), addable: true });
    expect((feed.settings_schema.properties as Record<string, { description?: string }>).url!.description).toBeTruthy();
    const patents = kinds.find((k) => k.kind === 'patentsview')!;
    expect(patents.keys).toEqual([expect.objectContaining({ env: 'PATENTSVIEW_API_KEY', required: true, present: false })]);
    expect(kinds.find((k) => k.kind === 'demo')).toMatchObject({ addable: false });
  });

  it('find the feed of a site, with its first items', async () => {
    const found = await call('POST', '/sources/discover/', root, { url: `${feeds.url}/` });
    expect(found.statusCode).toBe(200);
    const { candidates } = found.json() as TDiscoverResponse;
    expect(candidates[0]).toMatchObject({ url: `${feeds.url}/feed.xml`, format: 'rss2', duplicate_of: null });
    expect(candidates[0]!.items.length).toBeGreaterThan(0);
    expect(candidates[0]!.items[0]!.title).toBeTruthy();

    // A page that links no feed: the usual places on its site.
    const usual = (await call('POST', '/sources/discover/', root, { url: `${feeds.url}/plain` })).json() as TDiscoverResponse;
    expect(usual.candidates.map((c) => c.url)).toEqual([`${feeds.url}/feed.xml`]);

    const none = await call('POST', '/sources/discover/', root, { url: `${bare.url}/` });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'feed_not_found' });
  });

  it("sends the install's keys only to each service's own host: a preview at another address gets none", async () => {
    feeds.route({ path: '/congress/v3/bill', body: JSON.stringify({ bills: [], pagination: {} }), contentType: 'application/json' });
    const response = await call('POST', '/sources/preview/', root, { kind: 'congress', settings: { baseUrl: `${feeds.url}/congress/v3` } });
    expect(response.statusCode).toBe(200);
    const sent = feeds.requests.filter((r) => r.path.startsWith('/congress/'));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((r) => r.query.get('api_key'))).toEqual(sent.map(() => 'DEMO_KEY'));
    expect(JSON.stringify(sent)).not.toContain('install-congress-key');
  });

  it('refuses at add an address with a user name or password, in the form and in an OPML file, and stores nothing', async () => {
    const before = await herald.database.db.$count(sources);
    const answer = await call('POST', '/sources/', root, { kind: 'feed', name: 'Secret feed', settings: { url: 'https://ops:s3cret@feeds.example.com/rss' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'source_address_refused', fields: { 'settings.url': [expect.stringContaining('user name or password')] } });
    const opml = '<opml version="2.0"><body><outline text="Secret" xmlUrl="https://ops:s3cret@feeds.example.com/rss"/></body></opml>';
    const imported = (await upload('/sources/import-opml/', root, opml)).json() as TOpmlImportResult;
    expect(imported).toMatchObject({ added: 0, entries: [{ status: 'invalid', reason: expect.stringContaining('user name or password') }] });
    expect(await herald.database.db.$count(sources)).toBe(before);
  });

  it('caps an OPML import at 500 outlines and the install at SOURCES_MAX sources, saying how many can still be added', async () => {
    const outlines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `<outline text="${tag} ${i}" xmlUrl="https://feeds.example.com/${tag}/${i}.xml"/>`).join('');
    const big = await upload('/sources/import-opml/', root, `<opml version="2.0"><body>${outlines(501, 'big')}</body></opml>`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'opml_too_large', error: 'This OPML file lists 501 feeds: import at most 500 at a time (split the file).' });
    const held = await herald.database.db.$count(sources, ne(sources.kind, 'demo'));
    const policy = { allowPrivate: true, max: held + 2 };
    const over = importOpml(herald.database, undefined, `<opml version="2.0"><body>${outlines(3, 'cap')}</body></opml>`, { dryRun: false, collectionId: 1, policy });
    await expect(over).rejects.toMatchObject({ status: 409, code: 'source_limit', message: `This install reads at most ${held + 2} sources and has ${held}: 2 more can be added. The operator can raise SOURCES_MAX.` });
    await expect(createSource(herald.database, undefined, { kind: 'feed', name: 'One too many', settings: { url: 'https://feeds.example.com/x.xml' } }, { allowPrivate: true, max: held })).rejects.toMatchObject({ code: 'source_limit' });
    expect(await herald.database.db.$count(sources, ne(sources.kind, 'demo'))).toBe(held);
  });

  it('preview a source before saving it, or say which key is missing', async () => {
    const ok = await call('POST', '/sources/preview/', root, { kind: 'feed', settings: { url: `${feeds.url}/atom.xml` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items.length).toBeGreaterThan(0);

    const keyless = await call('POST', '/sources/preview/', root, { kind: 'patentsview', settings: {} });
    expect(keyless.statusCode).toBe(422);
    expect(keyless.json()).toMatchObject({ code: 'source_key_missing', error: expect.stringContaining('PATENTSVIEW_API_KEY') });

    const invalid = await call('POST', '/sources/preview/', root, { kind: 'feed', settings: { url: 'not a url' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'source_settings_invalid', fields: { 'settings.url': expect.any(Array) } });

    expect((await call('POST', '/sources/preview/', root, { kind: 'nope', settings: {} })).json()).toMatchObject({ code: 'source_kind_unknown' });
  });

  it('add a feed that runs at once, refuse its duplicate, show its runs, run it again', async () => {
    const created = await call('POST', '/sources/', root, { kind: 'feed', name: 'Wire news', settings: { url: `${feeds.url}/feed.xml` } });
    expect(created.statusCode).toBe(201);
    const source = created.json() as TSource;
    expect(source).toMatchObject({ kind: 'feed', state: 'active', url: `${feeds.url}/feed.xml`, collection_id: 1 });

    const twice = await call('POST', '/sources/', root, { kind: 'feed', name: 'Another name', settings: { url: `${feeds.url.replace('127.0.0.1', '127.0.0.1')}/feed.xml/` } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'source_exists', error: expect.stringContaining('Wire news') });
    expect((await call('POST', '/sources/', root, { kind: 'feed', name: 'wire NEWS', settings: { url: `${feeds.url}/atom.xml` } })).json()).toMatchObject({ code: 'source_exists', fields: { name: expect.any(Array) } });

    const detail = await until(
      async () => (await call('GET', `/sources/${source.id}/`, root)).json() as TSourceDetail,
      (d) => d.runs.some((run) => run.finished_at !== null),
    );
    expect(detail.runs[0]).toMatchObject({ ok: true, trigger: 'manual', error: null });
    expect(detail.runs[0]!.inserted).toBeGreaterThan(0);
    expect(detail.source).toMatchObject({ state: 'active', running: null, stored_last_run: detail.runs[0]!.inserted, stored_24h: detail.runs[0]!.inserted });
    expect(detail.source.documents).toBe(detail.runs[0]!.inserted);

    const again = await call('POST', `/sources/${source.id}/run/`, root);
    expect(again.statusCode).toBe(202);
    const after = await until(
      async () => (await call('GET', `/sources/${source.id}/`, root)).json() as TSourceDetail,
      // The source's figures and its runs are read one after the other: both show the closed run.
      (d) => d.runs.filter((run) => run.finished_at !== null).length >= 2 && (d.source.not_modified_share ?? 0) > 0,
    );
    // The second pass asked with the validators of the first: 304, nothing new.
    expect(after.runs[0]).toMatchObject({ ok: true, inserted: 0, not_modified: 1 });
    expect(after.source.not_modified_share).toBeGreaterThan(0);
  });

  it('edit, switch off and on, refuse bad settings, and delete with what goes with it', async () => {
    const source = (await call('POST', '/sources/', root, { kind: 'feed', name: 'Commits', settings: { url: `${feeds.url}/atom.xml` }, enabled: false })).json() as TSource;
    expect(source).toMatchObject({ state: 'disabled', enabled: false });

    const bad = await call('PATCH', `/sources/${source.id}/`, root, { settings: { url: 'ftp:/x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'source_settings_invalid' });
    expect((await call('PATCH', `/sources/${source.id}/`, root, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/sources/999999/', root, { name: 'x' })).statusCode).toBe(404);

    const edited = (await call('PATCH', `/sources/${source.id}/`, root, { name: 'Commit log', interval_minutes: 30, collection_id: 3 })).json() as TSource;
    expect(edited).toMatchObject({ name: 'Commit log', interval_minutes: 30, collection_id: 3, state: 'disabled' });

    const on = (await call('PATCH', `/sources/${source.id}/`, root, { enabled: true })).json() as TSource;
    expect(on).toMatchObject({ enabled: true, state: 'active', disabled_reason: null });
    const ran = await until(
      async () => (await call('GET', `/sources/${source.id}/`, root)).json() as TSourceDetail,
      (d) => d.runs.some((run) => run.finished_at !== null),
    );
    expect(ran.source.documents).toBeGreaterThan(0);

    const off = (await call('PATCH', `/sources/${source.id}/`, root, { enabled: false })).json() as TSource;
    expect(off).toMatchObject({ state: 'disabled', disabled_reason: 'switched off by an operator', next_run_at: null });

    const impact = (await call('GET', `/sources/${source.id}/impact/`, root)).json();
    expect(impact).toEqual({ documents: ran.source.documents, articles: 0 });
    const deleted = await call('DELETE', `/sources/${source.id}/`, root);
    expect(deleted.json()).toEqual({ deleted: true, documents_deleted: ran.source.documents, articles_deleted: 0 });
    expect(await herald.database.db.select().from(documents).where(eq(documents.sourceId, source.id))).toHaveLength(0);
    expect((await call('GET', `/sources/${source.id}/`, root)).statusCode).toBe(404);
  });

  it('import OPML after a preview, and export it', async () => {
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
      <outline text="Tech"><outline text="Commits" xmlUrl="${feeds.url}/atom.xml"/><outline text="Fresh" xmlUrl="${feeds.url}/fresh.xml"/></outline>
      <outline text="Broken" xmlUrl="javascript:alert(1)"/></body></opml>`;
    const preview = (await upload('/sources/import-opml/?dry_run=1', root, opml)).json() as TOpmlImportResult;
    expect(preview).toMatchObject({ dry_run: true, added: 0 });
    expect(preview.entries.map((e) => e.status)).toEqual(['new', 'new', 'invalid']);
    const before = (await herald.database.db.select().from(sources)).length;
    expect(before).toBeGreaterThan(0);

    const done = (await upload('/sources/import-opml/', root, opml)).json() as TOpmlImportResult;
    expect(done).toMatchObject({ dry_run: false, added: 2 });
    const again = (await upload('/sources/import-opml/?dry_run=1', root, opml)).json() as TOpmlImportResult;
    expect(again.entries.map((e) => e.status)).toEqual(['duplicate', 'duplicate', 'invalid']);

    const notOpml = await upload('/sources/import-opml/', root, '<html>hi</html>');
    expect(notOpml.statusCode).toBe(400);
    expect(notOpml.json()).toMatchObject({ code: 'invalid_opml' });

    const exported = await call('GET', '/sources/export-opml/', root);
    expect(exported.headers['content-type']).toContain('opml');
    expect(exported.body).toContain(`xmlUrl="${feeds.url}/atom.xml"`);
    expect(exported.body).toContain('<outline text="News"');
  });

  it('tick: one job per due source, in one statement, and the workers told at once', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    const rows = await herald.database.db
      .insert(sources)
      .values([
        { kind: 'feed', name: 'due a', config: { url: 'http://127.0.0.1:9/due-a.xml' }, collectionId: 1, intervalMinutes: 60, nextRunAt: past },
        { kind: 'feed', name: 'due b', config: { url: 'http://127.0.0.1:9/due-b.xml' }, collectionId: 1, intervalMinutes: 60, nextRunAt: past },
        { kind: 'feed', name: 'off', config: { url: 'http://127.0.0.1:9/off.xml' }, collectionId: 1, intervalMinutes: 60, nextRunAt: past, enabled: false },
        { kind: 'feed', name: 'later', config: { url: 'http://127.0.0.1:9/later.xml' }, collectionId: 1, intervalMinutes: 60, nextRunAt: future },
      ])
      .returning({ id: sources.id, name: sources.name });
    const inserted: { name: string; data: { sourceId: number }; singletonKey: string }[][] = [];
    const woken: string[] = [];
    const sent: string[] = [];
    const queue = {
      boss: { insert: async (jobs: (typeof inserted)[number]) => void inserted.push(jobs), send: async (name: string) => void sent.push(name) },
      wake: (name: string) => void woken.push(name),
    };
    // Runs and vector jobs of the tests before have settled: nothing adds vectors while the tick looks.
    await waitForJobs(herald, ['source-run', INDEX_VECTORS_JOB, 'pipeline-'], 30_000);
    const waitingBefore = herald.search.vectors && (await pendingVectors(herald.database, 1)) > 0;
    await sourcesTickJob.handler({}, { database: herald.database, queue, search: herald.search } as never, { id: 'tick', retryCount: 0, retryLimit: 0 });
    const due = rows.filter((row) => row.name.startsWith('due')).map((row) => row.id);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]!.filter((job) => rows.some((row) => row.id === job.data.sourceId)).map((job) => [job.data.sourceId, job.singletonKey])).toEqual(due.map((id) => [id, `source-${id}`]));
    expect(inserted[0]!.every((job) => (job.data as { trigger?: string }).trigger === 'schedule')).toBe(true);
    expect(woken).toEqual([SOURCE_RUN_JOB]);
    // Vectors waiting for the HNSW graph get the job that moves them in.
    const waiting = herald.search.vectors && (await pendingVectors(herald.database, 1)) > 0;
    expect(waiting).toBe(waitingBefore);
    expect(sent).toEqual(waiting ? [INDEX_VECTORS_JOB] : []);
    await herald.database.db.delete(sources).where(inArray(sources.id, rows.map((row) => row.id)));
  });

  it('tick: a run its process left open (killed) is closed as interrupted, its job failed and its source run again', async () => {
    const [source] = await herald.database.db
      .insert(sources)
      .values({ kind: 'feed', name: 'killed mid-run', config: { url: 'http://127.0.0.1:9/killed.xml' }, collectionId: 1, intervalMinutes: 60, nextRunAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: sources.id });
    const id = source!.id;
    const [other] = await herald.database.db
      .insert(sources)
      .values({ kind: 'feed', name: 'running now', config: { url: 'http://127.0.0.1:9/alive.xml' }, collectionId: 1, intervalMinutes: 60, nextRunAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: sources.id });
    await openRun(herald.database, id, 'schedule');
    const live = await openRun(herald.database, other!.id, 'schedule');
    // The process that ran it stopped beating three minutes ago, its job still active.
    await herald.database.db.update(sourceRuns).set({ beatAt: new Date(Date.now() - 180_000) }).where(eq(sourceRuns.sourceId, id));
    await herald.database.sql(`INSERT INTO pgboss.job (name, data, state, singleton_key) VALUES ($1, $2::jsonb, 'active', $3)`, [SOURCE_RUN_JOB, JSON.stringify({ sourceId: id }), `source-${id}`]);
    const inserted: { data: { sourceId: number } }[][] = [];
    const failed: string[] = [];
    const queue = {
      boss: { insert: async (jobs: (typeof inserted)[number]) => void inserted.push(jobs), send: async () => undefined, fail: async (name: string, jobId: string) => void failed.push(`${name}:${jobId}`) },
      wake: () => undefined,
    };
    const result = await sourcesTickJob.handler({}, { database: herald.database, queue, search: { vectors: false } } as never, { id: 'tick', retryCount: 0, retryLimit: 0 });
    expect((result as { abandoned: number[] }).abandoned).toEqual([id]);
    const [run] = await herald.database.db.select().from(sourceRuns).where(eq(sourceRuns.sourceId, id));
    expect(run).toMatchObject({ ok: false, error: INTERRUPTED });
    expect(run!.finishedAt).toBeInstanceOf(Date);
    expect(failed).toEqual([expect.stringMatching(new RegExp(`^${SOURCE_RUN_JOB}:`))]);
    expect(inserted.flat().map((job) => job.data.sourceId)).toContain(id);
    // A run that beats is left alone.
    const [alive] = await herald.database.db.select().from(sourceRuns).where(eq(sourceRuns.sourceId, other!.id));
    expect(alive!.finishedAt).toBeNull();
    await live.close({ pages: 0, received: 0, inserted: 0, duplicates: 0, requests: 0, notModified: 0, ok: true });
    await herald.database.sql(`DELETE FROM pgboss.job WHERE singleton_key = $1`, [`source-${id}`]);
    await herald.database.db.delete(sources).where(inArray(sources.id, [id, other!.id]));
  });
});

