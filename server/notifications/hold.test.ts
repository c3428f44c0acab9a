import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNELS } from '../../contract/notifications.js';
import { holdOf, type NotifySettings } from './preferences.js';

const reader = (over: Partial<NotifySettings> = {}): NotifySettings => ({
  userId: 'u',
  email: 'ada@example.com',
  firstName: 'Ada',
  alerts: true,
  brief: true,
  channels: DEFAULT_CHANNELS,
  topicOverrides: [],
  quiet: { start: '22:00', end: '07:00' },
  quietHeld: 'brief',
  timeZone: 'Europe/Paris',
  ...over,
});
// 23:30 in Paris (UTC+1 in winter); the window ends at 07:00 Paris, 06:00 UTC.
const night = new Date('2026-01-15T22:30:00Z');
const end = new Date('2026-01-16T06:00:00Z');

describe('holdOf: what quiet hours do with a push or email', () => {
  it('holds nothing outside quiet hours or without them, whatever the choice', () => {
    expect(holdOf(reader(), new Date('2026-01-15T12:00:00Z'))).toBeNull();
    expect(holdOf(reader({ quiet: null }), night)).toBeNull();
    expect(holdOf(reader({ quietHeld: 'wait', quiet: null }), night)).toBeNull();
  });

  it('waits for the window’s end with “wait”', () => {
    expect(holdOf(reader({ quietHeld: 'wait' }), night)).toEqual({ until: end, to: 'wait' });
  });

  it('goes to the brief with “brief” when the reader gets the brief by email', () => {
    expect(holdOf(reader(), night)).toEqual({ until: end, to: 'brief' });
    expect(holdOf(reader({ channels: { ...DEFAULT_CHANNELS, brief: { in_app: false, email: true, push: true } } }), night)).toEqual({ until: end, to: 'brief' });
  });

  it('falls back to “wait” when the brief would never tell it: the Daily Brief off, or its email off', () => {
    expect(holdOf(reader({ brief: false }), night)).toEqual({ until: end, to: 'wait' });
    expect(holdOf(reader({ channels: { ...DEFAULT_CHANNELS, brief: { in_app: false, email: false, push: true } } }), night)).toEqual({ until: end, to: 'wait' });
  });

  it('reads the window in the reader’s zone: the same instant is quiet in Paris, not in New York', () => {
    expect(holdOf(reader({ timeZone: 'America/New_York' }), night)).toBeNull();
  });
});
