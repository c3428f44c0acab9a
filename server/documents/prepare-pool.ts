import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { ROOT } from '../paths.js';
import type { RawDocument } from '../sources/types.js';
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
    pool ??= new Piscina({ ...workerOptions(), maxThreads: THREADS, minThreads: 0, idleTimeout: 30_000 });
    return (await pool.run({ raws, collectionId, now })) as Prepared[];
  } catch (error) {
    // A thread that cannot load its file fails every call alike: stop asking, prepare here.
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' || (error as Error).message?.includes('Cannot find module')) broken = true;
    else throw error;
    return undefined;
  }
}

/** Stops the threads (shutdown, tests); the next call starts them again. */
export async function closePreparePool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
