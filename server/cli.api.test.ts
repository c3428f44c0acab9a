import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from './test/harness.js';
import { startProcess } from './test/process.js';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  }
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'herald-cli-'));
  dirs.push(dir);
  return dir;
}

describe('herald command: curated data (ADR 015)', () => {
  it('stops at once on a malformed curated data file, naming the file and the entry, without a stack trace', async () => {
    // The file is replaced as the process reads it (a preloaded module patches fs.readFileSync), not on disk.
    const dir = await tempDir();
    const preload = path.join(dir, 'malformed-regulators.mjs');
    const malformed = {
      about: 'Regulators.',
      language: 'en',
      entries: [{ subject: 'banking', cues: ['Bank'], bodies: [{ place: 'United States', name: 'FDIC', source: 'https://www.fdic.gov' }], source: 'curated: the bodies that regulate banks' }],
    };
    await writeFile(
      preload,
      [
        "import fs from 'node:fs';",
        "import { syncBuiltinESMExports } from 'node:module';",
        'const read = fs.readFileSync;',
        `fs.readFileSync = (file, ...rest) => (String(file).endsWith('regulators.json') ? ${JSON.stringify(JSON.stringify(malformed))} : read(file, ...rest));`,
        'syncBuiltinESMExports();',
      ].join('\n'),
    );
    const run = startProcess({ DATA_DIR: dir }, [], ['--import', preload]);
    children.push(run.child);
    expect(await run.exited).toBe(1);
    const { stderr } = run.output();
    expect(stderr.trim()).toBe('Herald could not start: server/intelligence/knowledge/datasets/regulators.json: entry 1 "banking", cues.0: lower case letters and digits (spaces, hyphens, dots and apostrophes inside)');
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 120_000);
});

describe.skipIf(TEST_DATABASE_URL)('herald command (embedded database)', () => {
  it('stops at once on an invalid variable, naming it and what it expects', async () => {
    const run = startProcess({ PORT: 'eighty', DATA_DIR: await tempDir() });
    children.push(run.child);
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain('Herald could not start: Invalid configuration');
    expect(run.output().stderr).toContain('PORT="eighty" is invalid: expected');
  });

  it('refuses an unknown role', async () => {
    const run = startProcess({ DATA_DIR: await tempDir() }, ['--role', 'chef']);
    children.push(run.child);
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain('HERALD_ROLES="chef" is invalid');
  });

  it('a second instance on a data directory in use fails fast; two with their own directories run side by side', async () => {
    const shared = await tempDir();
    const first = startProcess({ PORT: '0', DATA_DIR: shared });
    children.push(first.child);
    const firstUrl = await first.running;
    expect((await fetch(`${firstUrl}/api/health`)).status).toBe(200);

    const started = Date.now();
    const second = startProcess({ PORT: '0', DATA_DIR: shared });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toContain(`The data directory ${shared} is in use by another running Herald instance`);
    expect(Date.now() - started).toBeLessThan(15_000);
    // The first instance is untouched.
    expect((await fetch(`${firstUrl}/api/health`)).status).toBe(200);

    const third = startProcess({ PORT: '0', DATA_DIR: await tempDir() });
    children.push(third.child);
    const thirdUrl = await third.running;
    expect(thirdUrl).not.toBe(firstUrl);
    expect((await fetch(`${thirdUrl}/api/health`)).status).toBe(200);
  }, 120_000);

  it('a fresh install fills its store from the demo source within its first minute', async () => {
    const run = startProcess({ PORT: '0', DATA_DIR: await tempDir(), DEMO_SOURCE: 'on', DEMO_SOURCE_LIMIT: '140' });
    children.push(run.child);
    const url = await run.running;
    const started = Date.now();
    let health: { content: { documents: number; sources: number; search: string } } | undefined;
    while (Date.now() - started < 60_000) {
      health = (await (await fetch(`${url}/api/health`)).json()) as typeof health;
      if (health!.content.documents >= 100) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(health!.content).toMatchObject({ sources: 1, search: 'hybrid' });
    expect(health!.content.documents).toBeGreaterThanOrEqual(100);
  }, 90_000);
});
