/**
 * Running a document stream through the story tracker and scoring it: shared by `npm run eval`
 * (scripts/eval.ts) and the dev-set regression test.
 *
 * Tuning and reporting on different data: `timeSplit` cuts a stream into two halves by time, and
 * `evaluateSplit` scores each half (the first as the tracker stood when the second began, so its
 * figures owe nothing to the second half). Defaults are tuned on one half (or one dev set) and
 * reported on the other (docs/decisions/005-story-tracker.md).
 */
import { readFileSync } from 'node:fs';
import { bcubed, firstStory, type EvalItem, type ItemFilter, type PRF } from './metrics.js';
import { createStoryTracker, type StoryTrackerOptions } from './stories.js';
import { contentWords, extractEntities } from './text-features.js';

export interface StreamDoc {
  docId: string;
  title: string;
  text: string;
  /** Null when the input has no (readable) date: such documents go last, in input order. */
  published: Date | null;
  source?: string;
  url?: string;
  /** Gold story tag when the input carries one. */
  story?: string | null;
}

export interface Prediction {
  doc_id: string;
  cluster_id: string | null;
  is_new: boolean;
  relevant: boolean;
  event_id: string | null;
}

/** Reads JSONL (one document a line). Accepts `doc_id` or `id`, `published` as ISO date or epoch ms (or `published_ms`). */
export function readStream(file: string): StreamDoc[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const docs: StreamDoc[] = [];
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`${file}:${index + 1}: not JSON`);
    }
    const docId = row.doc_id ?? row.id;
    if (typeof docId !== 'string' && typeof docId !== 'number') throw new Error(`${file}:${index + 1}: no doc_id`);
    docs.push({
      docId: String(docId),
      title: typeof row.title === 'string' ? row.title : '',
      text: typeof row.text === 'string' ? row.text : '',
      published: parseDate(row.published ?? row.published_ms),
      ...(typeof row.source === 'string' ? { source: row.source } : {}),
      ...(typeof row.url === 'string' ? { url: row.url } : {}),
      ...('story' in row ? { story: typeof row.story === 'string' && row.story ? row.story : null } : {}),
    });
  });
  return docs;
}

export function parseDate(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value === 'string' && value.trim()) {
    const asNumber = /^\d{10,}$/.test(value.trim()) ? Number(value) : NaN;
    const date = Number.isFinite(asNumber) ? new Date(asNumber) : new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return null;
}

/** Published order; equal dates keep input order; undated documents last, in input order. */
export function inPublishedOrder(docs: StreamDoc[]): StreamDoc[] {
  return docs
    .map((doc, index) => ({ doc, index }))
    .sort((a, b) => {
      const ta = a.doc.published?.getTime() ?? Infinity;
      const tb = b.doc.published?.getTime() ?? Infinity;
      return ta === tb ? a.index - b.index : ta - tb;
    })
    .map((x) => x.doc);
}

/**
 * Lexical relevance to a topic text: the topic's content words (stemmed, stop words out); a
 * document is relevant when its title + text holds at least half of them (at least one; for a
 * one- or two-word topic, one is enough). Crude on purpose: the pipeline's detection replaces it.
 */
export function topicMatcher(topic: string): (doc: StreamDoc) => boolean {
  const wanted = [...new Set(contentWords(topic))];
  const need = wanted.length <= 2 ? 1 : Math.ceil(wanted.length / 2);
  return (doc) => {
    if (wanted.length === 0) return true;
    const words = new Set(contentWords(`${doc.title} ${doc.text}`));
    return wanted.filter((w) => words.has(w)).length >= need;
  };
}

export interface RunOptions extends Omit<StoryTrackerOptions, 'state'> {
  relevant?: (doc: StreamDoc) => boolean;
}

/** A document's entity keys, found once: runs of one stream with other parameters (sweeps) reuse them. */
const entityCache = new WeakMap<StreamDoc, string[]>();
function entitiesOf(doc: StreamDoc): string[] {
  let keys = entityCache.get(doc);
  if (!keys) entityCache.set(doc, (keys = extractEntities(doc.title, doc.text)));
  return keys;
}

export interface StreamRun {
  ordered: StreamDoc[];
  predictions: Prediction[];
  /** With `cut`: the story of each document before the cut as it stood when the cut was reached (later merges not applied). */
  atCut?: (string | null)[];
}

/**
 * Feeds the documents in published order; irrelevant documents make no event and join no story.
 * With `cut` (an index in published order), the stories of the documents before it are also read
 * as they stood when the tracker reached it: what a run of those documents alone would report.
 */
