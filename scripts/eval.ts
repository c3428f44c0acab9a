/**
 * Story grouping and first-story detection of the built-in engine on a document stream.
 *
 *   npm run eval                       both bundled dev sets (fixtures/eval): the Wikipedia Current
 *                                      Events stream and the headline-only stream, through the pipeline
 *   npm run eval -- --split            the same, and each set's two halves by time, tracker alone
 *   npm run eval -- --sweep [--params threshold,kindWeight]
 *                                      each parameter's effect on each half of each set, side by side
 *   npm run eval -- --input docs.jsonl --out pred.jsonl [--all-relevant] [--topic "text"]
 *                   [--threshold 0.17] [--set name=value ...] [--split] [--sweep] [--synthetic 6000]
 *                   [--also other.jsonl ...]
 *
 * Input: JSONL, one document a line: doc_id (or id), title, text, published (ISO date or epoch ms),
 * optional source, url, story (gold story tag). Documents run in published order (undated ones
 * last, in input order) for one user. Output: one line per input document:
 * {"doc_id", "cluster_id" (story), "is_new" (first report of its story), "relevant", "event_id"}.
 *
 * Relevance: everything with --all-relevant or with no --topic; with --topic, the pipeline's
 * pre-filter and detection against the topic as built-in topic validation profiles it
 * (--tracker-only: a lexical match, see topicMatcher). Irrelevant documents make no event:
 * cluster_id and event_id null, is_new false.
 *
 * The documents go through ingest and the pipeline's stages on an in-memory embedded database
 * (scripts/eval-pipeline.ts): store, chunk and index -> summarise -> pre-filter and detection
 * against --topic (or every document relevant) -> story assignment. --tracker-only feeds the story
 * tracker directly instead (fast; what --sweep uses to move the threshold).
 *
 * When the input carries a `story` field it prints B-cubed and first-story P/R/F1 (items without a
 * story tag are not scored: see metrics.ts).
 *
 * Tune on one part, report on another (docs/decisions/005-story-tracker.md): --split prints, for
 * the tracker alone with the defaults (and --set), B-cubed and first-story F1 on each half of each
 * stream by time (evaluate.ts timeSplit: H1 is the tune half, H2 the held-out one; the other dev set
 * is the cross-set check). --sweep prints the same figures for each tracker parameter moved over
 * a grid around its default, one row per value (* marks the default), so a value is kept only when
 * it holds on the held-out half and on the other set too; --params limits it to some parameters.
 * `slugs` (the words of an address's slug: on/off) is swept beside the options. --set name=value
 * overrides a default for --tracker-only, --split and --sweep. Through the pipeline, --split also
 * prints each half of the pipeline's run (its stories as the whole run left them).
 *
 * --synthetic N also times an N-document stream built from the input (copies
 * shifted by 45 days each, ids suffixed, a word dropped per copy so texts differ). --also F runs
 * another stream F the same way (figures when it has story tags, else speed only) to check that
 * the defaults generalise; its predictions are not written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateSplit, readStream, runStream, score, scoreHalves, timeSplit, topicMatcher, type RunOptions, type SplitScores, type StreamDoc } from '../server/intelligence/builtin/evaluate.js';
import { STORY_DEFAULTS, type StoryTrackerOptions } from '../server/intelligence/builtin/stories.js';
import { runThroughPipeline } from './eval-pipeline.js';
import { ROOT } from '../server/paths.js';
import { cpuReferenceMs } from './machine.js';

const { values } = parseArgs({
  options: {
    input: { type: 'string' },
    out: { type: 'string' },
    'all-relevant': { type: 'boolean', default: false },
    topic: { type: 'string' },
    threshold: { type: 'string' },
    sweep: { type: 'boolean', default: false },
    split: { type: 'boolean', default: false },
    params: { type: 'string' },
    set: { type: 'string', multiple: true },
    synthetic: { type: 'string' },
    also: { type: 'string', multiple: true },
    'tracker-only': { type: 'boolean', default: false },
  },
});
const DEV_SETS = ['wcep_2015-09.jsonl', 'headlines_uci_2014_03_em.jsonl'].map((f) => path.join(ROOT, 'fixtures', 'eval', f));
if (!values.input && !values.out) {
  // No stream named: both dev sets, predictions in the temp directory.
  values.input = DEV_SETS[0];
  values.out = path.join(os.tmpdir(), 'herald-eval', 'wcep.pred.jsonl');
  values.also = [...(values.also ?? []), ...DEV_SETS.slice(1)];
}
if (!values.input || !values.out) {
  console.error('usage: npm run eval -- --input docs.jsonl --out pred.jsonl [--all-relevant] [--topic "text"] [--threshold x] [--sweep] [--synthetic N] [--also other.jsonl]');
  process.exit(2);
}

const docs = readStream(values.input);
type Tunable = Omit<StoryTrackerOptions, 'state'>;
const overrides: Tunable = {};
for (const pair of values.set ?? []) {
  const [name, value] = pair.split('=');
  if (!name || !(name in STORY_DEFAULTS) || value === undefined || !Number.isFinite(Number(value))) {
    console.error(`--set ${pair}: expected name=number, name one of ${Object.keys(STORY_DEFAULTS).join(', ')}`);
    process.exit(2);
  }
  (overrides as Record<string, number>)[name] = Number(value);
}
const threshold = values.threshold ? Number(values.threshold) : (overrides.threshold ?? STORY_DEFAULTS.threshold);
const options: RunOptions = { ...overrides, threshold, ...(!values['all-relevant'] && values.topic ? { relevant: topicMatcher(values.topic) } : {}) };

/** The grid each parameter is swept over (--sweep): its default and values on both sides, and off where it can be. */
const SWEEP: Record<string, number[]> = {
  threshold: [0.15, 0.17, 0.19, 0.2, 0.21, 0.22, 0.23, 0.25, 0.27],
  coldAfterDays: [3, 5, 7, 10, 14, 21],
  centroidWeight: [0.5, 0.6, 0.7, 0.8, 0.9, 1],
  entityWeight: [0, 1, 1.5, 2, 2.5, 3],
  decayPerDay: [0.9, 0.95, 0.97, 0.99, 1],
  priorDocs: [0, 25, 50, 100, 200],
  sizeBoost: [0, 0.025, 0.05, 0.1, 0.2],
  mergeThreshold: [0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 2],
  kindWeight: [0, 0.5, 1, 1.5, 2, 2.5],
  memberMemory: [1, 5, 12, 20, 30, 50],
  shortTextTerms: [0, 8, 10, 12, 14, 16, 20],
  shortTextPower: [0.5, 1, 1.5, 2, 3],
  shortTextMinMembers: [1, 2, 3, 5],
  storyIdfShare: [0, 0.25, 0.5, 0.75, 1],
  slugs: [0, 1],
};

