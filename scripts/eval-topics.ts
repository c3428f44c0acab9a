/**
 * Topic profiles of the built-in engine on a set of topics across domains: whether each profile
 * describes its topic, by the kinds of fixtures/eval/topics.jsonl and the hand judgements of
 * fixtures/eval/topic-profiles.jsonl (rule: fixtures/eval/TOPICS.md).
 *
 *   npm run eval:topics [-- --unjudged] [-- --topic "Syrian civil war"]
 *
 * The demo corpus is the store (ingested and summarised in memory first, about a minute); each
 * topic is profiled as a topic added by name is (the store's evidence about it, no answers, no
 * profile places). A profile fits when the kind of topic it is written as (its key events, scope
 * and query terms) is one the topic's line allows, or the general kind (it says less rather than
 * something wrong), and every key entity and key place is judged to fit. --unjudged lists the
 * entities and places without a judgement, for labelling; one without counts as not fitting.
 *
 * Matching: the demo topics of fixtures/eval/relevance.jsonl are profiled the same way (by name
 * alone, from the store) and their labelled pairs go through the pre-filter and built-in detection
 * with these profiles instead of the demo's hand-written ones: precision and recall say whether the
 * documents a topic the engine profiled passes are about it. fixtures/eval/relevance-by-name.jsonl
 * does the same for topics that name a body and a subject of its ("FDA drug approvals": the FDA's
 * food and device notices are not about it), judged by the rule in fixtures/eval/RELEVANCE.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildTopicProfile, topicKind } from '../server/intelligence/builtin/topic-profile.js';
import { topicEvidence } from '../server/modules/user-topics/evidence.js';
import { ROOT } from '../server/paths.js';
import { loadDemoCorpus } from '../server/sources/demo.js';
import { demoStore } from './demo-store.js';
import { judgePair, modelOf, prf, storeOf, type Confusion, type RelevanceLabel } from './relevance-judge.js';

const { values } = parseArgs({ options: { unjudged: { type: 'boolean', default: false }, topic: { type: 'string' } } });
const EVAL = path.join(ROOT, 'fixtures', 'eval');
const readJsonl = <T>(file: string): T[] =>
  readFileSync(path.join(EVAL, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

interface Topic {
  name: string;
  field: string;
  kinds: string[];
}
interface Judgement {
  topic: string;
  field: 'entity' | 'place';
  value: string;
  fits: boolean;
}
const topics = readJsonl<Topic>('topics.jsonl').filter((t) => !values.topic || t.name === values.topic);
const key = (topic: string, field: string, value: string) => `${topic}\n${field}\n${value.toLowerCase()}`;
const judgements = new Map(readJsonl<Judgement>('topic-profiles.jsonl').map((j) => [key(j.topic, j.field, j.value), j.fits]));

const { herald } = await demoStore();
try {
  let fit = 0;
  let rightKind = 0;
  let general = 0;
  let items = 0;
  let itemsFit = 0;
  const unjudged: Judgement[] = [];
  for (const topic of topics) {
    const evidence = await topicEvidence(herald.database, herald.search, topic.name);
    const input = { name: topic.name, context: [], sources: [], profilePlaces: [], evidence };
    const { kind } = topicKind(input);
    const profile = buildTopicProfile(input);
    const kindFits = topic.kinds.includes(kind) || kind === 'general';
    if (topic.kinds.includes(kind)) rightKind++;
    if (kind === 'general') general++;
    const mark = (field: 'entity' | 'place', value: string) => {
      const j = judgements.get(key(topic.name, field, value));
      items++;
      if (j === true) itemsFit++;
      if (j === undefined) unjudged.push({ topic: topic.name, field, value, fits: null as never });
      return { value, fits: j };
    };
    const marked = [...profile.key_entities.map((e) => mark('entity', e)), ...profile.key_places.map((p) => mark('place', p))];
    const fits = kindFits && marked.every((m) => m.fits === true);
    if (fits) fit++;
    const sign = (f: boolean | undefined) => (f === true ? '+' : f === false ? '-' : '?');
    console.log(`${fits ? 'FIT ' : 'MISS'} ${topic.name} [${kind}${kindFits ? '' : ` not ${topic.kinds.join('/')}`}; ${evidence.length} documents]`);
    console.log(`     events: ${profile.key_events.slice(0, 5).join('; ')}`);
    console.log(`     entities: ${profile.key_entities.map((e) => sign(judgements.get(key(topic.name, 'entity', e))) + e).join(' | ') || '-'}   places: ${profile.key_places.map((p) => sign(judgements.get(key(topic.name, 'place', p))) + p).join(' | ') || '-'}`);
    console.log(`     query: ${profile.query}`);
  }
  console.log(`\n${topics.length} topics: ${fit} profiles fit (${((100 * fit) / Math.max(1, topics.length)).toFixed(1)}%); kind right ${rightKind}, general (says less) ${general}, wrong ${topics.length - rightKind - general}; key entities and places ${itemsFit} of ${items} fit (${unjudged.length} not judged yet, counted as not fitting)`);
  if (values.unjudged) for (const j of unjudged) console.log(JSON.stringify(j));

  // Matching with profiles the engine wrote from the topic's name and the store: the demo topics'
  // judged pairs, then those of topics that name a body and a subject of its ("FDA drug approvals").
  const { records } = await loadDemoCorpus();
  const byId = new Map(records.map((r) => [r.id, r]));
  const store = storeOf(records);
  for (const [file, what] of [
    ['relevance.jsonl', "the engine's own profiles of the demo topics"],
    ['relevance-by-name.jsonl', 'topics that name a body and a subject of its'],
  ] as const) {
    const labels = readJsonl<RelevanceLabel>(file);
    const all: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const name of [...new Set(labels.map((l) => l.topic))]) {
      const p = buildTopicProfile({ name, context: [], sources: [], profilePlaces: [], evidence: await topicEvidence(herald.database, herald.search, name) });
      const topic = { name, description: p.description, query: p.query, keyEvents: p.key_events, keyEntities: p.key_entities, keyPlaces: p.key_places, sources: p.sources, relevanceMatrix: p.relevance_matrix, informationSought: p.information_sought };
      const c: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
      const model = modelOf(topic, store);
      for (const label of labels.filter((l) => l.topic === name)) {
        const passed = (await judgePair(topic, byId.get(label.doc_id)!, model)).decision === 'PASS';
        c[passed ? (label.relevant ? 'tp' : 'fp') : label.relevant ? 'fn' : 'tn'] += 1;
      }
      for (const k of ['tp', 'fp', 'fn', 'tn'] as const) all[k] += c[k];
      console.log(`  ${name.padEnd(40)} ${prf(c)}`);
    }
    console.log(`matching with ${what}, on ${labels.length} judged pairs (fixtures/eval/${file}): ${prf(all)}`);
  }
} finally {
  await herald.stop();
}
