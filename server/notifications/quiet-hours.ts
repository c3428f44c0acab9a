import type { TQuietHours } from '../../contract/notifications.js';

const DAY_MINUTES = 24 * 60;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock minute of the day (0-1439) at `at` in `timeZone`; UTC's for a zone the runtime does not know. */
export function localMinutes(at: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: 'numeric', hourCycle: 'h23', timeZone }).formatToParts(at);
  } catch {
    return at.getUTCHours() * 60 + at.getUTCMinutes();
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Whether the wall-clock minute `m` falls in the window [start, end), which may run over midnight. */
export function inQuietWindow(m: number, quiet: TQuietHours): boolean {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/**
 * When quiet hours that hold `now` end: the first instant at or after `now` whose wall clock in
 * `timeZone` reads `quiet.end`; null when `now` is not quiet (or there are no quiet hours). Wall
 * clock, not elapsed time: a window 22:00-07:00 ends at 07:00 local on the night the clocks change
 * too .
 */
export function quietUntil(now: Date, quiet: TQuietHours | null, timeZone: string): Date | null {
  if (!quiet) return null;
  const m = localMinutes(now, timeZone);
  if (!inQuietWindow(m, quiet)) return null;
  const end = minutesOf(quiet.end);
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  let candidate = startOfMinute + ((end - m + DAY_MINUTES) % DAY_MINUTES) * 60_000;
  // Across a change of the clocks the wall time moved by the offset's change: step by the difference (twice at most).
  for (let i = 0; i < 2; i++) {
    const off = (end - localMinutes(new Date(candidate), timeZone) + DAY_MINUTES) % DAY_MINUTES;
    if (off === 0) break;
    candidate += (off > DAY_MINUTES / 2 ? off - DAY_MINUTES : off) * 60_000;
  }
  // A wall time the change skipped (02:30 on a spring-forward night) is never read: the window then ends within the hour after it.
  return new Date(Math.max(candidate, startOfMinute + 60_000));
}
