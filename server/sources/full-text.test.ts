import { describe, expect, it } from 'vitest';
import { addFullText } from './full-text.js';
import { SourceError, type HttpClient, type HttpRequest, type RawDocument } from './types.js';

const page = '<!doctype html><html><body><article><p>The whole story.</p></article></body></html>';

/** A client that answers each URL with a page (HTML unless said otherwise) or fails with an error. */
function fakeClient(answer: (request: HttpRequest) => { body: string; contentType?: string } | Error): HttpClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async get(request) {
      asked.push(request.url);
      const result = answer(request);
      if (result instanceof Error) throw result;
      return { status: 200, notModified: false, url: request.url, body: result.body, contentType: result.contentType ?? 'text/html; charset=utf-8', validators: {} };
    },
    stats: () => ({ requests: asked.length, notModified: 0, errors: 0 }),
  };
}

const item = (n: number, text = 'A line.'): RawDocument => ({ externalId: `i${n}`, title: `Item ${n}`, text, url: `https://news.example/${n}`, contentType: 'rss2_item' });

describe('addFullText', () => {
  it('reads at most maxPages pages, in order, and says how many it left', async () => {
    const http = fakeClient(() => ({ body: page }));
    const documents = [item(1), item(2), item(3)];
    const logged: string[] = [];
    await addFullText(http, documents, { maxPages: 2, log: (_level, message) => logged.push(message) });
    expect(http.asked).toEqual(['https://news.example/1', 'https://news.example/2']);
    expect(documents.map((d) => Boolean(d.html))).toEqual([true, true, false]);
    expect(documents[2]!.text).toBe('A line.');
    expect(logged).toEqual(["full text: read 2 pages of 3; the others keep the feed's text"]);
  });

  it('keeps the feed text when a page is refused or is not HTML', async () => {
    const http = fakeClient((request) =>
      request.url.endsWith('/1') ? new SourceError('Refused: 10.0.0.5 is a private address', 'forbidden_address') : { body: '%PDF-1.7', contentType: 'application/pdf' },
    );
    const documents = [item(1), item(2)];
    const logged: unknown[] = [];
    await addFullText(http, documents, { log: (level, message, details) => logged.push({ level, message, details }) });
    expect(documents.map((d) => [d.text, d.html])).toEqual([
      ['A line.', undefined],
      ['A line.', undefined],
    ]);
    expect(logged).toEqual([
      { level: 'warn', message: "full text: 2 page(s) could not be read; their items keep the feed's text", details: { failures: ['Refused: 10.0.0.5 is a private address', 'https://news.example/2: not an HTML page'] } },
    ]);
  });

  it('stops when its time budget is spent', async () => {
    const http = fakeClient(() => ({ body: page }));
    const documents = [item(1), item(2)];
    await addFullText(http, documents, { budgetMs: -1 });
    expect(http.asked).toEqual([]);
  });
});
