import { describe, expect, it } from 'vitest';
import type { TTopic } from '../../../contract/topics';
import { orderTopics } from './topics-page';

const topic = (id: number, name: string, created: string): TTopic => ({
  id,
  name,
  description: 'd',
  information_sought: '',
  query: '',
  ai_query: '',
  key_events: [],
  key_entities: [],
  key_places: [],
  sources: {},
  relevance_matrix: null,
  created_at: created,
  processing: false,
});

describe('orderTopics', () => {
  it('puts newly appeared topics first, newest first, then the rest by name, case-insensitive', () => {
    const topics = [topic(1, 'zinc prices', '2026-01-01T00:00:00Z'), topic(2, 'Apple Inc.', '2026-01-02T00:00:00Z'), topic(3, 'banking', '2026-01-03T00:00:00Z'), topic(4, 'Oil', '2026-01-04T00:00:00Z'), topic(5, 'Lithium', '2026-01-05T00:00:00Z')];
    expect(orderTopics(topics, new Set([4, 5])).map((t) => t.id)).toEqual([5, 4, 2, 3, 1]);
    expect(orderTopics(topics, new Set()).map((t) => t.name)).toEqual(['Apple Inc.', 'banking', 'Lithium', 'Oil', 'zinc prices']);
  });
});