const trackerOnly = values['tracker-only'];
if (!trackerOnly && (values.threshold || values.set)) console.error('--threshold and --set apply to --tracker-only, --split and --sweep; the pipeline uses the story defaults');
/** One stream through the pipeline (default) or the tracker alone. */
async function run(stream: StreamDoc[], label: string) {
  if (trackerOnly) {
    const t0 = performance.now();
    const result = runStream(stream, options);
    return { ...result, seconds: (performance.now() - t0) / 1000, breakdown: '' };
  }
  const result = await runThroughPipeline(stream, {
    allRelevant: values['all-relevant'],
    ...(values.topic ? { topic: values.topic } : {}),
    onProgress: (done, total) => process.stderr.write(`\r${label}: ${done}/${total} documents through the pipeline`),
  });
  process.stderr.write('\n');
  const s = result.seconds;
  const breakdown = `ingest ${s.ingest.toFixed(1)} s, summarise ${s.summarise.toFixed(1)} s, detection ${s.detect.toFixed(1)} s, stories ${s.stories.toFixed(1)} s; stories run beside the next page's ingest, so these add up to more than the total`;
  return { ...result, seconds: s.total, breakdown };
}

const { ordered, predictions, seconds, breakdown } = await run(docs, values.input);

// One line per input document, in input order.
const byId = new Map(predictions.map((p) => [p.doc_id, p]));
mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
writeFileSync(values.out, docs.map((d) => JSON.stringify(byId.get(d.docId))).join('\n') + '\n');

