import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { PriorityGate, runInteractive, turnTaker } from './priority.js';

describe('turnTaker', () => {
  it('lets waiting I/O callbacks run once its time slice is spent, and not before', async () => {
    const takeTurn = turnTaker(5);
    let ran = false;
    setImmediate(() => (ran = true));
    await takeTurn(); // fresh slice: no turn given
    expect(ran).toBe(false);
    const until = performance.now() + 6;
    while (performance.now() < until); // busy work past the slice
    await takeTurn();
    expect(ran).toBe(true);
  });
});

describe('PriorityGate', () => {
  it('runs a background statement after the interactive ones that were waiting', async () => {
    const gate = new PriorityGate();
    const order: string[] = [];
    let finishInteractive!: () => void;
    const interactive = runInteractive(() => gate.run(() => new Promise<void>((resolve) => (finishInteractive = resolve)).then(() => order.push('interactive'))));
    const background = gate.run(async () => order.push('background'));
    await nextTurn();
    await nextTurn();
    expect(order).toEqual([]);
    finishInteractive();
    await Promise.all([interactive, background]);
    expect(order).toEqual(['interactive', 'background']);
  });
});
