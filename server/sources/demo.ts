import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ROOT } from '../paths.js';
import type { Connector, RawDocument } from './types.js';

export const DEMO_CORPUS_FILE = path.join(ROOT, 'fixtures', 'demo', 'corpus.jsonl.gz');

/** One line of fixtures/demo/corpus.jsonl.gz (scripts/build-demo-corpus.ts). */
export interface DemoRecord {
  id: string;
  collection_id: number;
  title: string;
  text: string;
  url: string | null;
  publisher: string | null;
  published_at: string | null;
  content_type: string;
  set: string;
  license: string | null;
  metadata: Record<string, unknown>;
}

let corpus: Promise<{ records: DemoRecord[]; sharedUrls: Set<string> }> | undefined;
export function loadDemoCorpus() {
  // Unzipped off the main thread: the first source run shares it with the API.
  corpus ??= readFile(DEMO_CORPUS_FILE).then(promisify(gunzip)).then((json) => {
    const records = json
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as DemoRecord);
    const counts = new Map<string, number>();
    for (const r of records) if (r.url) counts.set(r.url, (counts.get(r.url) ?? 0) + 1);
    return { records, sharedUrls: new Set([...counts].filter(([, n]) => n > 1).map(([url]) => url)) };
  });
  return corpus;
}

const ZDemoConfig = z.object({
  /** Documents per page (one ingest call; the cursor moves after it). */
  pageSize: z.number().int().min(1).max(1000).default(100),
  /** Pause between pages: the corpus arrives as a stream, not all at once. */
  pageDelayMs: z.number().int().min(0).max(60_000).default(250),
  /** A run stops after this long and the next run continues where it stopped. */
  runSeconds: z.number().min(1).max(600).default(50),
  /** Replay at most this many documents (tests, small machines). */
  limit: z.number().int().min(1).optional(),
  /** After the first replay, this many held-back documents a minute (DEMO_SOURCE_RATE); 0 replays everything at once. */
  rate: z.number().min(0).max(1000).default(1),
});

/** With a trickle, one document in this many is held back from the first replay and trickles in after it. */
export const DEMO_HOLD_BACK_EVERY = 4;
/** A run after a long pause sends at most this many trickled documents, not the whole backlog at once. */
const TRICKLE_MAX_PER_RUN = 5;

interface DemoCursor {
  /** Documents of the first replay sent. */
  offset: number;
  /** Held-back documents sent since. */
  trickled?: number;
  /** When the trickle last sent a document (epoch ms); its pace is counted from here. */
  trickleAt?: number;
}

function cursorOf(cursor: unknown): DemoCursor {
  const c = (typeof cursor === 'object' && cursor ? cursor : {}) as Partial<DemoCursor>;
  return {
    offset: Number(c.offset) || 0,
    ...(c.trickled !== undefined ? { trickled: Number(c.trickled) || 0 } : {}),
    ...(c.trickleAt !== undefined && Number.isFinite(Number(c.trickleAt)) ? { trickleAt: Number(c.trickleAt) } : {}),
  };
}

/** The replay's two parts: the first replay, and the documents held back for the trickle (one in DEMO_HOLD_BACK_EVERY, spread over the corpus). */
export function demoParts<T>(records: T[], rate: number): { first: T[]; held: T[] } {
  if (rate <= 0) return { first: records, held: [] };
  const first: T[] = [];
  const held: T[] = [];
  records.forEach((r, i) => (i % DEMO_HOLD_BACK_EVERY === DEMO_HOLD_BACK_EVERY - 1 ? held : first).push(r));
  return { first, held };
}

function toRaw(r: DemoRecord, stamp: Date, sharedUrls: Set<string>): RawDocument {
  return {
    externalId: r.id,
    title: r.title,
    text: r.text,
    url: r.url ?? undefined,
    canonicalUrl: r.url && sharedUrls.has(r.url) ? null : undefined,
    publisher: r.publisher ?? undefined,
    publishedAt: stamp,
    contentType: r.content_type,
    collectionId: r.collection_id,
    metadata: { ...r.metadata, original_published_at: r.published_at, demo_set: r.set, license: r.license },
  };
}

/**
 * The bundled corpus (news, press releases, studies, regulations, bills, court dockets, filings,
 * trials, patents, trademarks) replayed as a live stream: each document arrives stamped with the
 * replay time, its original date kept in `metadata.original_published_at`, so a new install
 * sees the pipeline work on "new" documents within its first minute. One document in
 * DEMO_HOLD_BACK_EVERY (spread over the corpus, so every subject has some) is held back from that
 * first replay and trickles in after it at `rate` a minute, so an install keeps receiving news for
 * hours (about 1,100 documents: some 19 hours at one a minute). The trickle does not loop: a
 * document sent again is a duplicate, which ingest drops.
 */
export const demoConnector: Connector<typeof ZDemoConfig> = {
  kind: 'demo',
  label: 'Demo corpus',
  description: 'The bundled sample documents, replayed as a live stream (switched on while no other source is configured).',
  defaultCollectionId: 1,
  config: ZDemoConfig,
  minRequestIntervalMs: 0,
  defaultIntervalMinutes: 1,
  async *fetch({ config, cursor, signal, now, progress }) {
    const { records, sharedUrls } = await loadDemoCorpus();
    const { first, held } = demoParts(records.slice(0, config.limit ?? records.length), config.rate);
    const state = cursorOf(cursor);
    const total = first.length + held.length;
    const deadline = Date.now() + config.runSeconds * 1000;
    progress?.(state.offset + (state.trickled ?? 0), total);
    while (state.offset < first.length && Date.now() < deadline && !signal.aborted) {
      const page = first.slice(state.offset, Math.min(first.length, state.offset + config.pageSize));
      const stamp = state.offset === 0 ? now : new Date();
      state.offset += page.length;
      // The trickle's clock starts when the first replay ends.
      if (state.offset >= first.length && held.length > 0) Object.assign(state, { trickled: 0, trickleAt: Date.now() });
      yield { documents: page.map((r) => toRaw(r, stamp, sharedUrls)), cursor: { ...state } };
      progress?.(state.offset, total);
      if (state.offset < first.length && config.pageDelayMs > 0) await sleep(config.pageDelayMs, undefined, { signal }).catch(() => undefined);
    }
    if (state.offset < first.length || state.trickleAt === undefined || signal.aborted) return;
    const sent = state.trickled ?? 0;
    const interval = 60_000 / config.rate;
    const due = Math.floor((now.getTime() - state.trickleAt) / interval);
    const count = Math.min(due, TRICKLE_MAX_PER_RUN, held.length - sent);
    if (count <= 0) return;
    // After a long pause the pace restarts from now instead of owing the whole backlog.
    const trickleAt = due > TRICKLE_MAX_PER_RUN ? now.getTime() : state.trickleAt + count * interval;
    const documents = held.slice(sent, sent + count).map((r) => toRaw(r, now, sharedUrls));
    yield { documents, cursor: { offset: state.offset, trickled: sent + count, trickleAt } };
    progress?.(state.offset + sent + count, total);
  },
};
