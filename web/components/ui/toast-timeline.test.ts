import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastTimeline, type Toast } from './toast-timeline';

describe('ToastTimeline', () => {
  let states: Toast[][];
  let timeline: ToastTimeline;
  const last = () => states.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    timeline = new ToastTimeline((toasts) => states.push(toasts));
  });
  afterEach(() => {
    timeline.dispose();
    vi.useRealTimers();
  });

  it('appears after 0.1 s, starts leaving at 4.6 s and is removed 0.3 s later', () => {
    timeline.show('success', 'Saved');
    expect(last()).toMatchObject([{ message: 'Saved', phase: 'entering' }]);
    vi.advanceTimersByTime(99);
    expect(last()[0]!.phase).toBe('entering');
    vi.advanceTimersByTime(1);
    expect(last()[0]!.phase).toBe('visible');
    vi.advanceTimersByTime(4499);
    expect(last()[0]!.phase).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(last()[0]!.phase).toBe('leaving');
    vi.advanceTimersByTime(299);
    expect(last()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual([]);
  });

  it('dismissing early removes the toast 0.3 s later and cancels its auto-dismiss', () => {
    const id = timeline.show('error', 'Nope');
    vi.advanceTimersByTime(1000);
    timeline.dismiss(id);
    expect(last()[0]!.phase).toBe('leaving');
    vi.advanceTimersByTime(300);
    expect(last()).toEqual([]);
    const count = states.length;
    vi.advanceTimersByTime(10_000);
    expect(states.length).toBe(count);
  });

  it('keeps toasts independent', () => {
    timeline.show('info', 'first');
    vi.advanceTimersByTime(2000);
    timeline.show('info', 'second');
    vi.advanceTimersByTime(2600);
    expect(last().map((t) => [t.message, t.phase])).toEqual([
      ['first', 'leaving'],
      ['second', 'visible'],
    ]);
  });
});
