import { stripTags } from './connectors/util.js';
import { redactUrl } from './http.js';
import type { ConnectorContext, HttpClient, RawDocument } from './types.js';

/**
 * The whole article for feed items that carry only a headline and a line: the item's web page,
 * given to the document as `html`, so ingest's Readability extraction makes its text. Pages are
 * read one after another through the source's own client (its minimum interval between
 * requests, so one at a time per host and politely spaced); a page that fails keeps the feed's
 * own text. Only new items come here: the connector skips the ids it has seen.
 */

/** An item with more text than this carries its article already. */
export const FULL_TEXT_MIN_CHARS = 1000;
/** Pages read per run at most: a first run over a long feed does not take the run's whole time. */
export const MAX_PAGES_PER_RUN = 60;
/** Time spent on pages per run at most (slow or failing sites retry), well inside a run's 15 minutes. */
export const FULL_TEXT_BUDGET_MS = 5 * 60_000;
const PAGE_TIMEOUT_MS = 10_000;

export interface FullTextOptions {
  signal?: AbortSignal;
  log?: ConnectorContext<unknown>['log'];
  maxPages?: number;
  budgetMs?: number;
}

function textLength(document: RawDocument): number {
  return document.text.length || stripTags(document.html ?? '').length;
}

function isHtml(contentType: string, body: string): boolean {
  return /html/i.test(contentType) || (!contentType && /<html[\s>]/i.test(body.slice(0, 2048)));
}

/** Reads each short document's page into its `html` (in place); failures are counted and logged once. */
export async function addFullText(http: HttpClient, documents: RawDocument[], options: FullTextOptions = {}): Promise<void> {
  const wanted = documents.filter((d) => d.url && textLength(d) <= FULL_TEXT_MIN_CHARS);
  const maxPages = options.maxPages ?? MAX_PAGES_PER_RUN;
  const deadline = Date.now() + (options.budgetMs ?? FULL_TEXT_BUDGET_MS);
  const failures: string[] = [];
  let read = 0;
  for (const document of wanted.slice(0, maxPages)) {
    if (Date.now() > deadline) break;
    read++;
    try {
      const response = await http.get({ url: document.url!, headers: { accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5' }, timeoutMs: PAGE_TIMEOUT_MS });
      if (response.notModified || !isHtml(response.contentType, response.body)) {
        failures.push(`${redactUrl(document.url!)}: not an HTML page`);
        continue;
      }
      document.html = response.body;
      document.text = '';
      document.metadata = { ...document.metadata, fullText: true };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (read < wanted.length) {
    options.log?.('info', `full text: read ${read} pages of ${wanted.length}; the others keep the feed's text`, { pages: read, items: wanted.length });
  }
  if (failures.length > 0) {
    options.log?.('warn', `full text: ${failures.length} page(s) could not be read; their items keep the feed's text`, { failures: failures.slice(0, 5) });
  }
}
