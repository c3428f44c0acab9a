import { useEffect, useRef, useState } from 'react';
import { INFINITE_SCROLL_MARGIN_PX, INFINITE_SCROLL_THROTTLE_MS } from '../../contract/constants';

interface Options {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** No loading while this is false (an error shown, a hidden list). */
  enabled?: boolean;
}

/**
 * Infinite scroll: the next page loads when the sentinel is
 * within 300 px of the viewport or the scroll is within 300 px of the page bottom, at most once a
 * second, and never once there is no next page. After a page arrives the position is checked
 * again, so a short page that leaves the sentinel in view still leads to the next one.
 * Returns the ref for the sentinel element.
 */
export function useInfiniteScroll({ hasMore, loading, onLoadMore, enabled = true }: Options) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const current = useRef({ hasMore, loading, enabled, onLoadMore });
  const lastLoad = useRef(0);
  const check = useRef<() => void>(() => undefined);

  useEffect(() => {
    current.current = { hasMore, loading, enabled, onLoadMore };
  });

  useEffect(() => {
    if (!sentinel) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const near = () => {
      const bottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - INFINITE_SCROLL_MARGIN_PX;
      const rect = sentinel.getBoundingClientRect();
      return bottom || (rect.top <= window.innerHeight + INFINITE_SCROLL_MARGIN_PX && rect.bottom >= -INFINITE_SCROLL_MARGIN_PX);
    };
    const maybeLoad = () => {
      const state = current.current;
      if (!state.hasMore || state.loading || !state.enabled || !near()) return;
      const wait = lastLoad.current + INFINITE_SCROLL_THROTTLE_MS - Date.now();
      if (wait > 0) {
        // Throttled: look again when the second is over, in case the reader stays at the bottom.
        clearTimeout(timer);
        timer = setTimeout(maybeLoad, wait);
        return;
      }
      lastLoad.current = Date.now();
      state.onLoadMore();
    };
    check.current = maybeLoad;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && maybeLoad(), { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px 0px` });
    observer.observe(sentinel);
    window.addEventListener('scroll', maybeLoad, { passive: true });
    window.addEventListener('resize', maybeLoad);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', maybeLoad);
      window.removeEventListener('resize', maybeLoad);
      clearTimeout(timer);
      check.current = () => undefined;
    };
  }, [sentinel]);

  // A page arrived (or loading was re-enabled): still near the end? Then the next one.
  useEffect(() => {
    if (!loading && hasMore && enabled) check.current();
  }, [loading, hasMore, enabled]);

  return setSentinel;
}
