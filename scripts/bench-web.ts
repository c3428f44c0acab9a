/**
 * The reader's pages as a browser loads them: `npm run bench:web` (also the second half of
 * `npm run bench:api`) prints Lighthouse performance scores and asserts nothing.
 *
 *   npm run bench:web [-- --runs 3 --reports .bench/lighthouse]   (--reports keeps each run's full report)
 *
 * Starts Herald as `npm start` does (its own process, a fresh data directory, the demo accounts
 * and the demo corpus, the production web build) and waits until the demo user's feed holds
 * articles; then restarts it as the API role alone on that data and runs Lighthouse (performance only) in headless Chromium, signed in as the demo
 * user, on / and on /a/{id} of the newest article: mobile (Lighthouse's default: simulated slow
 * 4G and 4x CPU slowdown) and desktop. Prints the median score of `--runs` runs with LCP, TBT, CLS
 * and the initial JS gzip size. Target: score >= 90.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ROOT } from '../server/paths.js';
import { startProcess } from '../server/test/process.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, reports: { type: 'string' } } });
const RUNS = Number(values.runs);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'bench-web demo password';
const dist = path.join(ROOT, 'web/dist');
if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);

if (!existsSync(path.join(dist, 'index.html'))) {
  console.log('building the web app...');
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-bench-web-'));
const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: 'on', DEMO_PASSWORD: PASSWORD, WEB_DIST: dist };

async function api<T>(base: string, pathname: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}/api${pathname}`, init);
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const login = (base: string) =>
  api<{ access: string; refresh: string }>(base, '/auth/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@herald.test', password: PASSWORD }),
  });

// 1. The whole of Herald (api, worker, scheduler, demo source) until the demo feed holds articles.
const filling = startProcess({ ...env, DEMO_SOURCE: 'on' });
const fillingBase = await filling.running;
const fillingTokens = await login(fillingBase);
const started = performance.now();
let articles: { id: number; title: string }[] = [];
while (articles.length < 10) {
  if (performance.now() - started > 600_000) throw new Error('the demo feed did not fill within 10 minutes');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  articles = (await api<{ articles: { id: number; title: string }[] }>(fillingBase, '/for-you/latest/?per_page=25', { headers: { authorization: `Bearer ${fillingTokens.access}` } })).articles;
}
console.log(`demo feed: ${articles.length} articles after ${((performance.now() - started) / 1000).toFixed(0)} s`);
filling.child.kill('SIGTERM');
await filling.exited;

// 2. The API alone on that data (a deployment's web tier): the pipeline does not share the
//    2 cores with the browser while the pages are measured.
const herald = startProcess({ ...env, HERALD_ROLES: 'api', DEMO_SOURCE: 'off' });
const base = await herald.running;
const tokens = await login(base);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initialJs = [...html.matchAll(/src="(\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/g)]
  .map((m) => (m[1] ?? m[2])!)
  .reduce((sum, asset) => sum + gzipSync(readFileSync(path.join(dist, asset))).length, 0);

const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });

/** One Lighthouse run of `url`, signed in (tokens where the web app keeps them; storage is not reset). */
async function measure(url: string, desktop: boolean) {
  const page = await browser.newPage();
  await page.goto(`${base}/landing`);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access!);
      localStorage.setItem('refreshToken', refresh!);
    },
    [tokens.access, tokens.refresh],
  );
  const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true };
  const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined, page);
  await page.close();
  const lhr = result!.lhr;
  if (values.reports) {
    mkdirSync(values.reports, { recursive: true });
    writeFileSync(path.join(values.reports, `${new URL(url).pathname.replace(/\W+/g, '_')}-${desktop ? 'desktop' : 'mobile'}-${Date.now()}.json`), JSON.stringify(lhr, null, 1));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return { score: Math.round((lhr.categories.performance!.score ?? 0) * 100), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift'), finalUrl: lhr.finalDisplayedUrl };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is repeated, twice at most. */
async function measureWithRetry(url: string, desktop: boolean) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, desktop);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  (run failed, repeated: ${(error as Error).message.slice(0, 120)})`);
    }
  }
}

const median = <T>(list: T[], key: (item: T) => number) => [...list].sort((a, b) => key(a) - key(b))[Math.floor(list.length / 2)]!;

console.log(`\nLighthouse ${RUNS} runs each, median by score (target >= 90); initial JS gzip ${(initialJs / 1024).toFixed(1)} KB (target <= 200 KB)`);
console.log('page'.padEnd(28), 'form'.padEnd(8), 'score'.padStart(6), 'LCP ms'.padStart(8), 'TBT ms'.padStart(8), 'CLS'.padStart(6), '  runs');
for (const [name, pathname] of [
  ['/ (feed)', '/'],
  ['/a/{id} (article)', `/a/${articles[0]!.id}`],
] as const) {
  for (const desktop of [false, true]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureWithRetry(`${base}${pathname}`, desktop));
    if (!runs.every((run) => new URL(run.finalUrl).pathname === pathname)) throw new Error(`${pathname} ended at ${runs.map((run) => run.finalUrl).join(', ')}`);
    const mid = median(runs, (run) => run.score);
    console.log(name.padEnd(28), (desktop ? 'desktop' : 'mobile').padEnd(8), String(mid.score).padStart(6), mid.lcp.toFixed(0).padStart(8), mid.tbt.toFixed(0).padStart(8), mid.cls.toFixed(3).padStart(6), `  ${runs.map((run) => run.score).join(', ')}`);
  }
}
console.log(`(load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores: other work on the machine shows in these figures)`);

await browser.close();
herald.child.kill('SIGTERM');
await herald.exited;
rmSync(dataDir, { recursive: true, force: true });
