import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PortInUseError, startHerald } from './boot.js';
import { loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './db/lock.js';
import { createTestHerald, TEST_DATABASE_URL } from './test/harness.js';

const silent = pino({ level: 'silent' });
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('start-up faults', () => {
  it('refuses a data directory held by another instance, and takes it once released', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'herald-lock-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another running Herald instance/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('fails with a clear message when the port is taken, and leaves nothing running', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => blocker.close(resolve)));
    const port = (blocker.address() as net.AddressInfo).port;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'herald-port-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const config = loadConfig({ PORT: String(port), DATA_DIR: dir, WEB_DIST: '/nonexistent', ...(TEST_DATABASE_URL ? { DATABASE_URL: TEST_DATABASE_URL } : {}) });
    const error = await startHerald(config, { logger: silent }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toBe(`Port ${port} on 127.0.0.1 is already in use. Stop what holds it, or set PORT to a free port.`);
    // The failed start released the data directory lock on its way out.
    if (!TEST_DATABASE_URL) await (await lockDataDir(dir))();
  });
});

describe('roles', () => {
  it('an api-only process serves HTTP but takes no jobs and runs no schedules', async () => {
    const herald = await createTestHerald({ HERALD_ROLES: 'api' });
    cleanups.push(() => herald.close());
    expect(herald.app).toBeDefined();
    const response = await herald.app!.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({ roles: ['api'], queue: { running: true } });
    expect(await herald.queue!.boss.getSchedules()).toEqual([]);
  });

  it('a worker-only process has no HTTP server', async () => {
    const herald = await createTestHerald({ HERALD_ROLES: 'worker' });
    cleanups.push(() => herald.close());
    expect(herald.app).toBeUndefined();
    expect(herald.queue!.running()).toBe(true);
  });
});
