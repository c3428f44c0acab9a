import { eq } from 'drizzle-orm';
import { outboxEmails } from '../db/schema/index.js';
import type { AppServices } from '../http/services.js';
import type { TestHerald } from '../test/harness.js';

/** Helpers for the mail API tests. */

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export async function emailRow(herald: TestHerald, id: string) {
  const [row] = await herald.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

export function waitForStatus(herald: TestHerald, id: string, status: 'sent' | 'failed') {
  return waitFor(`email ${id} to be ${status}`, async () => {
    const row = await emailRow(herald, id);
    return row?.status === status ? row : undefined;
  });
}

export function waitForJob(herald: TestHerald, name: string, id: string, states: string[]) {
  return waitFor(`job ${name} ${id} to be ${states.join(' or ')}`, async () => {
    const job = await herald.queue!.boss.getJobById(name, id);
    return job && states.includes(job.state) ? job : undefined;
  });
}

export function servicesOf(herald: TestHerald): AppServices {
  return { config: herald.config, database: herald.database, features: herald.features, search: herald.search, queue: herald.queue, roles: herald.config.roles, logger: herald.logger };
}
