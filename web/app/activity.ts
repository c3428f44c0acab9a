import { useEffect } from 'react';
import { ACTIVITY_PING_MS } from '../../contract/constants';
import { authClient } from '../lib/auth-client';

/**
 * The activity ping: at most once a minute, and only when the user did
 * something (a key, a click, a scroll) since the last one, so an idle tab does not look active.
 */
export function useActivityPing(): void {
  useEffect(() => {
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_PING_MS) return;
      last = now;
      authClient.authedApi('/me/activity/', { method: 'POST' }).catch(() => undefined);
    };
    onActivity();
    const events = ['pointerdown', 'keydown', 'scroll'] as const;
    for (const name of events) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, onActivity);
    };
  }, []);
}
