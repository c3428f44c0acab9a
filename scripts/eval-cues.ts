/**
 * Whether each cue word of the kinds of topics (server/intelligence/knowledge/datasets/topic-kinds.json)
 * and of the regulators' subjects (regulators.json) is characteristic of documents of its kind,
 * on the documents of the two dev sets (ADR 015; the statistics: scripts/cue-stats.ts).
 *
 *   npm run eval:cues [-- --flagged] [-- --kind trade]
 *
 * demo: the bundled demo corpus (fixtures/demo/corpus.jsonl.gz). newswire: read from
 * ../shared/data/newswire (research licence: read from there, never copied here; HERALD_NEWSWIRE
 * points elsewhere). A document's kind, where its source says it, comes from the source's own
 * label, never from the cues: the demo's collections and sets (arXiv preprints are research, the
 * Federal Register's notices regulation, the Federal Reserve's releases monetary policy, ...) and
 * the Current Events Portal's and Wikinews' categories; the wire editors' categories (earn:
 * markets and company; cpi, gnp, money-supply ...: monetary; jobs: labour; oilseeds, sugar,
 * livestock ...: agriculture; nat-gas, fuel ...: energy). A kind with fewer than ten labelled
 * documents is judged by how the other cues classify the documents that hold the cue. For a
 * regulators' subject, its documents are those that name one of its bodies (by a name or another
 * name of other-names.json; a body of three subjects or more, the European Commission, says none).
 * The industries of a profile (industries.json) are checked the same way, as kinds of their own:
 * a document's industry is its source's label where one says it (below: INDUSTRY_BY_*), and an
 * industry with too few such documents is judged by how the industries' other cues classify the
 * documents that hold the cue.
 *
 * --flagged prints only the flagged cues; --kind one kind (or subject).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INDUSTRY_KNOWLEDGE } from '../server/intelligence/builtin/profile-lexicon.js';
import { ALL_DOMAINS, DOMAINS } from '../server/intelligence/builtin/topic-domains.js';
import { ALSO_KNOWN, REGULATORS } from '../server/intelligence/builtin/world.js';
import { ROOT } from '../server/paths.js';
import { loadDemoCorpus, type DemoRecord } from '../server/sources/demo.js';
import { cueStatistics, THRESHOLDS, type CueDocument, type CueKind, type CueStat, type KindSummary } from './cue-stats.js';

const { values } = parseArgs({ options: { flagged: { type: 'boolean', default: false }, kind: { type: 'string' } } });
const NEWSWIRE = process.env.HERALD_NEWSWIRE ?? path.join(ROOT, '..', 'shared', 'data', 'newswire', 'reuters_1987_03_09-20.jsonl');

/** The Current Events Portal's categories (and its one long story) and Wikinews' categories as kinds. */
const PORTAL: Record<string, string> = {
  War_Conflict: 'conflict',
  Disaster_Accident: 'disaster',
  International_Relation: 'geopolitics',
  Law_Crime: 'litigation',
  Business_Finance: 'markets',
  Technology_Internet: 'technology',
  Health_Medical_Pharma: 'health',
  Elections: 'elections',
  'Disasters and accidents': 'disaster',
  Earthquakes: 'disaster',
  'Crime and law': 'litigation',
  'Economy and business': 'markets',
};
const BY_SET: Record<string, string> = {
  arxiv_recent: 'research',
  clinicaltrials_herniated_disc: 'clinical',
  federal_register_2016_04_15: 'regulation',
  fed_monetary: 'monetary',
  whitehouse_covid_2020: 'health',
};
const BY_COLLECTION: Record<number, string> = { 4: 'research', 5: 'legislation', 6: 'regulation', 7: 'litigation', 8: 'company', 9: 'clinical', 10: 'ip', 11: 'ip' };

function demoKinds(r: DemoRecord): Set<string> {
  const kinds = new Set<string>();
  const bySet = BY_SET[r.set];
  if (bySet) kinds.add(bySet);
  else if (r.set === 'demo_corpus' && BY_COLLECTION[r.collection_id]) kinds.add(BY_COLLECTION[r.collection_id]!);
  const meta = r.metadata as { category?: string; categories?: string[]; story?: string };
  if (meta.story === 'European migrant crisis') kinds.add('migration');
  for (const category of [...(meta.category ? [meta.category] : []), ...(r.set === 'wikinews_2004' ? (meta.categories ?? []) : [])]) if (PORTAL[category]) kinds.add(PORTAL[category]);
  return kinds;
}

