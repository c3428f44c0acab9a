import { useEffect, useMemo, useRef, useState } from 'react';
import { NEW_ITEM_HIGHLIGHT_MS } from '../../../contract/constants';
import type { TTimelineMode } from '../../../contract/inspection';
import { useTimeline } from './api';

/**
 * The timeline's items kept live: the pages of GET /articles/,
 * refreshed every 10 s; ids a refresh brings that this list (same user and mode) did not hold
 * before are highlighted for 3 s. A new user or mode starts a new list, nothing highlighted.
 */
export function useTimelineItems(userId: string | undefined, mode: TTimelineMode) {
  const timeline = useTimeline(userId, mode);
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (timeline.data?.pages ?? []).flatMap((p) => p.articles).filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));
  }, [timeline.data]);
  const counts = timeline.data?.pages[0]?.counts;

  const listKey = `${userId ?? 'self'}:${mode}`;
  const known = useRef<{ key: string; ids: Set<number> } | null>(null);
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    if (!timeline.data) return;
    const ids = items.map((i) => i.id);
    if (known.current?.key !== listKey) {
      known.current = { key: listKey, ids: new Set(ids) };
      return;
    }
    const arrived = ids.filter((id) => !known.current!.ids.has(id));
    for (const id of arrived) known.current.ids.add(id);
    if (arrived.length === 0) return;
    queueMicrotask(() => setHighlighted((current) => new Set([...current, ...arrived])));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setHighlighted((current) => new Set([...current].filter((id) => !arrived.includes(id))));
    }, NEW_ITEM_HIGHLIGHT_MS);
    timers.current.add(timer);
  }, [items, listKey, timeline.data]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return { timeline, items, counts, highlighted };
}
