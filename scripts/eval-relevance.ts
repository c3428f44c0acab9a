/**
 * Relevance of the built-in engine: precision and recall of the pipeline's pre-filter + detection,
 * each topic read by its relevance model (built from its words, the store and the reader's
 * judgements, as the pipeline builds it).
 *
 *   npm run eval:relevance [-- --set demo|newswire] [--errors] [--names-only] [--topic NAME] [--profiles] [--topics FILE]
 *   npm run eval:relevance -- --replay [--days 4]
 *
 * demo: fixtures/eval/relevance.jsonl, one hand judgement a line ({topic, doc_id, relevant}) of a
 * demo topic (server/demo/topics.ts) and a document of the demo corpus (the store), judged by the
 * rule in fixtures/eval/RELEVANCE.md.
 *
 * newswire: a stream the product was never tuned to, read from ../shared/data/newswire (research
 * licence: evaluated from there, never copied here; HERALD_NEWSWIRE points elsewhere). Its 4,172
 * stories are the store; the topics of fixtures/eval/newswire-topics.jsonl are typed as a user
 * would, profiled as the product profiles a topic typed by name (the built-in topic validation
 * with evidence from the store's search; --names-only skips it, faster) and judged against the
 * wire editors' category labels. Printed per topic and micro-averaged, for the topics tuned on
 * and the held-out ones (their "set"), and for each half of the fortnight: once zero-shot (the
 * topic's words and the store) and once after five "More / Less like this" a reader would give in
 * the first days (the first five stories the topic passes, judged by the labels, then left out of
 * the count). Beside them: the floor (a plain TF-IDF of the topic's name with the one threshold
 * best for the whole set), the pre-filter's recall of what detection passes (detection run on
 * every pair) and of the labelled stories, and its selectivity (pairs per story).
 *
 * --topics newswire-place-topics: topics scoped to a place ("Sugar market in Europe"), a story
 * relevant when it has the category and one of the editors' places lies within the topic's place
 * (the gazetteer's countries and groups).
 *
 * --replay: the newswire's first days as a stream meets them, in a minute rather than eval:stream's
 * ten: each topic typed by name, its model rebuilt every REPLAY_STEP stories on the store so far
 * (as the pipeline rebuilds a model when 100 documents arrived), each model judging what has
 * arrived and was not passed yet (the second look: by the class alone, as topic-models.ts rescans
 * after the store grew), a pass never taken back. Printed as eval:stream
 * prints it, with the passes by the size of the store their model was built on.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { DEMO_TOPICS } from '../server/demo/topics.js';
import { startHerald } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { sources } from '../server/db/schema/index.js';
import { ingestDocuments } from '../server/documents/ingest.js';
import { builtinValidateTopic } from '../server/intelligence/capabilities/validate-topic.js';
import { buildTopicProfile } from '../server/intelligence/builtin/topic-profile.js';
import { topicEvidence } from '../server/modules/user-topics/evidence.js';
import type { NewTopic } from '../server/modules/user-topics/topics.js';
import { placeNamed } from '../server/intelligence/knowledge/places.js';
import { ROOT } from '../server/paths.js';
import { terms } from '../server/search/terms.js';
import { loadDemoCorpus } from '../server/sources/demo.js';
import { documentFeatures, passesByClass } from '../server/intelligence/builtin/topic-model.js';
import { judgePair, modelOf, prf, storeOf, type Confusion, type JudgedDocument, type RelevanceLabel as Label } from './relevance-judge.js';

const { values } = parseArgs({
  options: { set: { type: 'string' }, errors: { type: 'boolean', default: false }, 'names-only': { type: 'boolean', default: false }, topic: { type: 'string' }, profiles: { type: 'boolean', default: false }, topics: { type: 'string', default: 'newswire-topics' }, replay: { type: 'boolean', default: false }, days: { type: 'string', default: '4' } },
});
const EVAL = path.join(ROOT, 'fixtures', 'eval');
/** Stories a replayed model is rebuilt after (eval:stream's six-hour runs bring about as many). */
const REPLAY_STEP = 115;
const NEWSWIRE = process.env.HERALD_NEWSWIRE ?? path.join(ROOT, '..', 'shared', 'data', 'newswire', 'reuters_1987_03_09-20.jsonl');
/** The wire's places that gazetteers name otherwise (1987's states). */
const WIRE_PLACES: Record<string, string> = { 'west-germany': 'DE', 'east-germany': 'DE', ussr: 'RU' };
const countryOfWire = (place: string) => WIRE_PLACES[place] ?? placeNamed(place.replace(/-/g, ' '))?.country ?? undefined;
/** The countries a place as typed covers: a group's members, a country itself. */
function countriesCovered(place: string): Set<string> {
  const found = placeNamed(place.replace(/^the\s+/i, ''));
  if (!found) throw new Error(`eval: no place named ${place}`);
  return new Set(found.kind === 'group' ? found.members : [found.country!]);
}
/** Whether a story is relevant to a topic by the editors' labels (and places, for a topic scoped to one). */
function relevantTo(topic: WireTopic): (s: Story) => boolean {
  const within = topic.place ? countriesCovered(topic.place) : undefined;
  return (s) => s.labels.some((l) => topic.labels.includes(l)) && (!within || (s.places ?? []).some((p) => within.has(countryOfWire(p) ?? '')));
}
const topicsFile = () => path.join(EVAL, `${values.topics}.jsonl`);
const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const empty = (): Confusion => ({ tp: 0, fp: 0, fn: 0, tn: 0 });
const add = (into: Confusion, c: Confusion) => (['tp', 'fp', 'fn', 'tn'] as const).forEach((k) => (into[k] += c[k]));
const count = (c: Confusion, predicted: boolean, relevant: boolean) => (c[predicted ? (relevant ? 'tp' : 'fp') : relevant ? 'fn' : 'tn'] += 1);