/** The wire editors' categories as kinds (the stories' labels: ../shared/data/newswire/SOURCE.txt). */
const WIRE: Record<string, string[]> = {
  earn: ['markets', 'company'],
  retail: ['markets'],
  housing: ['markets'],
  jobs: ['labour', 'monetary'],
  ...Object.fromEntries(
    ['money-supply', 'gnp', 'cpi', 'ipi', 'wpi', 'bop', 'reserves', 'income', 'lei', 'instal-debt', 'inventories', 'yen', 'stg', 'dfl', 'dmk', 'austdlr', 'nzdlr', 'rand', 'peseta', 'dlr', 'money-fx', 'interest'].map((l) => [l, ['monetary']]),
  ),
  ...Object.fromEntries(['nat-gas', 'gas', 'fuel', 'heat', 'naphtha', 'jet', 'pet-chem', 'crude', 'propane'].map((l) => [l, ['energy']])),
  ...Object.fromEntries(
    [
      'veg-oil', 'oilseed', 'sugar', 'livestock', 'soybean', 'carcass', 'cotton', 'rubber', 'meal-feed', 'hog', 'orange', 'l-cattle', 'rapeseed', 'sunseed',
      'soy-oil', 'coconut-oil', 'sun-oil', 'pork-belly', 'tapioca', 'soy-meal', 'fishmeal', 'potato', 'corn-oil', 'rape-oil', 'cotton-oil', 'tea', 'palm-oil',
      'grain', 'wheat', 'corn', 'coffee', 'cocoa', 'rice', 'barley', 'oat', 'sorghum',
    ].map((l) => [l, ['agriculture']]),
  ),
  trade: ['trade'],
};

function newswireStories(): { title: string; text: string; labels: string[] }[] | undefined {
  if (!existsSync(NEWSWIRE)) return undefined;
  return readFileSync(NEWSWIRE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { title: string; text: string; labels: string[] });
}

/**
 * A document's industries (contract INDUSTRIES values) by its source's own label: the wire
 * editors' commodity and sector categories, the agency of a Federal Register notice, the demo's
 * sets (the Federal Reserve's releases: banking; clinical trials: healthcare, and a trial with a
 * drug phase also biotech and pharma; documents of Congress, regulators and the White House:
 * government) and the Current Events Portal's categories. arXiv's preprints are left unlabelled:
 * research is no industry of their cues' readers alone.
 */
const INDUSTRY_BY_WIRE: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(WIRE).filter(([, kinds]) => kinds.includes('agriculture')).map(([label]) => [label, ['agriculture']])),
  ...Object.fromEntries(Object.entries(WIRE).filter(([, kinds]) => kinds.includes('energy')).map(([label]) => [label, ['energy']])),
  'pet-chem': ['chemicals'],
  ...Object.fromEntries(['gold', 'silver', 'copper', 'zinc', 'alum', 'lead', 'tin', 'nickel', 'strategic-metal', 'iron-steel', 'platinum', 'palladium'].map((l) => [l, ['mining']])),
  ship: ['transport'],
  housing: ['construction'],
  lumber: ['construction'],
  retail: ['consumer'],
};
const INDUSTRY_BY_AGENCY: Record<string, string> = {
  'DEPARTMENT OF ENERGY': 'energy',
  'NUCLEAR REGULATORY COMMISSION': 'energy',
  'TENNESSEE VALLEY AUTHORITY': 'energy',
  'DEPARTMENT OF AGRICULTURE': 'agriculture',
  'DEPARTMENT OF TRANSPORTATION': 'transport',
  'SURFACE TRANSPORTATION BOARD': 'transport',
  'DEPARTMENT OF DEFENSE': 'aerospace_defense',
  'NATIONAL AERONAUTICS AND SPACE ADMINISTRATION': 'aerospace_defense',
  'FEDERAL COMMUNICATIONS COMMISSION': 'telecom',
  'DEPARTMENT OF EDUCATION': 'education',
  'DEPARTMENT OF HOUSING AND URBAN DEVELOPMENT': 'construction',
  'FEDERAL HOUSING FINANCE AGENCY': 'construction',
  'SECURITIES AND EXCHANGE COMMISSION': 'banking',
  'FEDERAL DEPOSIT INSURANCE CORPORATION': 'banking',
  'CONSUMER PRODUCT SAFETY COMMISSION': 'consumer',
  'BROADCASTING BOARD OF GOVERNORS': 'media',
};
const INDUSTRY_BY_PORTAL: Record<string, string> = {
  Health_Medical_Pharma: 'healthcare',
  Technology_Internet: 'software',
  Entertainment_Culture: 'media',
  Law_Crime: 'legal',
  'Crime and law': 'legal',
};

