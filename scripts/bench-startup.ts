/**
 * `npm run bench:startup`: prints figures, asserts nothing.
 *  - first start on an empty data dir (initdb + migrations) and warm starts: seconds from spawning
 *    `node bin/herald.js` to the first 200 from /api/health (target: warm under 3 s);
 *  - the production web bundle: initial JS (and CSS) gzip size (target: under 150 KB for the shell).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { cpuReferenceMs } from './machine.js';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4390);
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 3);

async function timeToHealthy(dataDir: string): Promise<{ seconds: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/herald.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`herald exited with ${child.exitCode} before becoming healthy`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return { seconds: (performance.now() - started) / 1000, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync(path.join(root, 'web/dist/index.html'))) {
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-bench-'));
try {
  const first = await timeToHealthy(dataDir);
  await stop(first.child);
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    const run = await timeToHealthy(dataDir);
    warm.push(run.seconds);
    await stop(run.child);
  }
  console.log(`machine  reference CPU loop: ${cpuReferenceMs().toFixed(0)} ms (compare runs only at similar values)`);
  console.log(`startup  first start (empty data dir): ${first.seconds.toFixed(2)} s`);
  console.log(`startup  warm start, median of ${WARM_RUNS}: ${median(warm).toFixed(2)} s  (runs: ${warm.map((s) => s.toFixed(2)).join(', ')}; target < 3 s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// The shell's initial load: what index.html pulls in before any lazy route.
const dist = path.join(root, 'web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
let js = 0;
let css = 0;
for (const asset of assets) {
  const size = gzipSync(readFileSync(path.join(dist, asset))).length;
  if (asset.endsWith('.css')) css += size;
  else js += size;
}
console.log(`bundle   initial JS gzip: ${(js / 1024).toFixed(1)} KB  (target < 150 KB); CSS gzip: ${(css / 1024).toFixed(1)} KB; files: ${assets.join(', ')}`);
