import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { cleanupExpiredJob } from './cleanup-expired.js';

let herald: TestHerald;
beforeAll(async () => {
  herald = await createTestHerald();
});
afterAll(async () => herald?.close());

async function waitForJob(id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await herald.queue!.boss.getJobById(cleanupExpiredJob.name, id);
    if (job && ['completed', 'failed'].includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job?.state ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('job queue', () => {
  it('schedules the cleanup job on the scheduler role', async () => {
    const schedules = await herald.queue!.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'cleanup-expired', cron: '*/15 * * * *', timezone: 'UTC' })]));
  });

  it('runs the cleanup job on a worker: expired codes go, live ones stay', async () => {
    const hour = 60 * 60 * 1000;
    await herald.database.db.insert(oneTimeCodes).values([
      { purpose: 'reset', subject: 'old@example.com', secretHash: 'h1', expiresAt: new Date(Date.now() - hour) },
      { purpose: 'reset', subject: 'older@example.com', secretHash: 'h2', expiresAt: new Date(Date.now() - 24 * hour) },
      { purpose: 'reset', subject: 'live@example.com', secretHash: 'h3', expiresAt: new Date(Date.now() + hour) },
    ]);
    const id = await herald.queue!.boss.send(cleanupExpiredJob.name, {});
    expect(id).toBeTruthy();
    const job = await waitForJob(id!);
    expect(job.state).toBe('completed');
    const left = await herald.database.db.select({ subject: oneTimeCodes.subject }).from(oneTimeCodes);
    expect(left.map((row) => row.subject)).toEqual(['live@example.com']);
  });
});