if (values.replay) await replay();
else {
  if (!values.set || values.set === 'demo') await demoSet();
  if (!values.set || values.set === 'newswire') await newswireSet();
}

async function demoSet() {
  const { records } = await loadDemoCorpus();
  const store = storeOf(records);
  const byId = new Map(records.map((r) => [r.id, r]));
  const labels = readJsonl<Label>(path.join(EVAL, 'relevance.jsonl'));
  const all = empty();
  const perTopic = new Map<string, Confusion>();
  const errors: string[] = [];
  for (const topic of DEMO_TOPICS) {
    const model = modelOf(topic, store);
    const c = empty();
    for (const label of labels.filter((l) => l.topic === topic.name)) {
      const doc = byId.get(label.doc_id);
      if (!doc) throw new Error(`unknown document: ${label.doc_id}`);
      const j = await judgePair(topic, doc, model);
      const predicted = j.decision === 'PASS';
      count(c, predicted, label.relevant);
      if (predicted !== label.relevant) errors.push(`${predicted ? 'FP' : 'FN'} ${topic.name} | ${label.doc_id} | ${j.decision} ${j.total.toFixed(2)} | ${doc.title.slice(0, 100)}\n     ${j.rationale ?? ''}`);
    }
    perTopic.set(topic.name, c);
    add(all, c);
  }
  console.log(`demo: relevance (pre-filter + built-in detection) on ${labels.length} judged pairs (${all.tp + all.fn} relevant, ${all.fp + all.tn} not), fixtures/eval/relevance.jsonl`);
  console.log(`all           ${prf(all)}  (TP ${all.tp} FP ${all.fp} FN ${all.fn} TN ${all.tn})`);
  for (const [topic, c] of perTopic) console.log(`  ${topic.padEnd(40)} ${prf(c)}  (${c.tp + c.fn} relevant of ${c.tp + c.fp + c.fn + c.tn})`);
  if (values.errors) for (const e of errors) console.log(e);
}

interface Story extends JudgedDocument {
  labels: string[];
  /** The editors' places (Reuters' names: "usa", "west-germany"). */
  places?: string[];
  published: string;
}
interface WireTopic {
  name: string;
  labels: string[];
  /** The place the name scopes it to, as typed ("Europe", "the United States"): a story is relevant when one of its places lies there. */
  place?: string;
  set: 'tune' | 'held-out';
}



