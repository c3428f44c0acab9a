import { describe, expect, it } from 'vitest';
import type { TInboxItem } from '../../../contract/inbox';
import { itemLink } from './inbox-list';

const item = (over: Partial<TInboxItem>): TInboxItem => ({
  id: 1,
  kind: 'share',
  title: 't',
  body: null,
  article_id: null,
  comment_id: null,
  topic_id: null,
  source_id: null,
  actor_name: null,
  read: false,
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('itemLink', () => {
  it('opens the article, at the comment for mentions and comments', () => {
    expect(itemLink(item({ article_id: 7 }))).toBe('/a/7');
    expect(itemLink(item({ kind: 'mention', article_id: 7, comment_id: 42 }))).toBe('/a/7#comment-42');
    expect(itemLink(item({ kind: 'comment', article_id: 7, comment_id: 43 }))).toBe('/a/7#comment-43');
  });
});
