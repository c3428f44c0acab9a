import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FEED_POLL_EMPTY_MS, FEED_POLL_MS, NEW_ITEM_HIGHLIGHT_MS } from '../../../contract/constants';
import type { TArticleSummary } from '../../../contract/feed';
import { feedKeys, useFeedHead, useLatest } from './api';

/**
 * The Latest list kept live: pages of 25 by cursor, and the feed head
 * polled every 10 s while the list is empty and every 15 s otherwise. Articles the head brings
 * that the list does not hold yet go on top, highlighted for 3 s, and Top News is refreshed.
 * A failed poll leaves what is shown; a cancelled one is ignored (TanStack Query keeps the data).
 */
export function useLiveFeed(userId: string | undefined, topicId: number | undefined, active: boolean) {
  const queryClient = useQueryClient();
  const latest = useLatest(userId, topicId);
  // What arrived belongs to the list it arrived for: another topic or user starts empty.
  const feedKey = `${userId ?? 'self'}:${topicId ?? 'all'}`;
  const [arrivals, setArrivals] = useState<{ key: string; items: TArticleSummary[] }>({ key: feedKey, items: [] });
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(new Set());
  const fresh = useMemo(() => (arrivals.key === feedKey ? arrivals.items : []), [arrivals, feedKey]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const paged = useMemo(() => latest.data?.pages.flatMap((page) => page.articles) ?? [], [latest.data]);
  const articles = useMemo(() => {
    const seen = new Set<number>();
    return [...fresh, ...paged].filter((article) => (seen.has(article.id) ? false : (seen.add(article.id), true)));
  }, [fresh, paged]);

  const empty = latest.isSuccess && articles.length === 0;
  const head = useFeedHead(userId, topicId, empty ? FEED_POLL_EMPTY_MS : FEED_POLL_MS, active && latest.isSuccess);

  useEffect(() => {
    if (!head.data || !latest.isSuccess) return;
    const known = new Set(articles.map((a) => a.id));
    const arrived = head.data.articles.filter((a) => !known.has(a.id));
    if (arrived.length === 0) return;
    // The list was loaded before these were published: they are new to the reader.
    queueMicrotask(() => {
      setArrivals((current) => ({ key: feedKey, items: [...arrived, ...(current.key === feedKey ? current.items : [])] }));
      setHighlighted((current) => new Set([...current, ...arrived.map((a) => a.id)]));
    });
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setHighlighted((current) => new Set([...current].filter((id) => !arrived.some((a) => a.id === id))));
    }, NEW_ITEM_HIGHLIGHT_MS);
    timers.current.add(timer);
    void queryClient.invalidateQueries({ queryKey: feedKeys.top(userId, topicId) });
    // Only a new head answer says something new; the list's own changes are not news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [head.data]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return { latest, articles, highlighted, arrivedCount: fresh.length };
}
