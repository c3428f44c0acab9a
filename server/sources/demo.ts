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
interface DemoRecord {
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
});

/**
 * The bundled corpus (news, press releases, studies, regulations, bills, court dockets, filings,
 * trials, patents, trademarks) replayed as a live stream: each document arrives stamped with the
 * replay time, its original date kept in `metadata.original_published_at`, so a new install
 * sees the pipeline work on "new" documents within its first minute.
 */
export const demoConnector: Connector<typeof ZDemoConfig> = {
  kind: 'demo',
  defaultCollectionId: 1,
  config: ZDemoConfig,
  minRequestIntervalMs: 0,
  defaultIntervalMinutes: 1,
  async *fetch({ config, cursor, signal, now, progress }) {
    const { records, sharedUrls } = await loadDemoCorpus();
    const total = Math.min(records.length, config.limit ?? Infinity);
    let offset = typeof cursor === 'object' && cursor && 'offset' in cursor ? Number((cursor as { offset: number }).offset) || 0 : 0;
    const deadline = Date.now() + config.runSeconds * 1000;
    progress?.(offset, total);
    while (offset < total && Date.now() < deadline && !signal.aborted) {
      const page = records.slice(offset, Math.min(total, offset + config.pageSize));
      const stamp = offset === 0 ? now : new Date();
      const documents: RawDocument[] = page.map((r) => ({
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
      }));
      offset += page.length;
      yield { documents, cursor: { offset } };
      progress?.(offset, total);
      if (offset < total && config.pageDelayMs > 0) await sleep(config.pageDelayMs, undefined, { signal }).catch(() => undefined);
    }
  },
};
