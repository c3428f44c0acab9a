import { parseFeedOffThread } from '../../documents/prepare-pool.js';
import { SourceError } from '../types.js';
import { parseFeed, type ParsedFeed } from './feed-format.js';
import { malformed } from './util.js';

/** The largest feed Herald reads: a feed's tree takes about 60 times its size in memory while it is built. */
export const FEED_MAX_BYTES = 10 * 1024 * 1024;
/** A feed this large is parsed on a worker thread (about half a second a megabyte), a smaller one here. */
const OFF_THREAD_FROM = 256 * 1024;

/**
 * A fetched feed parsed without holding the server thread: a large one on the prepare pool's
 * threads, one past FEED_MAX_BYTES refused before any tree is built (malformed, with its size).
 */
export async function parseFetchedFeed(content: string, what: string, options: { baseUrl?: string } = {}): Promise<ParsedFeed> {
  if (content.length > FEED_MAX_BYTES) throw malformed(what, `a feed of ${(content.length / 1024 / 1024).toFixed(1)} MB, more than the ${FEED_MAX_BYTES / 1024 / 1024} MB Herald reads`);
  if (content.length >= OFF_THREAD_FROM) {
    const answer = (await parseFeedOffThread({ content, what, ...options })) as { feed: ParsedFeed } | { error: string; code: SourceError['code'] } | undefined;
    if (answer && 'error' in answer) throw new SourceError(answer.error, answer.code);
    if (answer) return answer.feed;
  }
  return parseFeed(content, what, options);
}
