import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../paths.js';
import { fixture, startFixtureServer, type FixtureServer } from '../../sources/fixture-server.js';
import { createTestHerald, TEST_DATABASE_URL, type TestHerald } from '../../test/harness.js';

const exec = promisify(execFile);
let dataDir: string;
let feeds: FixtureServer;

/** `npm run sources -- ...` as an operator runs it, in its own process. */
async function sourcesCli(...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'server/modules/sources/cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DATA_DIR: dataDir, LOG_LEVEL: 'silent', SOURCES_ALLOW_PRIVATE: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'herald-sources-cli-'));
  feeds = await startFixtureServer([
    { path: '/feed.xml', body: fixture('feed/rss/rss2_wordpress.xml'), contentType: 'application/rss+xml' },
    { path: '/atom.xml', body: fixture('feed/atom/atom_github_commits_small.xml'), contentType: 'application/atom+xml' },
  ]);
});
afterAll(async () => {
  await feeds?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(TEST_DATABASE_URL)('npm run sources', () => {
  it('adds a source, runs it now with a summary, lists its state, and refuses bad input with exit code 1', async () => {
    const added = await sourcesCli('add', 'feed', 'Local wire', '--url', `${feeds.url}/feed.xml`);
    expect(added.stdout).toContain('Added source 1: feed "Local wire"');
    const run = await sourcesCli('run', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Done in [\d.]+ s: 1 page\(s\), \d+ received, \d+ new/);
    const list = await sourcesCli('list');
    expect(list.stdout).toMatch(/1 {2}on {3}feed\s+Local wire\s+News\s+every \d+ min {2}docs [1-9]/);

    const bad = await sourcesCli('add', 'feed', 'Broken', '--url', 'not a url');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('settings are not valid: url');
    const missing = await sourcesCli('run', '99');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no source 99');
    expect((await sourcesCli('fly')).stderr).toContain('unknown command "fly"');
  }, 90_000);

  describe('while Herald runs on the embedded database', () => {
    let herald: TestHerald;
    beforeAll(async () => {
      herald = await createTestHerald({ DATA_DIR: dataDir, SOURCES_ALLOW_PRIVATE: '1' }, { inMemory: false, listen: true });
    }, 60_000);
    afterAll(async () => herald?.close());

    it('asks the running server: add, import, run and switch off, without stopping it', async () => {
      const opml = path.join(dataDir, 'feeds.opml');
      await writeFile(opml, `<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="Commits" xmlUrl="${feeds.url}/atom.xml"/><outline text="Again" xmlUrl="${feeds.url}/feed.xml"/></body></opml>`);
      const imported = await sourcesCli('import-opml', opml);
      expect(imported.stdout).toContain('Imported 1 of 2 feeds.');
      expect(imported.stdout).toContain('already added as "Local wire"');

      const list = await sourcesCli('list');
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(/Local wire/);
      expect(list.stdout).toMatch(/Commits/);

      const run = await sourcesCli('run', '1');
      expect(run.stdout).toMatch(/Done in [\d.]+ s: .*1 of 1 request\(s\) not modified/);
      expect((await sourcesCli('disable', '1')).stdout).toContain('Source 1 disabled.');
      expect((await sourcesCli('list')).stdout).toContain('disabled: switched off by an operator');
    }, 90_000);
  });
});
