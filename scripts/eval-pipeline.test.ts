import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../server/paths.js';
import { readStream, runStream, type Prediction } from '../server/intelligence/builtin/evaluate.js';
import { runThroughPipeline } from './eval-pipeline.js';

/** Documents grouped by story: the same partition whatever the story ids are called. */
function partition(predictions: Prediction[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const p of predictions) if (p.cluster_id) groups.set(p.cluster_id, [...(groups.get(p.cluster_id) ?? []), p.doc_id]);
  return [...groups.values()].map((g) => g.sort()).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

describe('npm run eval through the pipeline', () => {
  it('groups a stream as the story tracker alone does, with stories running behind the next page', async () => {
    const docs = readStream(path.join(ROOT, 'fixtures', 'eval', 'wcep_2015-09.jsonl')).slice(0, 90);
    const pages: number[] = [];
    const run = await runThroughPipeline(docs, { allRelevant: true, batchSize: 15, onProgress: (done) => pages.push(done) });
    const alone = runStream(docs);

    expect(run.predictions.map((p) => p.doc_id)).toEqual(alone.predictions.map((p) => p.doc_id));
    expect(run.predictions.every((p) => p.relevant && p.event_id)).toBe(true);
    expect(run.predictions.map((p) => p.is_new)).toEqual(alone.predictions.map((p) => p.is_new));
    expect(partition(run.predictions)).toEqual(partition(alone.predictions));
    // Pages reach the story stage in order, each once.
    expect(pages).toEqual([15, 30, 45, 60, 75, 90]);
  }, 120_000);

  it('stores a headline-only item as a feed does (no text), so its title counts once, as for the tracker alone', async () => {
    const docs = readStream(path.join(ROOT, 'fixtures', 'eval', 'headlines_uci_2014_03_em.jsonl')).slice(0, 200);
    const run = await runThroughPipeline(docs, { allRelevant: true, batchSize: 100 });
    // Ingest drops a headline a second publisher sent word for word (same content): the tracker alone reads the others.
    const stored = new Set(run.predictions.filter((p) => p.relevant).map((p) => p.doc_id));
    expect(stored.size).toBeGreaterThan(190);
    const alone = runStream(docs, { relevant: (d) => stored.has(d.docId) });
    expect(run.predictions.map((p) => p.is_new)).toEqual(alone.predictions.map((p) => p.is_new));
    expect(partition(run.predictions)).toEqual(partition(alone.predictions));
  }, 120_000);
});