const pct = (x: number) => x.toFixed(3);
const relevantCount = predictions.filter((p) => p.relevant).length;
const stories = new Set(predictions.map((p) => p.cluster_id).filter(Boolean)).size;
console.log(`${values.input}: ${docs.length} documents, ${relevantCount} relevant, ${stories} stories (${trackerOnly ? `story tracker alone, threshold ${threshold}` : 'ingest + pipeline, built-in engine'})`);
console.log(`time ${seconds.toFixed(2)} s, ${Math.round(docs.length / seconds)} docs/s -> ${values.out}${breakdown ? `\n  (${breakdown})` : ''}`);
const scores = score(ordered, predictions);
if (scores) {
  const { bcubed, firstStory, bcubedUntaggedSingletons: strict } = scores;
  console.log(`B-cubed      P ${pct(bcubed.precision)}  R ${pct(bcubed.recall)}  F1 ${pct(bcubed.f1)}  (${bcubed.items} items with a story tag)`);
  console.log(`first story  P ${pct(firstStory.precision)}  R ${pct(firstStory.recall)}  F1 ${pct(firstStory.f1)}`);
  console.log(`(B-cubed with untagged items as gold singletons: P ${pct(strict.precision)}  R ${pct(strict.recall)}  F1 ${pct(strict.f1)}, ${strict.items} items)`);
  printHalves(ordered, predictions);
}

/** With --split through the pipeline: each half of the run's stream (timeSplit), as the whole run left its stories. */
function printHalves(orderedDocs: StreamDoc[], preds: typeof predictions) {
  if (!values.split || trackerOnly) return;
  const halves = scoreHalves({ ordered: orderedDocs, predictions: preds }, timeSplit(orderedDocs))!.halves;
  console.log(`  halves by time: ${halves.map((h, i) => `H${i + 1} B-cubed F1 ${pct(h.bcubed.f1)} first-story F1 ${pct(h.firstStory.f1)}`).join(', ')}`);
}

if (values.synthetic) {
  const target = Number(values.synthetic);
  const synthetic = syntheticStream(docs, target);
  const synth = await run(synthetic, 'synthetic');
  const s = synth.seconds;
  const synthStories = new Set(synth.predictions.map((p) => p.cluster_id)).size;
  console.log(`\nmachine: reference CPU loop ${cpuReferenceMs().toFixed(0)} ms (compare runs only at similar values)`);
  console.log(`synthetic stream: ${synthetic.length} documents, ${synthStories} stories, ${s.toFixed(2)} s, ${Math.round(synthetic.length / s)} docs/s${synth.breakdown ? ` (${synth.breakdown})` : ''}`);
  const ss = score(synth.ordered, synth.predictions);
  if (ss) console.log(`  B-cubed F1 ${pct(ss.bcubed.f1)}  first-story F1 ${pct(ss.firstStory.f1)} (copies 45 days apart: each copy's stories are new again)`);
}

for (const other of values.also ?? []) {
  const otherDocs = readStream(other);
  const otherRun = await run(otherDocs, other);
  const s = otherRun.seconds;
  const otherStories = new Set(otherRun.predictions.map((p) => p.cluster_id).filter(Boolean)).size;
  console.log(`\n${other}: ${otherDocs.length} documents, ${otherStories} stories, ${s.toFixed(2)} s, ${Math.round(otherDocs.length / s)} docs/s`);
  const os = score(otherRun.ordered, otherRun.predictions);
  if (os) {
    console.log(`  B-cubed P ${pct(os.bcubed.precision)} R ${pct(os.bcubed.recall)} F1 ${pct(os.bcubed.f1)}  first story P ${pct(os.firstStory.precision)} R ${pct(os.firstStory.recall)} F1 ${pct(os.firstStory.f1)}`);
    printHalves(otherRun.ordered, otherRun.predictions);
  } else console.log('  (no story tags: speed only)');
}

