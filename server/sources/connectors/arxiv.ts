import { z } from 'zod';
import type { Connector, RawDocument } from '../types.js';
import { conditionalGet } from './paging.js';
import { arr, buildUrl, collapse, isObject, iso, malformed, parseXml, readRemembered, str, text, toDate, type Json, type Remembered } from './util.js';

/**
 * arXiv export API (Atom): http://export.arxiv.org/api/query. Sorted newest first by
 * lastUpdatedDate (or submittedDate); pages with start/max_results until it reaches what the last
 * run saw. arXiv asks for one request every 3 seconds.
 */

export const arxivConfig = z
  .object({
    /** search_query, e.g. `cat:cs.CL AND abs:retrieval`. */
    query: z.string().min(1).optional().describe("arXiv search query, e.g. cat:cs.CL AND abs:retrieval (see arXiv's API manual for the field prefixes)."),
    /** id_list, comma separated ids. */
    idList: z.array(z.string().min(1)).optional().describe("arXiv ids to follow instead of a query, e.g. 2401.01234."),
    sortBy: z.enum(['lastUpdatedDate', 'submittedDate']).default('lastUpdatedDate').describe("Order the newest entries by last update or by first submission."),
    pageSize: z.number().int().min(1).max(2000).default(100).describe("Entries per request (arXiv allows up to 2,000)."),
    /** Most entries one run reads (the first run reads this many of the newest). */
    maxPerRun: z.number().int().min(1).max(30000).default(500).describe("Most entries one run reads; the first run reads this many of the newest."),
    baseUrl: z.url().default('https://export.arxiv.org/api/query').describe("The API's address; change it only for a mirror."),
  })
  .refine((c) => c.query || c.idList?.length, { message: 'query or idList is required', path: ['query'] });

interface ArxivCursor {
  /** Newest timestamp (of the sort field) yielded by a finished run. */
  since: string | null;
  /** Set while a run is under way: where the next page starts, the run's newest timestamp. */
  run?: { start: number; newest: string | null };
  validators?: Remembered;
}

function readCursor(value: unknown): ArxivCursor {
  if (!isObject(value)) return { since: null };
  const run = isObject(value.run) && typeof value.run.start === 'number' ? { start: value.run.start, newest: typeof value.run.newest === 'string' ? value.run.newest : null } : undefined;
  const validators = readRemembered(value.validators);
  return { since: typeof value.since === 'string' ? value.since : null, ...(run ? { run } : {}), ...(validators ? { validators } : {}) };
}

/** 2401.01234v2 -> 2401.01234; hep-th/9901001v1 -> hep-th/9901001. */
export function arxivId(absUrl: string): { id: string; version: string } {
  const raw = absUrl.replace(/^https?:\/\/arxiv\.org\/abs\//, '');
  const match = /^(.*?)(v\d+)?$/.exec(raw);
  return { id: match?.[1] ?? raw, version: match?.[2] ?? '' };
}

function entryToDocument(entry: Json): { doc: RawDocument; updated: string | null; published: string | null } {
  const absUrl = text(entry.id);
  const { id, version } = arxivId(absUrl);
  const links = arr(entry.link).filter(isObject);
  const pdf = links.find((l) => l['@_title'] === 'pdf');
  const doi = text(entry['arxiv:doi']);
  const primary = isObject(entry['arxiv:primary_category']) ? str(entry['arxiv:primary_category']['@_term']) : undefined;
  const updated = iso(toDate(text(entry.updated)));
  const published = iso(toDate(text(entry.published)));
  return {
    updated,
    published,
    doc: {
      externalId: `arxiv:${id}`,
      title: collapse(text(entry.title)),
      text: collapse(text(entry.summary)),
      url: `https://arxiv.org/abs/${id}`,
      publisher: 'arXiv',
      publishedAt: toDate(text(entry.published)),
      language: 'en',
      contentType: 'arxiv_preprint',
      metadata: {
        arxivId: id,
        version,
        authors: arr(entry.author).map((a) => (isObject(a) ? text(a.name) : '')).filter(Boolean),
        primaryCategory: primary,
        categories: arr(entry.category).filter(isObject).map((c) => str(c['@_term'])).filter(Boolean),
        comment: collapse(text(entry['arxiv:comment'])) || undefined,
        journalRef: collapse(text(entry['arxiv:journal_ref'])) || undefined,
        doi: doi || undefined,
        pdfUrl: pdf ? str(pdf['@_href']) : undefined,
        updatedAt: updated,
      },
    },
  };
}

export const arxiv: Connector<typeof arxivConfig> = {
  kind: 'arxiv',
  label: "arXiv",
  description: "Preprints from arXiv matching a search query or a list of ids.",
  defaultCollectionId: 4,
  config: arxivConfig,
  minRequestIntervalMs: 3000,
  defaultIntervalMinutes: 360,
  async *fetch(context) {
    const { config } = context;
    const cursor = readCursor(context.cursor);
    let start = cursor.run?.start ?? 0;
    let newest = cursor.run?.newest ?? cursor.since;
    let read = start;
    let remembered = cursor.validators;
    for (;;) {
      const url = buildUrl(config.baseUrl, {
        search_query: config.query,
        id_list: config.idList?.join(','),
        sortBy: config.sortBy,
        sortOrder: 'descending',
        start,
        max_results: Math.min(config.pageSize, config.maxPerRun - read),
      });
      const firstPage = start === 0;
      // Only the first page sends validators; a 304 on any page ends the run.
      const fresh = await conditionalGet(context, url, firstPage ? cursor.validators : undefined);
      if (!fresh) return;
      const feed = parseXml(fresh.body, url).feed;
      if (!isObject(feed)) throw malformed(url, 'no Atom feed');
      const total = Number(text(feed['opensearch:totalResults']));
      const entries = arr(feed.entry).filter(isObject);
      // arXiv answers errors as a feed with one entry titled "Error".
      if (entries.length === 1 && text(entries[0]!.title) === 'Error') throw malformed(url, collapse(text(entries[0]!.summary)));
      const documents: RawDocument[] = [];
      let reachedSeen = false;
      for (const entry of entries) {
        const { doc, updated, published } = entryToDocument(entry);
        const stamp = config.sortBy === 'lastUpdatedDate' ? updated : published;
        if (cursor.since && stamp && stamp <= cursor.since) {
          reachedSeen = true;
          break;
        }
        if (stamp && (!newest || stamp > newest)) newest = stamp;
        documents.push(doc);
      }
      start += entries.length;
      read += entries.length;
      const done = reachedSeen || entries.length === 0 || read >= config.maxPerRun || (Number.isFinite(total) && start >= total);
      context.progress?.(read, Number.isFinite(total) ? Math.min(total, config.maxPerRun) : undefined);
      if (firstPage) remembered = fresh.remembered;
      const next: ArxivCursor = done
        ? { since: newest, ...(remembered ? { validators: remembered } : {}) }
        : { since: cursor.since, run: { start, newest }, ...(remembered ? { validators: remembered } : {}) };
      yield { documents, cursor: next };
      if (done) return;
    }
  },
};
