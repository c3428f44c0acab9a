import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthKeys } from '../../auth/secrets.js';

/**
 * A user's feed key: their id and an HMAC of it with the user's feed generation, under a key kept in
 * the database (AuthKeys.feedKey). Nothing secret is stored per user: the key is derived again to
 * show the addresses, and bumping the generation makes every earlier address fail at once.
 * Format: 22 characters of the user id (base64url of its 16 bytes) + 32 of the HMAC (24 bytes).
 */
const ID_CHARS = 22;
const MAC_BYTES = 24;
const KEY = /^[A-Za-z0-9_-]{54}$/;

const macOf = (keys: AuthKeys, userId: string, generation: number) =>
  createHmac('sha256', keys.feedKey).update(`feed:${userId}:${generation}`).digest().subarray(0, MAC_BYTES);

export function feedKey(keys: AuthKeys, userId: string, generation: number): string {
  return Buffer.from(userId.replace(/-/g, ''), 'hex').toString('base64url') + macOf(keys, userId, generation).toString('base64url');
}

/** The user id a key names, before its HMAC is checked (undefined when it cannot be a key). */
export function userIdOfKey(key: string): string | undefined {
  if (!KEY.test(key)) return undefined;
  const hex = Buffer.from(key.slice(0, ID_CHARS), 'base64url').toString('hex');
  return hex.length === 32 ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : undefined;
}

/** Whether `key` is the user's key of this generation (in constant time). */
export function keyMatches(keys: AuthKeys, key: string, userId: string, generation: number): boolean {
  const presented = Buffer.from(key.slice(ID_CHARS), 'base64url');
  const expected = macOf(keys, userId, generation);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

export type FeedFormat = 'rss' | 'atom' | 'json';
export const FEED_FILES: Record<FeedFormat, string> = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' };

/** What one feed holds: the reader's whole feed, one topic's articles, or one board's items (ADR 017). */
export interface FeedScope {
  topicId?: number;
  boardId?: number;
}

/** The three addresses of a feed (of one topic when `topicId` is given, of one board when `boardId` is). */
export function feedAddresses(publicUrl: string, key: string, scope: FeedScope = {}): Record<FeedFormat, string> {
  const base = `${publicUrl}/api/feeds/${key}/`;
  const query = scope.boardId !== undefined ? `?board_id=${scope.boardId}` : scope.topicId !== undefined ? `?topic_id=${scope.topicId}` : '';
  return { rss: `${base}${FEED_FILES.rss}${query}`, atom: `${base}${FEED_FILES.atom}${query}`, json: `${base}${FEED_FILES.json}${query}` };
}
