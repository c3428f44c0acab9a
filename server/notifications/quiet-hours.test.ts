import { describe, expect, it } from 'vitest';
import { inQuietWindow, localMinutes, quietUntil } from './quiet-hours.js';

const night = { start: '22:00', end: '07:00' };
const lunch = { start: '12:00', end: '13:30' };

describe('quiet hours', () => {
  it('reads the wall clock of the zone', () => {
    const at = new Date('2026-01-15T21:30:00Z');
    expect(localMinutes(at, 'UTC')).toBe(21 * 60 + 30);
    expect(localMinutes(at, 'Asia/Kolkata')).toBe(3 * 60); // +05:30, past midnight
    expect(localMinutes(at, 'America/New_York')).toBe(16 * 60 + 30);
    expect(localMinutes(at, 'Not/AZone')).toBe(21 * 60 + 30);
  });

  it('holds a window over midnight on both sides of it, and a window within the day', () => {
    expect(inQuietWindow(22 * 60, night)).toBe(true);
    expect(inQuietWindow(23 * 60 + 59, night)).toBe(true);
    expect(inQuietWindow(0, night)).toBe(true);
    expect(inQuietWindow(6 * 60 + 59, night)).toBe(true);
    expect(inQuietWindow(7 * 60, night)).toBe(false);
    expect(inQuietWindow(21 * 60 + 59, night)).toBe(false);
    expect(inQuietWindow(12 * 60, lunch)).toBe(true);
    expect(inQuietWindow(13 * 60 + 30, lunch)).toBe(false);
    expect(inQuietWindow(11 * 60, lunch)).toBe(false);
  });

  it('ends at the next end time in the user’s zone, before or after midnight', () => {
    // 23:10 in Paris (winter, +01:00): held until 07:00 Paris the next morning.
    expect(quietUntil(new Date('2026-01-15T22:10:30Z'), night, 'Europe/Paris')?.toISOString()).toBe('2026-01-16T06:00:00.000Z');
    // 02:00 in Paris: the same morning.
    expect(quietUntil(new Date('2026-01-16T01:00:00Z'), night, 'Europe/Paris')?.toISOString()).toBe('2026-01-16T06:00:00.000Z');
    // 03:00 in Kolkata is 21:30 UTC of the day before.
    expect(quietUntil(new Date('2026-01-15T21:30:00Z'), night, 'Asia/Kolkata')?.toISOString()).toBe('2026-01-16T01:30:00.000Z');
    // Not quiet: nothing held.
    expect(quietUntil(new Date('2026-01-15T12:00:00Z'), night, 'Europe/Paris')).toBeNull();
    expect(quietUntil(new Date('2026-01-15T12:00:00Z'), null, 'Europe/Paris')).toBeNull();
    // Lunch in New York (-05:00): 12:15 local ends at 13:30 local.
    expect(quietUntil(new Date('2026-01-15T17:15:00Z'), lunch, 'America/New_York')?.toISOString()).toBe('2026-01-15T18:30:00.000Z');
  });

  it('ends at the wall-clock time on the nights the clocks change', () => {
    // Paris springs forward on 29 March 2026 at 02:00 (to 03:00): 23:00 +01:00 ends at 07:00 +02:00.
    expect(quietUntil(new Date('2026-03-28T22:00:00Z'), night, 'Europe/Paris')?.toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // And falls back on 25 October 2026 (03:00 to 02:00): 23:00 +02:00 ends at 07:00 +01:00.
    expect(quietUntil(new Date('2026-10-24T21:00:00Z'), night, 'Europe/Paris')?.toISOString()).toBe('2026-10-25T06:00:00.000Z');
    // New York, 8 March 2026: 01:00 -05:00 ends at 07:00 -04:00.
    expect(quietUntil(new Date('2026-03-08T06:00:00Z'), night, 'America/New_York')?.toISOString()).toBe('2026-03-08T11:00:00.000Z');
    // An end the change skips (02:30 on the spring-forward night) still ends the window, within the hour after.
    const skipped = quietUntil(new Date('2026-03-29T00:30:00Z'), { start: '01:00', end: '02:30' }, 'Europe/Paris')!;
    expect(skipped.getTime()).toBeGreaterThan(new Date('2026-03-29T00:30:00Z').getTime());
    expect(skipped.getTime()).toBeLessThanOrEqual(new Date('2026-03-29T01:30:00Z').getTime());
  });
});
