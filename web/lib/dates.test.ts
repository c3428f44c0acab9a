import { describe, expect, it } from 'vitest';
import { formatDate, isoDate, relativeTime, timelineDate } from './dates';

const NOW = Date.parse('2024-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatDate', () => {
  it.each([
    ['2024-03-20T12:00:00Z', 'Mar 20, 2024'],
    ['2024-03-20', 'Mar 20, 2024'],
    [new Date('2023-12-01T12:00:00Z'), 'Dec 1, 2023'],
    [Date.parse('2025-01-09T12:00:00Z'), 'Jan 9, 2025'],
    [null, 'Date not available'],
    [undefined, 'Date not available'],
    ['', 'Unknown date'],
    ['   ', 'Unknown date'],
    [Number.NaN, 'Unknown date'],
    ['yesterday-ish', 'Invalid date string'],
    ['2024-13-45', 'Invalid date string'],
    [new Date('nope'), 'Invalid date string'],
  ])('%s -> %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });
});

describe('relativeTime', () => {
  it.each([
    [ago(0), 'Just now'],
    [ago(59 * S), 'Just now'],
    [ago(-30 * S), 'Just now'],
    [ago(60 * S), '1 minute ago'],
    [ago(59 * M), '59 minutes ago'],
    [ago(H), '1 hour ago'],
    [ago(23 * H + 59 * M), '23 hours ago'],
    [ago(D), '1 day ago'],
    [ago(6 * D), '6 days ago'],
    [ago(7 * D), '1 week ago'],
    [ago(29 * D), '4 weeks ago'],
    [ago(30 * D), '1 month ago'],
    [ago(95 * D), '3 months ago'],
    [null, 'Date not available'],
    ['', 'Unknown date'],
    ['not a date', 'Invalid date string'],
  ])('%s -> %s', (input, expected) => {
    expect(relativeTime(input, NOW)).toBe(expected);
  });
});

describe('timelineDate and isoDate', () => {
  it('cuts the timeline form to 19 characters with a space, and falls back like the others', () => {
    expect(timelineDate('2024-03-20T18:04:05.123456Z')).toBe('2024-03-20 18:04:05');
    expect(timelineDate(null)).toBe('Date not available');
    expect(timelineDate('garbage')).toBe('Invalid date string');
    expect(isoDate('2024-03-20T18:04:05Z')).toBe('2024-03-20T18:04:05.000Z');
    expect(isoDate('garbage')).toBeUndefined();
  });
});