if (values.split || values.sweep) {
  // The streams with story tags: the input and --also (both dev sets by default).
  const streams = [{ file: values.input, docs }, ...(values.also ?? []).map((file) => ({ file, docs: readStream(file) }))]
    .filter((s) => s.docs.some((d) => d.story !== undefined))
    .map((s) => ({ ...s, name: path.basename(s.file).replace(/\.jsonl$/, '').slice(0, 14), bare: s.docs.map(({ url: _url, ...d }) => d) }));
  const splitOf = (stream: (typeof streams)[number], tracker: RunOptions, slugs = true) => evaluateSplit(slugs ? stream.docs : stream.bare, tracker)!;
  const cells = (s: SplitScores) => [s.halves[0], s.halves[1]].map((h) => `${pct(h.bcubed.f1)} ${pct(h.firstStory.f1)}`).join('  |  ');
  const header = (label: string) =>
    `${label.padEnd(22)}${streams.map((s) => `| ${s.name.padEnd(14)} H1 B3   FS  |  H2 B3   FS  `).join('')}`;

  if (values.split) {
    console.log(`\ntune (H1) and held-out (H2) halves by time, story tracker alone${values.set ? ` (${values.set.join(', ')})` : ''}:`);
    for (const stream of streams) {
      const s = splitOf(stream, options);
      const boundary = s.boundary ? s.boundary.toISOString().replace(/:\d\d\.\d+Z$/, 'Z') : 'the undated documents';
      console.log(`${stream.file}: cut at ${boundary} (${s.cut} / ${stream.docs.length - s.cut} documents)`);
      const line = (label: string, x: SplitScores['whole']) =>
        `  ${label.padEnd(6)} B-cubed P ${pct(x.bcubed.precision)} R ${pct(x.bcubed.recall)} F1 ${pct(x.bcubed.f1)}  first story P ${pct(x.firstStory.precision)} R ${pct(x.firstStory.recall)} F1 ${pct(x.firstStory.f1)}  (${x.bcubed.items} tagged)`;
      console.log(line('H1', s.halves[0]));
      console.log(line('H2', s.halves[1]));
      console.log(line('whole', s.whole));
    }
  }

  if (values.sweep) {
    const wanted = values.params ? values.params.split(',') : Object.keys(SWEEP);
    console.log(`\neach parameter's effect, story tracker alone: B-cubed F1 and first-story F1 on the tune half (H1) and the held-out half (H2) of each set`);
    for (const name of wanted) {
      const grid = SWEEP[name];
      if (!grid) {
        console.error(`--params: no sweep for ${name} (one of ${Object.keys(SWEEP).join(', ')})`);
        process.exit(2);
      }
      console.log(header(name));
      for (const value of grid) {
        const isDefault = name === 'slugs' ? value === 1 : value === ((options as Record<string, unknown>)[name] ?? (STORY_DEFAULTS as Record<string, number>)[name]);
        const tracker = name === 'slugs' ? options : { ...options, [name]: value };
        const label = `${isDefault ? '*' : ' '} ${name === 'slugs' ? (value ? 'on' : 'off') : String(value)}`;
        console.log(`${label.padEnd(22)}${streams.map((stream) => `|  ${cells(splitOf(stream, tracker, name !== 'slugs' || value === 1))}  `).join('')}`);
      }
    }
  }
}

function syntheticStream(source: StreamDoc[], size: number): StreamDoc[] {
  const out: StreamDoc[] = [];
  for (let copy = 0; out.length < size; copy++) {
    for (const doc of source) {
      if (out.length >= size) break;
      const shift = copy * 45 * 86_400_000;
      const words = doc.text.split(' ');
      if (copy > 0 && words.length > 3) words.splice(copy % words.length, 1);
      out.push({
        ...doc,
        docId: `${doc.docId}~${copy}`,
        text: words.join(' '),
        published: doc.published ? new Date(doc.published.getTime() + shift) : null,
        ...(doc.story ? { story: `${doc.story}~${copy}` } : {}),
      });
    }
  }
  return out;
}