async function newswireSet() {
  if (!existsSync(NEWSWIRE)) {
    console.log(`\nnewswire: skipped, ${NEWSWIRE} not found (set HERALD_NEWSWIRE)`);
    return;
  }
  const stories = readJsonl<Omit<Story, 'id'> & { doc_id: string }>(NEWSWIRE).map((s): Story => ({ ...s, id: s.doc_id, collection_id: 1, language: 'en', published_at: s.published }));
  const topics = readJsonl<WireTopic>(topicsFile()).filter((t) => !values.topic || t.name === values.topic);
  const store = storeOf(stories);
  const profiles = values['names-only'] ? new Map<string, NewTopic>() : await profilesFromStore(stories, topics.map((t) => t.name));
  const days = [...new Set(stories.map((s) => s.published.slice(0, 10)))].sort();
  const secondHalf = days[Math.floor(days.length / 2)]!;
  const half = (s: Story) => (s.published.slice(0, 10) < secondHalf ? 'first' : 'second');

  const rows: { topic: WireTopic; zero: Confusion; judged: Confusion; sameStories: Confusion; halves: Record<string, Confusion> }[] = [];
  const prefilter = { detected: 0, kept: 0, relevant: 0, relevantKept: 0, pairs: 0 };
  const errors: string[] = [];
  for (const topic of topics) {
    const asTyped: NewTopic = { ...(profiles.get(topic.name) ?? {}), name: topic.name, sources: [1] };
    const relevant = relevantTo(topic);
    const zero = empty();
    const halves: Record<string, Confusion> = { first: empty(), second: empty() };
    const model = modelOf(asTyped, store);
    if (values.profiles) {
      console.log(`\n${topic.name}: ${asTyped.description ?? ''}\n  entities: ${(asTyped.keyEntities ?? []).join(' | ')}\n  query: ${asTyped.query ?? ''}`);
      console.log(`  model (${model.basis}, bar ${model.bar}): ${Object.entries(model.terms).sort((a, b) => b[1] - a[1]).slice(0, 16).map(([t, w]) => `${t} ${w.toFixed(3)}`).join(', ')}`);
      if (model.senses) console.log(`  another sense in: ${Object.keys(model.senses).join(', ')}`);
    }
    const passed: Story[] = [];
    for (const story of stories) {
      const j = await judgePair(asTyped, story, model);
      const predicted = j.decision === 'PASS';
      count(zero, predicted, relevant(story));
      count(halves[half(story)]!, predicted, relevant(story));
      if (predicted) passed.push(story);
      // The pre-filter against detection run on every pair (j.decision is 'prefilter' when it stopped one detection would judge).
      const detectionPasses = j.decision === 'PASS' || (j.decision === 'prefilter' && j.total >= 0.5);
      if (detectionPasses) prefilter.detected++;
      if (detectionPasses && j.prefilter) prefilter.kept++;
      if (relevant(story)) prefilter.relevant++;
      if (relevant(story) && j.prefilter) prefilter.relevantKept++;
      if (j.prefilter) prefilter.pairs++;
      if (values.errors && predicted !== relevant(story)) errors.push(`${predicted ? 'FP' : 'FN'} ${topic.name} | ${j.total.toFixed(2)} | ${story.title.slice(0, 100)}`);
    }
    // A reader's first five judgements: the first five stories the topic passes, by the labels.
    const firstFive = passed.sort((a, b) => a.published.localeCompare(b.published)).slice(0, 5);
    const judgedModel = modelOf(asTyped, store, firstFive.map((doc) => ({ doc, judgement: relevant(doc) ? 'more' : 'less' })));
    if (values.profiles) {
      console.log(`  judged: ${firstFive.map((d) => `${relevant(d) ? 'more' : 'less'} "${d.title.slice(0, 60)}"`).join('; ')}`);
      console.log(`  model after judgements (bar ${judgedModel.bar}): ${Object.entries(judgedModel.terms).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 24).map(([t, w]) => `${t} ${w.toFixed(3)}`).join(', ')}`);
      console.log(`  concept: ${JSON.stringify(judgedModel.concept).slice(0, 600)}`);
    }
    const judged = empty();
    // The judged stories are left out of the count; zero-shot on the same stories is beside it, so the two compare.
    const sameStories = empty();
    const left = new Set(firstFive.map((s) => s.id));
    const passedIds = new Set(passed.map((s) => s.id));
    for (const story of stories) {
      if (left.has(story.id)) continue;
      const afterJudgements = await judgePair(asTyped, story, judgedModel);
      count(judged, afterJudgements.decision === 'PASS', relevant(story));
      if (values.errors && (afterJudgements.decision === 'PASS') !== relevant(story) && passedIds.has(story.id) === relevant(story))
        errors.push(`${relevant(story) ? 'FN' : 'FP'} after judgements ${topic.name} | ${afterJudgements.total.toFixed(2)} | ${story.title.slice(0, 100)}`);
      count(sameStories, passedIds.has(story.id), relevant(story));
    }
    rows.push({ topic, zero, judged, sameStories, halves });
  }

  const f = (c: Confusion) => prf(c).replace(/ {2}/g, ' ');
  console.log(`\nnewswire: ${stories.length} stories (${path.relative(ROOT, NEWSWIRE)}), ${topics.length} topics typed as a user would${values['names-only'] ? ' (names only)' : ', profiled from the store'}; the wire editors' labels`);
  console.log(`${'topic'.padEnd(42)} ${'zero-shot'.padEnd(30)} ${'after 5 judgements'.padEnd(30)} relevant`);
  for (const r of rows) console.log(`${`${r.topic.name} [${r.topic.set}]`.padEnd(42)} ${f(r.zero).padEnd(30)} ${f(r.judged).padEnd(30)} ${r.zero.tp + r.zero.fn}`);
  for (const [what, chosen] of [
    ['tune topics', rows.filter((r) => r.topic.set === 'tune')],
    ['held-out topics', rows.filter((r) => r.topic.set === 'held-out')],
    ['all topics', rows],
  ] as const) {
    const zero = empty();
    const judged = empty();
    const same = empty();
    for (const r of chosen) {
      add(zero, r.zero);
      add(judged, r.judged);
      add(same, r.sameStories);
    }
    console.log(`micro, ${what.padEnd(16)} zero-shot ${f(zero).padEnd(30)} after 5 judgements ${f(judged).padEnd(30)} (zero-shot on the same stories ${f(same)})`);
  }
  for (const which of ['first', 'second']) {
    const c = empty();
    for (const r of rows) add(c, r.halves[which]!);
    console.log(`micro, ${which} half of the days (from ${which === 'first' ? days[0] : secondHalf}) zero-shot ${f(c)}`);
  }
  const floor = tfidfFloor(stories, topics);
  console.log(`floor: a plain TF-IDF of the topic's name, one threshold (${floor.threshold}, the best for the set): ${f(floor.confusion)}`);
  console.log(
    `pre-filter: keeps ${(prefilter.kept / Math.max(1, prefilter.detected)).toFixed(3)} of what detection passes, ${(prefilter.relevantKept / Math.max(1, prefilter.relevant)).toFixed(3)} of the labelled stories; ${(prefilter.pairs / stories.length).toFixed(2)} pairs per story for ${topics.length} topics`,
  );
  if (values.errors) for (const e of errors) console.log(e);
}

