import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as yieldToIo } from 'node:timers/promises';

/**
 * Interactive work first, on the embedded database.
 *
 * PGlite is one connection in this thread: every statement waits its turn, and a worker looping
 * over queries resolves them in microtasks, so the event loop may not reach waiting HTTP requests
 * for seconds. Measured on a fresh `npm start`: /api/health took 2-5 s (peaks of 20 s) while the
 * demo source and the pipeline ran. So every statement sent outside an HTTP request first yields
 * to I/O and then waits while requests have statements queued (at most MAX_WAIT_MS, so background
 * work never starves). Statements inside a transaction are not gated: the transaction already
 * holds the connection and must finish for anyone else to get it.
 *
 * A PostgreSQL server has a pool and its own scheduler; this applies to PGlite only.
 */
const interactive = new AsyncLocalStorage<true>();
const MAX_WAIT_MS = 250;

/** Runs `fn` (and everything it awaits) as interactive work: an HTTP request. */
export function runInteractive<T>(fn: () => T): T {
  return interactive.run(true, fn);
}

export class PriorityGate {
  private pending = 0;
  private waiters: (() => void)[] = [];

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (interactive.getStore()) {
      this.pending += 1;
      try {
        return await fn();
      } finally {
        this.pending -= 1;
        if (this.pending === 0) this.release();
      }
    }
    await yieldToIo();
    if (this.pending > 0) await this.waitForIdle();
    return fn();
  }

  private waitForIdle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, MAX_WAIT_MS);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        const i = waiters.indexOf(done);
        if (i >= 0) waiters.splice(i, 1);
        resolve();
      }
      waiters.push(done);
    });
  }

  private release(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/**
 * For long synchronous loops (preparing a page of documents, embedding, story tracking): call the
 * returned function between items; it gives the event loop a turn once `maxMs` of work has run,
 * so requests served by the same process never wait for a whole batch.
 */
export function turnTaker(maxMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < maxMs) return;
    await yieldToIo();
    since = performance.now();
  };
}

type Statements = { query: unknown; exec: unknown };

/**
 * Puts the gate in front of a client's statement-level methods (PGlite's query, exec, transaction).
 * Inside a background transaction each statement still yields to I/O first: the transaction keeps
 * the connection, but static files and requests that need no database are served meanwhile.
 */
export function gateClient<C extends Statements & { transaction: unknown }>(client: C, gate = new PriorityGate()): C {
  for (const method of ['query', 'exec'] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as Record<string, unknown>)[method] = (...args: unknown[]) => gate.run(() => original(...args));
  }
  const transaction = (client.transaction as (callback: (tx: Statements) => Promise<unknown>) => Promise<unknown>).bind(client);
  (client as Record<string, unknown>).transaction = (callback: (tx: Statements) => Promise<unknown>) =>
    gate.run(() => transaction((tx) => callback(interactive.getStore() ? tx : yieldingStatements(tx))));
  return client;
}

function yieldingStatements<T extends Statements>(tx: T): T {
  for (const method of ['query', 'exec'] as const) {
    const original = (tx[method] as (...args: unknown[]) => Promise<unknown>).bind(tx);
    (tx as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      await yieldToIo();
      return original(...args);
    };
  }
  return tx;
}
