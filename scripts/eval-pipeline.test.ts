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
});