async function replay() {
  if (!existsSync(NEWSWIRE)) return console.log(`replay: skipped, ${NEWSWIRE} not found (set HERALD_NEWSWIRE)`);
  const start = Date.parse(`${readJsonl<{ published: string }>(NEWSWIRE).map((s) => s.published).sort()[0]!.slice(0, 10)}T00:00:00Z`);
  const end = start + Number(values.days) * 86_400_000;
  const stories = readJsonl<Omit<Story, 'id'> & { doc_id: string }>(NEWSWIRE)
    .map((s): Story => ({ ...s, id: s.doc_id, collection_id: 1, language: 'en', published_at: s.published }))
    .filter((s) => Date.parse(s.published) < end)
    .sort((a, b) => a.published.localeCompare(b.published));
  const topics = readJsonl<WireTopic>(topicsFile()).filter((t) => !values.topic || t.name === values.topic);
  const totals: Record<string, Confusion> = { tune: empty(), 'held-out': empty(), all: empty() };
  const bySize = new Map<string, { right: number; wrong: number }>();
  const byLook = new Map<string, { right: number; wrong: number }>();
  const f = (c: Confusion) => prf(c).replace(/ {2}/g, ' ');
  console.log(`replay: the first ${values.days} days of the newswire (${stories.length} stories), a model rebuilt every ${REPLAY_STEP} stories, ${topics.length} topics typed by name`);
  for (const topic of topics) {
    const asTyped: NewTopic = { name: topic.name, sources: [1] };
    const relevant = relevantTo(topic);
    const passed = new Set<string>();
    for (let seen = REPLAY_STEP; seen < stories.length + REPLAY_STEP; seen += REPLAY_STEP) {
      const arrived = stories.slice(0, Math.min(seen, stories.length));
      const model = modelOf(asTyped, storeOf(arrived));
      const size = arrived.length < 500 ? '<500' : arrived.length < 1000 ? '<1000' : '>=1000';
      for (const [at, story] of arrived.entries()) {
        if (passed.has(story.id) || (await judgePair(asTyped, story, model)).decision !== 'PASS') continue;
        // A story that arrived before this model was rebuilt: the second look passes it by the class alone (topic-models.ts rescan).
        const byClass = passesByClass(model, documentFeatures(story));
        const look = `${at >= seen - REPLAY_STEP ? 'on arrival' : 'second look'} by ${byClass ? 'class' : 'words'}`;
        if (look === 'second look by words') continue;
        passed.add(story.id);
        const counted = byLook.get(look) ?? { right: 0, wrong: 0 };
        counted[relevant(story) ? 'right' : 'wrong']++;
        byLook.set(look, counted);
        const entry = bySize.get(size) ?? { right: 0, wrong: 0 };
        entry[relevant(story) ? 'right' : 'wrong']++;
        bySize.set(size, entry);
        if (values.errors && !relevant(story)) console.log(`FP ${topic.name} | store ${arrived.length} | ${story.title.slice(0, 100)}`);
      }
    }
    const c = empty();
    for (const story of stories) count(c, passed.has(story.id), relevant(story));
    add(totals[topic.set]!, c);
    add(totals.all!, c);
    console.log(`${`${topic.name} [${topic.set}]`.padEnd(48)} ${f(c).padEnd(30)} ${c.tp + c.fn}`);
  }
  console.log(`passed: ${[...byLook].map(([look, c]) => `${look} right ${c.right} wrong ${c.wrong}`).join('; ')}`);
  console.log(`passed by the store their model was built on: ${[...bySize].map(([size, c]) => `${size} right ${c.right} wrong ${c.wrong}`).join('; ')}`);
  for (const set of ['tune', 'held-out', 'all']) console.log(`micro, ${set.padEnd(9)} ${f(totals[set]!)}`);
}

