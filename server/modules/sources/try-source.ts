import { deadline } from '../../deadline.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { TFeedCandidate, TPreviewItem, TPreviewResponse } from '../../../contract/sources.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { stripTags } from '../../sources/connectors/util.js';
import { discoverFeeds } from '../../sources/discover.js';
import { createHttpClient, userAgentFor } from '../../sources/http.js';
import { SourceError, type HttpClient, type RawDocument } from '../../sources/types.js';
import { missingKeys } from './kinds.js';
import { addableConnector, checkSettings, findDuplicate } from './manage.js';

/** Finding a feed or trying a source answers within this long, or says the source is too slow. */
const TRY_TIMEOUT_MS = 20_000;
const PREVIEW_ITEMS = 5;

/** Finding a feed asks a site for a few pages while someone waits: spaced, but not a second apart. */
const DISCOVERY_INTERVAL_MS = 200;

function clientFor(config: Config, minRequestIntervalMs: number, signal: AbortSignal): HttpClient {
  return createHttpClient({
    userAgent: userAgentFor(config.sourceKeys),
    minRequestIntervalMs,
    signal,
    maxRetries: 1,
    allowPrivate: config.sourcesAllowPrivate,
  });
}

/** A connector's or the HTTP client's failure, said to the operator. */
function refusal(error: unknown, what: string): AppError {
  if (error instanceof SourceError) {
    if (error.code === 'forbidden_address') return new AppError(422, ErrorCode.sourceAddressRefused, error.message);
    if (error.code === 'config') return new AppError(422, ErrorCode.sourceSettingsInvalid, error.message);
    return new AppError(422, ErrorCode.sourceUnreachable, `${what}: ${error.message}`);
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new AppError(422, ErrorCode.sourceUnreachable, `${what}: no answer within ${TRY_TIMEOUT_MS / 1000} seconds.`);
  }
  throw error;
}

export function previewItem(document: Pick<RawDocument, 'title' | 'url' | 'publishedAt' | 'text' | 'html'>): TPreviewItem {
  const plain = (document.text || stripTags(document.html ?? '')).replace(/\s+/g, ' ').trim();
  return {
    title: document.title || 'Untitled',
    url: document.url ?? null,
    published_at: document.publishedAt ? document.publishedAt.toISOString() : null,
    excerpt: plain.length > 200 ? `${plain.slice(0, 199).trimEnd()}…` : plain,
  };
}

/** The feeds a site or feed address offers, each with its first items and whether it is added already. */
export async function discover(database: Database, config: Config, url: string): Promise<TFeedCandidate[]> {
  const timeout = deadline(TRY_TIMEOUT_MS);
  const feed = addableConnector('feed');
  let found;
  try {
    found = await discoverFeeds(clientFor(config, Math.min(DISCOVERY_INTERVAL_MS, feed.minRequestIntervalMs), timeout.signal), url, { previewItems: PREVIEW_ITEMS });
  } catch (error) {
    if (error instanceof SourceError && error.code === 'malformed') throw new AppError(422, ErrorCode.feedNotFound, error.message);
    throw refusal(error, `Could not read ${url}`);
  } finally {
    timeout.clear();
  }
  if (found.length === 0) throw new AppError(422, ErrorCode.feedNotFound, `No feed found at ${url}: the page links to no RSS, Atom or JSON feed.`);
  return Promise.all(found.map(async (candidate) => ({ ...candidate, duplicate_of: await findDuplicate(database.db, 'feed', { url: candidate.url }) })));
}

/** One page of a source as it is described, before it is saved: its first items or why it fails. */
export async function preview(database: Database, config: Config, kind: string, settings: Record<string, unknown>): Promise<TPreviewResponse> {
  const connector = addableConnector(kind);
  checkSettings(connector, settings);
  const missing = missingKeys(connector, config.sourceKeys);
  if (missing.length > 0) {
    throw new AppError(422, ErrorCode.sourceKeyMissing, `${connector.label} needs ${missing.join(' and ')} set in the server's environment.`, { keys: missing });
  }
  const controller = new AbortController();
  const timeout = deadline(TRY_TIMEOUT_MS, controller.signal);
  const signal = timeout.signal;
  const items: TPreviewItem[] = [];
  try {
    const pages = connector.fetch({ config: connector.config.parse(settings), cursor: null, http: clientFor(config, connector.requestIntervalMs?.(config.sourceKeys) ?? connector.minRequestIntervalMs, signal), keys: config.sourceKeys, signal, now: new Date() });
    for await (const page of pages) {
      items.push(...page.documents.slice(0, PREVIEW_ITEMS - items.length).map(previewItem));
      if (items.length >= PREVIEW_ITEMS) break;
    }
  } catch (error) {
    throw refusal(error, `${connector.label} did not answer as expected`);
  } finally {
    controller.abort();
    timeout.clear();
  }
  return { items, duplicate_of: await findDuplicate(database.db, kind, settings) };
}
