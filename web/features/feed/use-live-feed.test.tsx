// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TArticleSummary } from '../../../contract/feed';
import { useLiveFeed } from './use-live-feed';

const answers = new Map<string, unknown>();
const calls: string[] = [];
vi.mock('../../lib/auth-client', () => ({
  authClient: {
    authedApi: vi.fn(async (path: string) => {
      calls.push(path);
      const route = [...answers.keys()].find((prefix) => path.startsWith(prefix));
      if (!route) throw new Error(`no answer for ${path}`);
      return answers.get(route);
    }),
  },
}));

const article = (id: number, topicId = 1): TArticleSummary => ({
  id,
  title: `Article ${id}`,
  theme: 'Theme',
  introduction: '',
  points: [],
  published_at: new Date().toISOString(),
  language: 'en',
  topic: { id: topicId, name: `Topic ${topicId}` },
  rank: 0.5,
  alerted: false,
  catch_up: false,
  updated_at: null,
  original_published_at: null,
  judgement: null,
});
const page = (articles: TArticleSummary[]) => ({ articles, page: 1, per_page: 25, has_next: false, next_cursor: null });

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  answers.clear();
  calls.length = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

describe('useLiveFeed', () => {
  it('puts what the head brings on top, highlighted for 3 s, polling every 15 s with articles and 10 s without', async () => {
    answers.set('/for-you/latest/?page=1&per_page=25', page([article(1)]));
    answers.set('/for-you/?p=1', { articles: [article(1)] });
    const { result } = renderHook(() => useLiveFeed(undefined, undefined, true), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.articles.map((a) => a.id)).toEqual([1]));
    await waitFor(() => expect(calls.filter((c) => c.startsWith('/for-you/?')).length).toBe(1));

    // Nothing new at the next poll, then two articles arrive; the poll comes after 15 s.
    answers.set('/for-you/?p=1', { articles: [article(3), article(2), article(1)] });
    await act(async () => vi.advanceTimersByTime(10_500));
    expect(calls.filter((c) => c.startsWith('/for-you/?')).length).toBe(1);
    await act(async () => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(result.current.articles.map((a) => a.id)).toEqual([3, 2, 1]));
    expect([...result.current.highlighted].sort()).toEqual([2, 3]);
    await act(async () => vi.advanceTimersByTime(3_100));
    expect(result.current.highlighted.size).toBe(0);
  });

  it('polls every 10 s while empty, and forgets arrivals when the topic changes', async () => {
    answers.set('/for-you/latest/?page=1&per_page=25&topic_id=1', page([]));
    answers.set('/for-you/?topic_id=1&p=1', { articles: [] });
    answers.set('/for-you/latest/?page=1&per_page=25&topic_id=2', page([article(9, 2)]));
    answers.set('/for-you/?topic_id=2&p=1', { articles: [article(9, 2)] });
    const { result, rerender } = renderHook(({ topic }) => useLiveFeed(undefined, topic, true), { wrapper: wrapper(), initialProps: { topic: 1 } });
    await waitFor(() => expect(calls.filter((c) => c.startsWith('/for-you/?topic_id=1')).length).toBe(1));
    answers.set('/for-you/?topic_id=1&p=1', { articles: [article(5)] });
    await act(async () => vi.advanceTimersByTime(10_500));
    await waitFor(() => expect(result.current.articles.map((a) => a.id)).toEqual([5]));

    rerender({ topic: 2 });
    await waitFor(() => expect(result.current.articles.map((a) => a.id)).toEqual([9]));
  });
});