/** Each topic profiled as a topic typed by name is: the built-in validation with the store's evidence (a store of the stories, in memory). */
async function profilesFromStore(stories: Story[], names: string[]): Promise<Map<string, NewTopic>> {
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DEMO: 'off', DEMO_SOURCE: 'off', HERALD_ROLES: 'api', SUMMARY_MODEL: 'builtin' });
  const herald = await startHerald(config, { inMemory: true, listen: false, logger: pino({ level: 'silent' }) });
  try {
    const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name: 'newswire', collectionId: 1, intervalMinutes: 60, enabled: false }).returning({ id: sources.id });
    for (let i = 0; i < stories.length; i += 200) {
      const page = stories.slice(i, i + 200).map((s) => ({ externalId: s.id, title: s.title, text: s.text, publisher: 'Newswire', publishedAt: new Date(s.published), contentType: 'news', collectionId: 1, canonicalUrl: null, language: 'en' }));
      await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 1 }, page);
      process.stderr.write(`\rthe store: ${Math.min(stories.length, i + 200)} stories`);
    }
    process.stderr.write('\n');
    const out = new Map<string, NewTopic>();
    for (const name of names) {
      const evidence = await topicEvidence(herald.database, herald.search, name);
      const answer = builtinValidateTopic({ topic: name, turns: [], sources: [], existing: [], profile: { summary: null, places: [], industries: [] }, evidence });
      // A reading that would need a question gets the built-in profile of the name as it stands (as topic-enrich does).
      const p = answer.topic ?? buildTopicProfile({ name, context: [], sources: [], profilePlaces: [], evidence });
      out.set(name, { name, description: p.description, query: p.query, keyEvents: p.key_events, keyEntities: p.key_entities, keyPlaces: p.key_places, relevanceMatrix: p.relevance_matrix, sources: [1] });
    }
    return out;
  } finally {
    await herald.stop();
  }
}

/** The floor: cosine of log-TF x IDF vectors of the topic's name and each story, one threshold for every topic (the best for the set). */
function tfidfFloor(stories: Story[], topics: WireTopic[]): { threshold: number; confusion: Confusion } {
  const docTerms = stories.map((s) => terms(`${s.title} ${s.text}`));
  const df = new Map<string, number>();
  for (const t of docTerms) for (const term of new Set(t)) df.set(term, (df.get(term) ?? 0) + 1);
  const vector = (words: string[]) => {
    const tf = new Map<string, number>();
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    const v = new Map([...tf].map(([w, n]) => [w, (1 + Math.log(n)) * Math.log(stories.length / ((df.get(w) ?? 0) + 1))]));
    const norm = Math.hypot(...v.values()) || 1;
    return new Map([...v].map(([w, x]) => [w, x / norm]));
  };
  const docVectors = docTerms.map(vector);
  const scored = topics.map((t) => {
    const q = vector(terms(t.name));
    const relevant = relevantTo(t);
    return stories.map((s, i) => ({ relevant: relevant(s), score: [...q].reduce((sum, [w, x]) => sum + x * (docVectors[i]!.get(w) ?? 0), 0) }));
  });
  let best = { threshold: 0, confusion: empty(), f1: -1 };
  for (let threshold = 0.02; threshold < 0.6; threshold += 0.01) {
    const c = empty();
    for (const topic of scored) for (const s of topic) count(c, s.score >= threshold, s.relevant);
    const f1 = (2 * c.tp) / (2 * c.tp + c.fp + c.fn);
    if (f1 > best.f1) best = { threshold: Math.round(threshold * 100) / 100, confusion: c, f1 };
  }
  return best;
}
