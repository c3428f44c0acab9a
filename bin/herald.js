#!/usr/bin/env node
// Entry point for `npm start`, `herald [--role ...]` and `herald mcp` (the MCP server over stdio).
// 1. Builds the web app when it is missing from web/dist (first start only).
// 2. Bundles the TypeScript server with esbuild when any source is newer than the bundle, and
//    runs it with plain Node: ~0.7 s faster to start than tsx's loader hooks (ADR 002).
import { existsSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Packages left to Node's loader: they read files beside themselves, or load only when used. */
const RUN_TIME_PACKAGES = [
  '@electric-sql/pglite', '@electric-sql/pglite-pgvector', '@node-rs/argon2', 'sharp', 'fasttext.wasm.js', 'piscina', 'pino',
  '@fastify/swagger', '@fastify/swagger-ui', 'pg-native', 'compromise', 'gpt-tokenizer', 'linkedom', 'freemail', 'ai', /^@ai-sdk\//, 'vite', 'esbuild',
];

const args = process.argv.slice(2);
const roleArgs = args.flatMap((arg, i) => (arg === '--role' ? [args[i + 1] ?? ''] : arg.startsWith('--role=') ? [arg.slice(7)] : []));
const roles = roleArgs.length > 0 ? roleArgs.join(',') : (process.env.HERALD_ROLES ?? 'api');
// Only the default location is built on demand; a WEB_DIST you set is yours to fill.
const buildsWeb = !process.env.WEB_DIST && !existsSync(`${root}web/dist/index.html`);
// `herald mcp` serves no web app, and its stdout carries only the protocol.
if (buildsWeb && !args.includes('--help') && args[0] !== 'mcp' && roles.split(',').some((role) => role.trim() === 'api')) {
  console.log('Building the web app (first start only)...');
  const { build } = await import('vite');
  // Vite's build sets NODE_ENV=production in this process when it is unset; the server reads
  // NODE_ENV after this (production turns off the dev mailbox), so give it back what it was.
  const nodeEnv = process.env.NODE_ENV;
  await build({ configFile: `${root}vite.config.ts`, logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

const outfile = `${root}server/main.bundle.mjs`;
// The threads that prepare documents (server/documents/prepare-pool.ts) load a bundle of their own.
const workerOutfile = `${root}server/prepare-worker.bundle.mjs`;
if (!existsSync(outfile) || !existsSync(workerOutfile) || statSync(outfile).mtimeMs < newestServerSource()) {
  await bundleServer(`${root}server/documents/prepare-worker.ts`, workerOutfile);
  await bundleServer(`${root}server/main.ts`, outfile);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(outfile).href);

function newestServerSource() {
  const sources = ['server', 'contract'].flatMap((dir) =>
    readdirSync(`${root}${dir}`, { recursive: true })
      .filter((file) => /\.(ts|json|sql)$/.test(file))
      .map((file) => `${root}${dir}/${file}`),
  );
  return Math.max(...[...sources, `${root}package.json`].map((file) => statSync(file).mtimeMs));
}

function keepExternal(names) {
  const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  return {
    name: 'keep-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { external: true };
        const name = packageOf(args.path);
        return names.some((entry) => (typeof entry === 'string' ? entry === name : entry.test(name))) ? { external: true } : undefined;
      });
    },
  };
}

async function bundleServer(entry, outfile) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages are bundled too (one file to load instead of ~2,000: Node's ESM loader resolves,
    // reads and compiles each), except those that find their own files at run time (WebAssembly,
    // native addons, worker scripts, static assets) or load only when used (lazy.ts, import()).
    plugins: [keepExternal(RUN_TIME_PACKAGES)],
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: { js: "import { createRequire as __heraldCreateRequire } from 'node:module'; const require = __heraldCreateRequire(import.meta.url);" },
    // A map file beside the bundle: Node reads it for stack traces; inline it made the bundle 3x larger to load.
    sourcemap: 'linked',
    // Stack traces need the mappings, not the sources (they are in the repository): a smaller map to parse at start.
    sourcesContent: false,
    logLevel: 'warning',
  });
  // Write then rename: two instances starting side by side never read a half-written bundle (the
  // map goes first, so a bundle is never newer than its map).
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}
