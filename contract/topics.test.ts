import { describe, expect, it } from 'vitest';
import { keyListHint, ZModifyTopicRequest } from './topics.js';

describe('a key list', () => {
  it('is hinted as the server keeps it: up to 12, fewer than 6 said but saved', () => {
    expect(keyListHint(0)).toBe('One per line, up to 12; 6 or more work best.');
    expect(keyListHint(3)).toBe('3 items: they can be saved; Herald recognises the topic best with 6 or more.');
    expect(keyListHint(8)).toBe('One per line, up to 12; 6 or more work best.');
    expect(keyListHint(13)).toBe('13 items: at most 12 can be saved.');
  });

  it('of three is saved, of thirteen refused with the reason', () => {
    expect(ZModifyTopicRequest.safeParse({ changes: { key_events: ['a', 'b', 'c'] } }).success).toBe(true);
    const refused = ZModifyTopicRequest.safeParse({ changes: { key_events: Array.from({ length: 13 }, (_, i) => `event ${i}`) } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('At most 12 items, one per line.');
  });
});
