/**
 * How often each hand rule of the built-in engine fires (server/intelligence/rules.ts): the
 * sentence rules (sentence-quality.ts) over every sentence of the two dev sets, as the summary and
 * the composer read them (as split, and without their furniture), and the title rules (titles.ts)
 * over each document's title with its lead, the key-metrics grammar's rules (key-metrics.ts) over
 * each sentence with a digit, the takeaway's act rule over each sentence that names an act
 * and its outlook rules over every sentence (takeaway.ts), and the clause rule over each
 * document's first quotable sentences.
 * A sentence or a title counts once per rule.
 *
 *   npm run eval:rules
 *
 * demo: the bundled demo corpus (fixtures/demo/corpus.jsonl.gz). newswire: a stream the rules
 * were never written on, read from ../shared/data/newswire (research licence: read from there,
 * never copied here; HERALD_NEWSWIRE points elsewhere). A rule that fires on neither is no rule,
 * unless it guards what a language model returned (rules.ts `guardsModel`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../server/paths.js';
import { loadDemoCorpus } from '../server/sources/demo.js';
import { anyRule, countFirings } from '../server/intelligence/rules.js';
import { ALL_SENTENCE_RULES, boilerplate, finished, fragment, quotable, statesSomething, withoutFurniture } from '../server/intelligence/capabilities/sentence-quality.js';
import { sentences } from '../server/intelligence/capabilities/summarise.js';
import { ALL_TITLE_RULES, articleTitle } from '../server/intelligence/capabilities/titles.js';
import { keyMetrics, METRIC_RULES } from '../server/intelligence/capabilities/key-metrics.js';
import { ALL_NEXT_STEP_RULES, announcesNextStep, saysWhen } from '../server/intelligence/capabilities/next-steps.js';
import { ACT_RULES, reportsAct, RESOURCE_RULES } from '../server/intelligence/capabilities/takeaway.js';
import { OUTLOOK_RULES } from '../server/intelligence/capabilities/outlook.js';
import { AIM_RULES, OTHER_WORK_RULES } from '../server/intelligence/capabilities/discourse.js';

const NEWSWIRE = process.env.HERALD_NEWSWIRE ?? path.join(ROOT, '..', 'shared', 'data', 'newswire', 'reuters_1987_03_09-20.jsonl');

interface Doc {
  title: string;
  text: string;
  date: string;
}

/** How many of a document's first quotable sentences the clause rule is asked of, as a lead is picked among them. */
const LEAD_CANDIDATES = 3;

/** Per rule name: the sentences and titles of `docs` it fired on (each counted once per rule). */
function firings(docs: Doc[]): Map<string, number> {
  const totals = new Map<string, number>();
  let seen = new Set<string>();
  const count = () => {
    for (const name of seen) totals.set(name, (totals.get(name) ?? 0) + 1);
    seen = new Set();
  };
  countFirings((name) => seen.add(name));
  try {
    for (const doc of docs) {
      const split = sentences(doc.text);
      let leadsAsked = 0;
      for (const raw of split) {
        const clean = finished(withoutFurniture(raw));
        for (const s of [raw, clean]) {
          boilerplate(s);
          fragment(s);
        }
        // The clause rule is asked only of the few quotable sentences a lead is picked from.
        if (leadsAsked < LEAD_CANDIDATES && quotable(clean)) {
          statesSomething(clean);
          leadsAsked += 1;
        }
        if (announcesNextStep(clean)) saysWhen(clean);
        reportsAct(clean);
        anyRule(OUTLOOK_RULES, clean);
        anyRule(OTHER_WORK_RULES, clean);
        anyRule(AIM_RULES, clean);
        if (/https?:\/\//.test(clean)) anyRule(RESOURCE_RULES, clean);
        if (/\d/.test(clean)) keyMetrics([{ sentence: clean, source: 1, date: doc.date || '2000-01-01', main: true, title: doc.title }]);
        count();
      }
      // With the document's sentences, as compose.ts gives them: where its decision is, when the title says nothing of it.
      articleTitle(doc.title, doc.date, split[0], undefined, split.slice(0, 60));
      count();
    }
  } finally {
    countFirings(undefined);
  }
  return totals;
}

async function demoDocs(): Promise<Doc[]> {
  const { records } = await loadDemoCorpus();
  return records.map((r) => ({ title: r.title, text: r.text, date: r.published_at ?? '' }));
}

function newswireDocs(): Doc[] | undefined {
  if (!existsSync(NEWSWIRE)) return undefined;
  return readFileSync(NEWSWIRE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { title: string; text: string; published: string })
    .map((s) => ({ title: s.title, text: s.text, date: s.published }));
}

const demo = await demoDocs();
const wire = newswireDocs();
const onDemo = firings(demo);
const onWire = wire ? firings(wire) : new Map<string, number>();
const rules = [
  ...ALL_SENTENCE_RULES.map((r) => ({ ...r, file: 'sentence-quality' })),
  ...ALL_TITLE_RULES.map((r) => ({ ...r, file: 'titles' })),
  ...METRIC_RULES.map((r) => ({ ...r, file: 'key-metrics' })),
  ...ALL_NEXT_STEP_RULES.map((r) => ({ ...r, file: 'next-steps' })),
  ...ACT_RULES.map((r) => ({ ...r, file: 'takeaway' })),
  ...OUTLOOK_RULES.map((r) => ({ ...r, file: 'takeaway' })),
  ...RESOURCE_RULES.map((r) => ({ ...r, file: 'takeaway' })),
  ...OTHER_WORK_RULES.map((r) => ({ ...r, file: 'discourse' })),
  ...AIM_RULES.map((r) => ({ ...r, file: 'discourse' })),
];
// Both dev sets are English: a rule for another language is read on them as the text of an unknown language (where it must not fire), and kept by its tests.
const DEV_LANGUAGES = new Set(['en', '*']);

/** Why a rule fired on neither dev set: it guards a model's output, no dev set is in its language, or it is no rule. */
function unfired(rule: { language: string; guardsModel?: true }): string {
  if (rule.guardsModel) return '  (guards a model\'s output)';
  return DEV_LANGUAGES.has(rule.language) ? '  fires on none' : '  (no dev set in its language)';
}

console.log(`hand rules fired: demo ${demo.length} documents${wire ? `, newswire ${wire.length} stories (${path.relative(ROOT, NEWSWIRE)})` : `; newswire skipped, ${NEWSWIRE} not found (set HERALD_NEWSWIRE)`}`);
console.log(`${'file'.padEnd(17)} ${'rule'.padEnd(28)} lang    demo  newswire`);
for (const rule of rules) {
  const d = onDemo.get(rule.name) ?? 0;
  const w = onWire.get(rule.name) ?? 0;
  console.log(`${rule.file.padEnd(17)} ${rule.name.padEnd(28)} ${rule.language.padEnd(4)} ${String(d).padStart(7)} ${wire ? String(w).padStart(9) : '        -'}${d + w === 0 ? unfired(rule) : ''}`);
}
