import type { ConnectorContext, RawDocument } from '../types.js';
import { EMPTY_MARK, getBody, isObject, readMark, readRemembered, remember, validatorsFor, type Json, type Mark, type Remembered } from './util.js';

/**
 * Paging shared by the API connectors. A run reads pages in order: the first page of a fresh run
 * is a conditional GET with the validators remembered last time (a 304 ends the run with nothing
 * yielded), later pages must answer 200. Every page is yielded with a cursor that keeps the mark of
 * the last finished run and records where the next page starts (`run`), so a run cut short resumes
 * there; the last page (no next page, or the most pages a run may read) moves the mark to the
 * newest document seen and drops `run`.
 */

/** The stored cursor of a paged connector; `R` is the connector's own run position. */
export interface PagedCursor<R> {
  /** The newest document of the last finished run. */
  mark: Mark;
  /** While a run pages: where its next page starts. */
  run?: R;
  /** Validators of the first page, for a conditional GET next time. */
  validators?: Remembered;
}

/** A stored cursor read back; `readRun` checks the run position's shape (undefined drops it). */
export function readPagedCursor<R>(value: unknown, readRun: (run: Json) => R | undefined): PagedCursor<R> {
  if (!isObject(value)) return { mark: EMPTY_MARK };
  const run = isObject(value.run) ? readRun(value.run) : undefined;
  const validators = readRemembered(value.validators);
  return { mark: readMark(value.mark), ...(run ? { run } : {}), ...(validators ? { validators } : {}) };
}

export interface GetOptions {
  /** The URL to request when it differs from the one validators are kept for (an API key added to the query). */
  requestUrl?: string;
  headers?: Record<string, string>;
}

/**
 * A GET that sends the validators remembered for `url` (none when they belong to another URL).
 * Undefined on a 304; otherwise the body and the validators to remember for next time.
 */
export async function conditionalGet(
  context: ConnectorContext<unknown>,
  url: string,
  remembered: Remembered | undefined,
  options: GetOptions = {},
): Promise<{ body: string; remembered: Remembered | undefined } | undefined> {
  const validators = validatorsFor(remembered, url);
  const response = await context.http.get({ url: options.requestUrl ?? url, ...(options.headers ? { headers: options.headers } : {}), ...(validators ? { validators } : {}) });
  if (response.notModified) return undefined;
  return { body: response.body, remembered: remember(response, url) };
}

/** What a page has read. */
export interface PageResult<R> {
  documents: RawDocument[];
  /** The run's mark with this page's documents taken in. */
  mark: Mark;
  /** Where the next page starts; undefined when this is the last page. */
  next: R | undefined;
  /** Passed to `context.progress`: items done, and the total when known. */
  progress: [done: number, total: number | undefined];
}

/** One page to read: its request, and how to read its body. */
export interface PageRequest<R> extends GetOptions {
  /** The page's URL: validators are kept for it and errors name it. */
  url: string;
  /** Whether this page is the start of a run, read with a conditional GET. */
  conditional: boolean;
  /** `mark` is the run's mark so far. */
  parse(body: string, mark: Mark): PageResult<R>;
}

export interface PagingOptions<R> {
  cursor: PagedCursor<R>;
  /** The most pages one run reads. */
  maxPages: number;
  /** The page at `position` (undefined: the first page of a fresh run); `read` counts pages read this run. */
  page(position: R | undefined, read: number): PageRequest<R>;
}

/** Reads a run's pages from `cursor.run` (or the start), yielding each page's documents and cursor. */
export async function* fetchPages<R>(context: ConnectorContext<unknown>, options: PagingOptions<R>): AsyncGenerator<{ documents: RawDocument[]; cursor: PagedCursor<R> }> {
  const { cursor, maxPages } = options;
  let position = cursor.run;
  let mark = cursor.mark;
  let remembered = cursor.validators;
  for (let read = 0; read < maxPages; read++) {
    const page = options.page(position, read);
    let body: string;
    if (page.conditional) {
      const fresh = await conditionalGet(context, page.url, cursor.validators, page);
      if (!fresh) return;
      body = fresh.body;
      remembered = fresh.remembered;
    } else {
      body = await getBody(context, page.requestUrl ?? page.url, page.headers);
    }
    const result = page.parse(body, mark);
    mark = result.mark;
    context.progress?.(...result.progress);
    const next = read === maxPages - 1 ? undefined : result.next;
    yield {
      documents: result.documents,
      cursor: { mark: next === undefined ? mark : cursor.mark, ...(next === undefined ? {} : { run: next }), ...(remembered ? { validators: remembered } : {}) },
    };
    if (next === undefined) return;
    position = next;
  }
}
