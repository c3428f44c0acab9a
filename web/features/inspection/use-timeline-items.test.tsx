// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TInspectionItem, TInspectionList, TTimelineMode } from '../../../contract/inspection';
import { useTimelineItems } from './use-timeline-items';

const answers = new Map<string, TInspectionList>();
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

const item = (id: number) => ({ id, event_summary: `Event ${id}` }) as TInspectionItem;
const list = (ids: number[], mode: TTimelineMode = 'articles'): TInspectionList => ({ articles: ids.map(item), page: 1, has_next: false, counts: { events: ids.length, articles: ids.length, qa: 0 }, mode });

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

describe('useTimelineItems', () => {
  it('polls every 10 s with p=1 and highlights what a poll brings for 3 s', async () => {
    answers.set('/articles/?mode=articles&page=1', list([1]));
    const { result } = renderHook(() => useTimelineItems(undefined, 'articles'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([1]));
    expect(calls).toEqual(['/articles/?mode=articles&page=1']);
    expect(result.current.counts).toEqual({ events: 1, articles: 1, qa: 0 });
    expect(result.current.highlighted.size).toBe(0);

    answers.set('/articles/?mode=articles&page=1', list([2, 1]));
    await act(async () => vi.advanceTimersByTime(9_000));
    expect(calls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1_500));
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([2, 1]));
    expect(calls[1]).toBe('/articles/?mode=articles&page=1&p=1');
    await waitFor(() => expect([...result.current.highlighted]).toEqual([2]));
    await act(async () => vi.advanceTimersByTime(3_100));
    expect(result.current.highlighted.size).toBe(0);
  });

  it('starts a new list, nothing highlighted, for another viewed user or mode', async () => {
    answers.set('/articles/?mode=events&page=1&user_id=u2', list([5, 6], 'events'));
    answers.set('/articles/?mode=events&page=1', list([1], 'events'));
    const { result, rerender } = renderHook(({ userId }: { userId?: string }) => useTimelineItems(userId, 'events'), { wrapper: wrapper(), initialProps: {} });
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([1]));
    rerender({ userId: 'u2' });
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([5, 6]));
    expect(calls.at(-1)).toBe('/articles/?mode=events&page=1&user_id=u2');
    expect(result.current.highlighted.size).toBe(0);
  });
});
