/**
 * Relevance of the built-in engine on a labelled set: precision and recall of the pipeline's
 * pre-filter + detection against hand judgements.
 *
 *   npm run eval:relevance [-- --errors] [-- --candidates N]
 *
 * fixtures/eval/relevance.jsonl holds one judgement a line: {topic, doc_id, relevant, title}, a demo
 * topic (server/demo/topics.ts) and a document of the demo corpus (fixtures/demo), judged by the rule
 * in fixtures/eval/RELEVANCE.md. Each pair goes through what the pipeline does for it, in memory:
 * the collection check (the topic's sources), the built-in summary, the pre-filter rule and the
 * built-in detection with the built-in embedding's similarity. A pair is predicted relevant when
 * detection passes it. --errors lists the misjudged pairs; --candidates N prints, for labelling,
 * N documents per topic the engine passes, N it drops after the pre-filter and N/4 the pre-filter
 * stops (not yet labelled).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_TOPICS } from '../server/demo/topics.js';
import { ROOT } from '../server/paths.js';
import { loadDemoCorpus } from '../server/sources/demo.js';
import { judgePair, prf, type RelevanceLabel as Label } from './relevance-judge.js';

const { values } = parseArgs({ options: { errors: { type: 'boolean', default: false }, candidates: { type: 'string' } } });
const LABELS = path.join(ROOT, 'fixtures', 'eval', 'relevance.jsonl');

const { records } = await loadDemoCorpus();
const byId = new Map(records.map((r) => [r.id, r]));
const topicsByName = new Map(DEMO_TOPICS.map((t) => [t.name, t]));

/** What the pipeline decides for one (topic, document) pair: 'collection' | 'prefilter' (dropped there), 'DROP' or 'PASS'. */
async function judge(topicName: string, docId: string) {
  const topic = topicsByName.get(topicName);
  const doc = byId.get(docId);
  if (!topic || !doc) throw new Error(`unknown topic or document: ${topicName} / ${docId}`);
  return judgePair(topic, doc);
}

if (values.candidates) {
  // For labelling: per topic, N documents detection passes and N the pre-filter lets through that it drops, chosen evenly.
  const n = Number(values.candidates);
  const labelled = new Set(readLabels().map((l) => `${l.topic}|${l.doc_id}`));
  for (const topic of DEMO_TOPICS) {
    const passed: string[] = [];
    const dropped: string[] = [];
    const filtered: string[] = [];
    for (const r of records) {
      if (labelled.has(`${topic.name}|${r.id}`)) continue;
      const j = await judge(topic.name, r.id);
      if (j.decision === 'PASS') passed.push(r.id);
      else if (j.decision === 'DROP') dropped.push(r.id);
      else if (j.decision === 'prefilter') filtered.push(r.id);
    }
    const spread = (ids: string[]) => ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / n)) === 0).slice(0, n);
    const sample = (ids: string[], count: number) => ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / count)) === 0).slice(0, count);
    for (const id of [...spread(passed), ...spread(dropped), ...sample(filtered, Math.ceil(n / 4))]) {
      const r = byId.get(id)!;
      const engine = passed.includes(id) ? 'PASS' : dropped.includes(id) ? 'DROP' : 'prefilter';
      console.log(JSON.stringify({ topic: topic.name, doc_id: id, engine, title: r.title.slice(0, 160), text: r.text.slice(0, 300) }));
    }
  }
  process.exit(0);
}

function readLabels(): Label[] {
  try {
    return readFileSync(LABELS, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Label);
  } catch {
    return [];
  }
}

const labels = readLabels();
const all = { tp: 0, fp: 0, fn: 0, tn: 0 };
const perTopic = new Map<string, typeof all>();
const errors: string[] = [];
for (const label of labels) {
  const j = await judge(label.topic, label.doc_id);
  const predicted = j.decision === 'PASS';
  const t = perTopic.get(label.topic) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
  perTopic.set(label.topic, t);
  const cell = predicted ? (label.relevant ? 'tp' : 'fp') : label.relevant ? 'fn' : 'tn';
  all[cell] += 1;
  t[cell] += 1;
  if (cell === 'fp' || cell === 'fn') {
    const verdict = cell === 'fp' ? j.total.toFixed(2) : `${j.decision} ${j.total.toFixed(2)}`;
    errors.push(`${cell.toUpperCase()} ${label.topic} | ${label.doc_id} | ${verdict} | ${byId.get(label.doc_id)!.title.slice(0, 100)}\n     ${j.rationale ?? ''}`);
  }
}
const { tp, fp, fn, tn } = all;
console.log(`relevance (pre-filter + built-in detection) on ${labels.length} judged pairs (${tp + fn} relevant, ${fp + tn} not), fixtures/eval/relevance.jsonl`);
console.log(`all           ${prf({ tp, fp, fn })}  (TP ${tp} FP ${fp} FN ${fn} TN ${tn})`);
for (const [topic, c] of perTopic) console.log(`  ${topic.padEnd(40)} ${prf(c)}  (${c.tp + c.fn} relevant of ${c.tp + c.fp + c.fn + c.tn})`);
if (values.errors) for (const e of errors) console.log(e);
