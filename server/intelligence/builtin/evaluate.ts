/**
 * Running a document stream through the story tracker and scoring it: shared by `npm run eval`
 * (scripts/eval.ts) and the dev-set regression test.
 */
import { readFileSync } from 'node:fs';
import { bcubed, firstStory, type EvalItem, type PRF } from './metrics.js';
import { createStoryTracker, type StoryTrackerOptions } from './stories.js';
import { contentWords } from './text-features.js';

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

/** Feeds the documents in published order; irrelevant documents make no event and join no story. */
export function runStream(docs: StreamDoc[], options: RunOptions = {}): { ordered: StreamDoc[]; predictions: Prediction[] } {
  const ordered = inPublishedOrder(docs);
  const tracker = createStoryTracker(options);
  // Undated documents: placed after the last dated one.
  let lastTime = 0;
  const predictions = ordered.map((doc): Prediction => {
    const relevant = options.relevant ? options.relevant(doc) : true;
    if (!relevant) return { doc_id: doc.docId, cluster_id: null, is_new: false, relevant, event_id: null };
    const publishedAt = doc.published ?? new Date(lastTime);
    lastTime = Math.max(lastTime, publishedAt.getTime());
    const result = tracker.assign({ id: doc.docId, title: doc.title, text: doc.text, publishedAt, url: doc.url });
    return { doc_id: doc.docId, cluster_id: result.storyId, is_new: result.isNew, relevant, event_id: `evt-${doc.docId}` };
  });
  // Stories merged later: report each document under the story it ended in.
  for (const p of predictions) if (p.cluster_id) p.cluster_id = tracker.resolve(p.cluster_id);
  return { ordered, predictions };
}

export interface Scores {
  bcubed: PRF;
  firstStory: PRF;
  /** B-cubed when untagged items count as gold singletons (stricter; for reference). */
  bcubedUntaggedSingletons: PRF;
}

/** Null when no document carries a `story` field. */
export function score(ordered: StreamDoc[], predictions: Prediction[]): Scores | null {
  if (!ordered.some((d) => d.story !== undefined)) return null;
  const items: EvalItem[] = ordered.map((doc, i) => ({ gold: doc.story ?? null, predicted: predictions[i]!.cluster_id, isNew: predictions[i]!.is_new }));
  return { bcubed: bcubed(items), firstStory: firstStory(items), bcubedUntaggedSingletons: bcubed(items, { untaggedAsSingletons: true }) };
}
