import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { maintainSearchIndexIfDirty, maintainSearchIndexSoon } from './maintenance.js';

/** A database that records its statements. */
function recording(): { database: Database; statements: string[] } {
  const statements: string[] = [];
  const database = { kind: 'pglite', sql: async (text: string) => (statements.push(text), { rows: [{ t: null }] }) } as unknown as Database;
  return { database, statements };
}

describe('search maintenance after source runs', () => {
  it('runs at once, then at most every 30 s, and the tick catches up what was left', async () => {
    const { database, statements } = recording();
    await maintainSearchIndexSoon(database, 1_000_000);
    const once = statements.length;
    expect(once).toBeGreaterThan(0);
    await maintainSearchIndexSoon(database, 1_010_000);
    expect(statements).toHaveLength(once);
    await maintainSearchIndexIfDirty(database);
    expect(statements).toHaveLength(2 * once);
    await maintainSearchIndexIfDirty(database);
    expect(statements).toHaveLength(2 * once);
  });
});