function demoIndustries(r: DemoRecord): Set<string> {
  const out = new Set<string>();
  const meta = r.metadata as { agency?: string; subagency?: string; category?: string; categories?: string[]; phases?: string[] };
  if (r.set === 'fed_monetary') out.add('banking');
  if (r.set === 'clinicaltrials_herniated_disc') {
    out.add('healthcare');
    if (meta.phases?.some((p) => /^PHASE\d/.test(p))) out.add('biotech_pharma');
  }
  if (r.set === 'federal_register_2016_04_15' || r.set === 'whitehouse_covid_2020' || (r.set === 'demo_corpus' && (r.collection_id === 5 || r.collection_id === 6))) out.add('government');
  if (r.set === 'whitehouse_covid_2020') out.add('healthcare');
  if (r.set === 'demo_corpus' && r.collection_id === 7) out.add('legal');
  if (r.set === 'federal_register_2016_04_15') {
    const agency = INDUSTRY_BY_AGENCY[meta.agency ?? ''];
    if (agency) out.add(agency);
    if (meta.agency === 'DEPARTMENT OF HEALTH AND HUMAN SERVICES') out.add(meta.subagency === 'Food and Drug Administration' ? 'biotech_pharma' : 'healthcare');
  }
  for (const category of [...(meta.category ? [meta.category] : []), ...(r.set === 'wikinews_2004' ? (meta.categories ?? []) : [])]) if (INDUSTRY_BY_PORTAL[category]) out.add(INDUSTRY_BY_PORTAL[category]);
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each regulators' subject as a kind, its documents those that name one of its bodies. */
function regulatorKinds(docs: { text: string; kinds: Set<string> }[]): CueKind[] {
  const bodies = REGULATORS.map((e) => [...new Set(Object.values(e.by).flat())]);
  const subjectsOf = new Map<string, number>();
  for (const list of bodies) for (const body of list) subjectsOf.set(body, (subjectsOf.get(body) ?? 0) + 1);
  return REGULATORS.map((entry, i) => {
    const key = entry.subject;
    const names = bodies[i]!.filter((b) => subjectsOf.get(b)! <= 2).flatMap((b) => [b, ...(ALSO_KNOWN[b] ?? [])]);
    const named = names.length ? new RegExp(`\\b(?:${names.map(escape).join('|')})\\b`) : undefined;
    if (named) for (const doc of docs) if (named.test(doc.text)) doc.kinds.add(key);
    return { key, cues: entry.cues };
  });
}

const pct = (x: number | null) => (x === null ? '     -' : `${(100 * x).toFixed(1).padStart(5)}%`);
const num = (x: number | null, digits = 2) => (x === null ? '-' : x.toFixed(digits));
const JUDGED = { labels: 'judged by its labels', classification: 'judged by classification (too few labelled documents)', none: 'not judged (too few documents of the kind)' };

function print(title: string, stats: CueStat[], kinds: KindSummary[], n: number, withWire: boolean) {
  console.log(`\n${title}`);
  console.log(`  ${'cue'.padEnd(24)} ${'demo'.padStart(5)} ${'wire'.padStart(5)} ${'df%'.padStart(6)}  ${'of kind'.padStart(6)} ${'lift'.padStart(6)} ${'log-odds'.padStart(8)}  ${'classed own'.padStart(11)} ${'base'.padStart(6)} ${'chance'.padStart(6)} ${'as'.padEnd(13)} ${'held as'.padEnd(34)} flags`);
  for (const kind of kinds) {
    if (values.kind && kind.key !== values.kind) continue;
    const all = stats.filter((s) => s.kind === kind.key);
    const rows = all.filter((s) => !values.flagged || s.flags.length);
    console.log(
      `${kind.key}: ${kind.kindDocs} labelled documents, ${pct(kind.classifiedShare).trim()} of all classified as it; ${JUDGED[kind.judged]}; ${all.filter((s) => s.flags.length).length} of ${all.length} cues flagged`,
    );
    for (const s of rows) {
      const heldAs = s.heldAs.map((h) => `${h.word} ${h.docs}`).join(', ');
      console.log(
        `  ${s.cue.padEnd(24)} ${String(s.dfBySet.demo ?? 0).padStart(5)} ${withWire ? String(s.dfBySet.newswire ?? 0).padStart(5) : '    -'} ${pct(s.df / n)}  ${pct(s.kindDocs ? s.inKind / s.kindDocs : null)} ${num(s.lift).padStart(6)} ${num(s.logOdds).padStart(8)}  ${pct(s.classifiedOwn).padStart(11)} ${pct(s.classifiedBase)} ${num(s.chance, 3).padStart(6)} ${(s.classifiedAs ?? '-').slice(0, 13).padEnd(13)} ${heldAs.slice(0, 34).padEnd(34)} ${s.flags.join(' ')}`,
      );
    }
  }
}

const { records } = await loadDemoCorpus();
const demo: { text: string; kinds: Set<string>; set: string }[] = records.map((r) => ({ text: `${r.title}. ${r.text}`, kinds: demoKinds(r), set: 'demo' }));
const stories = newswireStories();
const wire = stories?.map((s) => ({ text: `${s.title}. ${s.text}`, kinds: new Set(s.labels.flatMap((label) => WIRE[label] ?? [])), set: 'newswire' }));
const docs = [...demo, ...(wire ?? [])];
console.log(
  `cue words against documents: demo ${demo.length} documents${wire ? `, newswire ${wire.length} stories (${path.relative(ROOT, NEWSWIRE)})` : `; newswire skipped, ${NEWSWIRE} not found (set HERALD_NEWSWIRE)`}`,
);
console.log(
  [
    'df%: share of all documents holding the cue (demo, wire: how many); of kind: share of the documents labelled with its kind holding it; lift: the two compared;',
    'log-odds: of kind and cue; classed own: share of the documents holding it that the other cues classify as its kind (as: the kind most are), base: of all documents, the cue left out;',
    'chance: how likely so few of its documents would be of its kind (by the measure its kind is judged by) if the cue said nothing of it; held as: the words that held it.',
    `Flags: rare (held by fewer than ${THRESHOLDS.rare}: the dev sets cannot vouch for it), other-words (held by its own forms in fewer than ${100 * THRESHOLDS.ownForms}% of its documents),`,
    `everywhere (held by ${100 * THRESHOLDS.everywhere}% or more, less than ${THRESHOLDS.everywhereLift} times as often in its kind), not-of-kind (rarer in its kind than in all), other-kind (classed as its kind less often than all documents are)`,
  ].join('\n'),
);

const scored: CueKind[] = DOMAINS.map((d) => ({ key: d.key, cues: d.cues }));
const kinds: CueKind[] = ALL_DOMAINS.filter((d) => d.cues.length).map((d) => ({ key: d.key, cues: d.cues }));
const topics = cueStatistics(docs, kinds, { classifyBy: scored });
print('Kinds of topics (topic-kinds.json)', topics.stats, topics.kinds, docs.length, !!wire);

const subjects = regulatorKinds(docs);
const bodies = cueStatistics(docs, subjects);
print("Regulators' subjects (regulators.json; labelled: documents naming one of its bodies)", bodies.stats, bodies.kinds, docs.length, !!wire);

// The industries of a profile, on documents of their own (industry keys share names with kinds: energy, agriculture).
const industryDocs: CueDocument[] = [
  ...records.map((r) => ({ text: `${r.title}. ${r.text}`, kinds: demoIndustries(r), set: 'demo' })),
  ...(stories ?? []).map((s) => ({ text: `${s.title}. ${s.text}`, kinds: new Set(s.labels.flatMap((label) => INDUSTRY_BY_WIRE[label] ?? [])), set: 'newswire' })),
];
const industries = cueStatistics(
  industryDocs,
  INDUSTRY_KNOWLEDGE.map((k) => ({ key: k.value, cues: k.cues })),
);
print("Industries of a profile (industries.json; labelled: by the source's own label)", industries.stats, industries.kinds, docs.length, !!wire);

function summary(label: string, all: CueStat[]) {
  const byFlag = (flag: string) => all.filter((s) => s.flags.includes(flag)).length;
  console.log(
    `\n${label}: ${all.length} cues, ${all.filter((s) => s.flags.length).length} flagged (rare ${byFlag('rare')}, other-words ${byFlag('other-words')}, everywhere ${byFlag('everywhere')}, not-of-kind ${byFlag('not-of-kind')}, other-kind ${byFlag('other-kind')})`,
  );
  const strong = all.filter((s) => s.flags.some((f) => f !== 'rare') && s.flags.length >= 2);
  if (strong.length) console.log(`flagged twice (not characteristic by two measures): ${strong.map((s) => `${s.kind}/${s.cue} (${s.flags.join(', ')})`).join('; ')}`);
  const against = all.filter((s) => s.flags.some((f) => f === 'not-of-kind' || f === 'other-kind') && s.chance !== null && s.chance < THRESHOLDS.chance);
  console.log(`not of its kind beyond chance (flagged not-of-kind or other-kind, chance under ${THRESHOLDS.chance}): ${against.map((s) => `${s.kind}/${s.cue} (${s.chance!.toFixed(3)})`).join('; ') || 'none'}`);
}
summary("Kinds and regulators' subjects", [...topics.stats, ...bodies.stats]);
summary('Industries', industries.stats);