export function runStream(docs: StreamDoc[], options: RunOptions = {}, cut?: number): StreamRun {
  const ordered = inPublishedOrder(docs);
  const tracker = createStoryTracker(options);
  let atCut: (string | null)[] | undefined;
  const snapshot = (done: Prediction[]) => done.map((p) => (p.cluster_id ? tracker.resolve(p.cluster_id) : null));
  // Undated documents: placed after the last dated one.
  let lastTime = 0;
  const predictions: Prediction[] = [];
  for (const doc of ordered) {
    if (predictions.length === cut) atCut = snapshot(predictions);
    const relevant = options.relevant ? options.relevant(doc) : true;
    if (!relevant) {
      predictions.push({ doc_id: doc.docId, cluster_id: null, is_new: false, relevant, event_id: null });
      continue;
    }
    const publishedAt = doc.published ?? new Date(lastTime);
    lastTime = Math.max(lastTime, publishedAt.getTime());
    const result = tracker.assign({ id: doc.docId, title: doc.title, text: doc.text, publishedAt, url: doc.url, entityKeys: entitiesOf(doc) });
    predictions.push({ doc_id: doc.docId, cluster_id: result.storyId, is_new: result.isNew, relevant, event_id: `evt-${doc.docId}` });
  }
  if (cut !== undefined && atCut === undefined) atCut = snapshot(predictions);
  // Stories merged later: report each document under the story it ended in.
  for (const p of predictions) if (p.cluster_id) p.cluster_id = tracker.resolve(p.cluster_id);
  return { ordered, predictions, ...(atCut ? { atCut } : {}) };
}

/**
 * Where a stream (in published order) is cut into two halves by time: the index of the first
 * document of the second half. The cut falls at the middle document's time, so each half holds
 * about half the documents and documents of one time (one day of the Wikipedia portal) stay in one half.
 */
export function timeSplit(ordered: StreamDoc[]): number {
  let cut = Math.floor(ordered.length / 2);
  const timeOf = (doc: StreamDoc) => doc.published?.getTime() ?? null;
  while (cut > 0 && timeOf(ordered[cut - 1]!) === timeOf(ordered[cut]!)) cut--;
  return cut;
}

export interface Scores {
  bcubed: PRF;
  firstStory: PRF;
  /** B-cubed when untagged items count as gold singletons (stricter; for reference). */
  bcubedUntaggedSingletons: PRF;
}

/** Null when no document carries a `story` field. With `only`, the documents it admits (by index in `ordered`) are scored: see metrics.ts. */
export function score(ordered: StreamDoc[], predictions: Prediction[], only?: ItemFilter): Scores | null {
  if (!ordered.some((d) => d.story !== undefined)) return null;
  const items: EvalItem[] = ordered.map((doc, i) => ({ gold: doc.story ?? null, predicted: predictions[i]!.cluster_id, isNew: predictions[i]!.is_new }));
  const part = only ? { only } : {};
  return { bcubed: bcubed(items, part), firstStory: firstStory(items, part), bcubedUntaggedSingletons: bcubed(items, { untaggedAsSingletons: true, ...part }) };
}

export interface SplitScores {
  /** Index (in published order) of the first document of the second half, and its time. */
  cut: number;
  boundary: Date | null;
  /** Each half's figures: the first half as the tracker stood at the cut, the second at the end. */
  halves: [Scores, Scores];
  whole: Scores;
}

/**
 * Each half of a run's stream scored apart (timeSplit). The first half is read from `atCut` when
 * the run kept it (runStream with the cut): its figures then owe nothing to the second half.
 */
export function scoreHalves(run: StreamRun, cut: number): SplitScores | null {
  const whole = score(run.ordered, run.predictions);
  if (!whole) return null;
  const early = run.atCut ? run.predictions.map((p, i) => (i < cut ? { ...p, cluster_id: run.atCut![i] ?? null } : p)) : run.predictions;
  return {
    cut,
    boundary: run.ordered[cut]?.published ?? null,
    halves: [score(run.ordered, early, (i) => i < cut)!, score(run.ordered, run.predictions, (i) => i >= cut)!],
    whole,
  };
}

/** The tracker alone over a stream, scored on each half by time and whole. Null when the stream has no story tags. */
export function evaluateSplit(docs: StreamDoc[], options: RunOptions = {}): SplitScores | null {
  const cut = timeSplit(inPublishedOrder(docs));
  return scoreHalves(runStream(docs, options, cut), cut);
}
