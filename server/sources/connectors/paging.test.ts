import { describe, expect, it } from 'vitest';
import type { ConnectorContext, HttpRequest, HttpResponse } from '../types.js';
import { fetchPages, readPagedCursor, type PagedCursor, type PageRequest } from './paging.js';
import { advance, EMPTY_MARK, type Mark } from './util.js';

/** A context whose HTTP client answers from `answer` and records every request. */
function fakeContext(answer: (request: HttpRequest) => HttpResponse) {
  const requests: HttpRequest[] = [];
  const progress: [number, number | undefined][] = [];
  const context: ConnectorContext<unknown> = {
    config: {},
    cursor: null,
    http: {
      get: (request) => {
        requests.push(request);
        return Promise.resolve(answer(request));
      },
      stats: () => ({ requests: requests.length, notModified: 0, errors: 0 }),
    },
    keys: { contactEmail: 'ops@herald.test' },
    signal: new AbortController().signal,
    now: new Date('2024-01-01T00:00:00Z'),
    progress: (done, total) => progress.push([done, total]),
  };
  return { context, requests, progress };
}

const ok = (url: string, body: string, etag?: string): HttpResponse => ({
  status: 200,
  notModified: false,
  url,
  body,
  contentType: 'application/json',
  validators: etag ? { etag } : {},
});

/** Page n of `pages` holds one document stamped day n; position is the page number. */
function pager(pages: number) {
  return (position: { page: number } | undefined): PageRequest<{ page: number }> => {
    const page = position?.page ?? 1;
    return {
      url: `https://api.test/items?page=${page}`,
      conditional: page === 1,
      parse: (body: string, mark: Mark) => {
        const stamp = `2024-01-0${page}T00:00:00.000Z`;
        return {
          documents: [{ externalId: body, title: body, text: '', publishedAt: null, contentType: 'test' }],
          mark: advance(mark, stamp, body),
          next: page < pages ? { page: page + 1 } : undefined,
          progress: [page, pages],
        };
      },
    };
  };
}

async function collect<R>(generator: AsyncGenerator<{ cursor: PagedCursor<R> }>) {
  const cursors: PagedCursor<R>[] = [];
  for await (const page of generator) cursors.push(page.cursor);
  return cursors;
}

describe('fetchPages', () => {
  it('stops without yielding when the first page answers 304', async () => {
    const { context, requests } = fakeContext((r) => ({ status: 304, notModified: true, url: r.url }));
    const cursor = { mark: EMPTY_MARK, validators: { url: 'https://api.test/items?page=1', etag: '"v1"' } };
    const cursors = await collect(fetchPages(context, { cursor, maxPages: 5, page: pager(3) }));
    expect(cursors).toEqual([]);
    expect(requests).toEqual([{ url: 'https://api.test/items?page=1', validators: { etag: '"v1"' } }]);
  });

  it('stores the run position between pages and advances the mark on the last page', async () => {
    const { context, requests, progress } = fakeContext((r) => ok(r.url, `doc-${r.url.slice(-1)}`, '"v2"'));
    const old: Mark = { since: '2023-12-31T00:00:00.000Z', ids: ['old'] };
    const cursors = await collect(fetchPages(context, { cursor: { mark: old }, maxPages: 5, page: pager(3) }));
    const validators = { url: 'https://api.test/items?page=1', etag: '"v2"' };
    expect(cursors).toEqual([
      { mark: old, run: { page: 2 }, validators },
      { mark: old, run: { page: 3 }, validators },
      { mark: { since: '2024-01-03T00:00:00.000Z', ids: ['doc-3'] }, validators },
    ]);
    // Later pages send no validators.
    expect(requests.map((r) => r.validators)).toEqual([undefined, undefined, undefined]);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('resumes from a stored run position with a plain GET', async () => {
    const { context, requests } = fakeContext((r) => ok(r.url, 'doc'));
    const cursor = { mark: EMPTY_MARK, run: { page: 3 }, validators: { url: 'https://api.test/items?page=1', etag: '"v1"' } };
    const cursors = await collect(fetchPages(context, { cursor, maxPages: 5, page: pager(3) }));
    expect(requests).toEqual([{ url: 'https://api.test/items?page=3' }]);
    expect(cursors).toEqual([{ mark: { since: '2024-01-03T00:00:00.000Z', ids: ['doc'] }, validators: cursor.validators }]);
  });

  it('stops after maxPages, moving the mark as on a last page', async () => {
    const { context, requests } = fakeContext((r) => ok(r.url, `doc-${r.url.slice(-1)}`));
    const cursors = await collect(fetchPages(context, { cursor: { mark: EMPTY_MARK }, maxPages: 2, page: pager(9) }));
    expect(requests).toHaveLength(2);
    expect(cursors).toEqual([{ mark: EMPTY_MARK, run: { page: 2 } }, { mark: { since: '2024-01-02T00:00:00.000Z', ids: ['doc-2'] } }]);
  });
});

describe('readPagedCursor', () => {
  const readRun = (run: Record<string, unknown>) => (typeof run.page === 'number' ? { page: run.page } : undefined);

  it('reads mark, run and validators, and drops what does not fit', () => {
    const stored = { mark: { since: '2024-01-01T00:00:00.000Z', ids: ['a'] }, run: { page: 2 }, validators: { url: 'https://api.test/', etag: '"x"' } };
    expect(readPagedCursor(JSON.parse(JSON.stringify(stored)), readRun)).toEqual(stored);
    expect(readPagedCursor({ mark: stored.mark, run: { page: '2' } }, readRun)).toEqual({ mark: stored.mark });
    expect(readPagedCursor(null, readRun)).toEqual({ mark: EMPTY_MARK });
  });
});
