import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { ROOT } from '../paths.js';
import type { Embedder } from '../search/embeddings.js';
import { vectorLiteral } from '../search/index-state.js';
import type { RawDocument } from './raw.js';
import type { PreparedDocument } from './normalise.js';

/**
 * Documents prepared (text from HTML, language, fingerprints, chunks and their token counts) on
 * worker threads: about a third of the server thread's work while sources run, done beside it, so
 * the thread is left to fetching, parsing feeds and writing (bench:feeds on PostgreSQL: pass 1
 * from 476 to 636 items/s). The same prepareDocument runs here and on threads; a page of a few
 * documents is not worth a message, and a pool that cannot start leaves the work on this thread.
 */
export type Prepared = PreparedDocument | { rejected: string };

const THREADS = Math.max(1, Math.min(2, availableParallelism()));
/** Fewer documents than this are prepared on the calling thread. */
export const MIN_OFF_THREAD = 4;

/**
 * The worker file as this process runs: the esbuild bundle beside the server's (bin/herald.js
 * builds both), else the TypeScript source through tsx (development, tests, scripts).
 */
function workerOptions(): { filename: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.bundle.mjs')) return { filename: path.join(ROOT, 'server', 'prepare-worker.bundle.mjs'), execArgv: [] };
  return { filename: path.join(ROOT, 'server', 'documents', 'prepare-worker.ts'), execArgv: ['--import', 'tsx'] };
}

let pool: Piscina | undefined;
let broken = false;

/** The documents prepared off this thread, in order; undefined when no thread can do it (then prepare here). */
export async function prepareOffThread(raws: RawDocument[], collectionId: number, now: Date): Promise<Prepared[] | undefined> {
  if (broken || raws.length < MIN_OFF_THREAD) return undefined;
  try {
    pool ??= newPool();
    return (await pool.run({ raws, collectionId, now })) as Prepared[];
  } catch (error) {
    // A thread that cannot load its file fails every call alike: stop asking, prepare here.
    if (!missingModule(error)) throw error;
    broken = true;
    return undefined;
  }
}

const newPool = () => new Piscina({ ...workerOptions(), maxThreads: THREADS, minThreads: 0, idleTimeout: 30_000 });
const missingModule = (error: unknown) => (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' || Boolean((error as Error).message?.includes('Cannot find module'));

/**
 * Vector literals of `texts` (pgvector's text input): the built-in embedder runs on the pool's
 * threads too (about a tenth of the server thread's work while new items arrive); a remote
 * embedder, which only waits on its server, and small batches run here.
 */
export async function embedLiterals(embedder: Embedder, texts: string[]): Promise<string[]> {
  if (embedder.builtin && !broken && texts.length >= MIN_OFF_THREAD) {
    try {
      pool ??= newPool();
      return (await pool.run({ texts, dimensions: embedder.builtin.dimensions }, { name: 'embed' })) as string[];
    } catch (error) {
      if (!missingModule(error)) throw error;
      broken = true;
    }
  }
  return (await embedder.embed(texts)).map(vectorLiteral);
}

/**
 * A feed parsed on the pool's threads: building the tree of a large feed takes about half a
 * second a megabyte, which on the server thread would hold every request that long. Undefined
 * when no thread can do it (then parse here).
 */
export async function parseFeedOffThread(input: { content: string; what: string; baseUrl?: string }): Promise<unknown> {
  if (broken) return undefined;
  try {
    pool ??= newPool();
    return await pool.run(input, { name: 'feed' });
  } catch (error) {
    if (!missingModule(error)) throw error;
    broken = true;
    return undefined;
  }
}

/** Stops the threads (shutdown, tests); the next call starts them again. */
export async function closePreparePool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
