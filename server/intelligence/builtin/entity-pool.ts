import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { ROOT } from '../../paths.js';
import { entitiesOfNames, leadOf } from './text-features.js';

/**
 * Named entities of many documents at once, found by `compromise` on worker threads. compromise
 * costs ~6-10 ms a document, most of the story stage's time: on threads it runs beside the
 * database and the rest of the pipeline, split over the cores, and the event loop stays free for
 * requests. Same answers as `extractEntities` (a test checks), which stays for single documents.
 */
const WORKER_FILE = path.join(ROOT, 'server', 'intelligence', 'builtin', 'entity-worker.cjs');
const THREADS = Math.max(1, Math.min(2, availableParallelism()));
/** Fewer documents than this are not worth a message to a thread. */
const MIN_PER_THREAD = 4;

let pool: Piscina | undefined;

export async function extractEntitiesOffThread(docs: { title: string; text: string }[]): Promise<string[][]> {
  return (await namesOffThread(docs)).map(entitiesOfNames);
}

/** compromise's names of each document's lead as it writes them ("the Federal Reserve's"), on the threads. */
export async function namesOffThread(docs: { title: string; text: string }[]): Promise<string[][]> {
  if (docs.length === 0) return [];
  pool ??= new Piscina({ filename: WORKER_FILE, maxThreads: THREADS, minThreads: 0, idleTimeout: 30_000 });
  const leads = docs.map((d) => leadOf(d.title, d.text));
  const parts = Math.max(1, Math.min(THREADS, Math.floor(leads.length / MIN_PER_THREAD)));
  const size = Math.ceil(leads.length / parts);
  const slices = Array.from({ length: parts }, (_, i) => leads.slice(i * size, (i + 1) * size));
  return (await Promise.all(slices.map((slice) => pool!.run(slice) as Promise<string[][]>))).flat();
}

/** Stops the threads (shutdown, tests); the next call starts them again. */
export async function closeEntityPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
