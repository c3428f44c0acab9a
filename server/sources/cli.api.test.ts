import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.js';
import { TEST_DATABASE_URL } from '../test/harness.js';

const exec = promisify(execFile);
let dataDir: string;

/** `npm run sources -- ...` as an operator runs it, in its own process. */
async function sourcesCli(...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'server/sources/cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'herald-sources-cli-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

describe.skipIf(TEST_DATABASE_URL)('npm run sources', () => {
  it('adds a source, runs it now with a summary, and lists its state', async () => {
    const added = await sourcesCli('add', 'demo', 'Small demo', '--config', '{"limit":25,"pageSize":10,"pageDelayMs":0,"rate":0}');
    expect(added.stdout).toContain('Added source 1: demo "Small demo"');
    const run = await sourcesCli('run', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Done in [\d.]+ s: 3 page\(s\), 25 received, 25 new/);
    const list = await sourcesCli('list');
    expect(list.stdout).toMatch(/1 {2}on {3}demo\s+Small demo\s+News\s+every 1 min {2}docs 25/);
  }, 60_000);

  it('imports feeds from OPML and refuses bad input with a clear message and exit code 1', async () => {
    const opml = path.join(dataDir, 'feeds.opml');
    await writeFile(opml, '<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="Example" xmlUrl="https://example.com/feed.xml"/></body></opml>');
    expect((await sourcesCli('import-opml', opml)).stdout).toContain('Imported 1 of 1 feeds.');
    const bad = await sourcesCli('add', 'feed', 'Broken', '--url', 'not a url');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('invalid settings: url');
    const missing = await sourcesCli('run', '99');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no source 99');
    expect((await sourcesCli('fly')).stderr).toContain('unknown command "fly"');
  }, 60_000);
});
