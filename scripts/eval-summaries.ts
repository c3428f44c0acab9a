/**
 * The built-in lead against summaries the product did not write: ROUGE-1/2/L F (js-rouge) of the
 * built-in summary (the article's lead and its first points) and of a lead-3 baseline (the first
 * three sentences) against each document's own summary, over fixtures/eval/summaries.jsonl
 * (fixtures/eval/SUMMARIES.md: Federal Register documents, the SUMMARY paragraph taken out of the
 * text and kept as the reference).
 *
 * 'lead, template' is the built-in lead with its source's template set aside, as the product ranks a
 * document whose source_sentences are counted (repeated-sentences.ts; setTemplate below).
 *
 * The set is split in two halves by document number (the Federal Register's, "fr-2016-08717"):
 * even numbers are the tune half, on which the method's weights and changes are chosen; odd ones
 * the held-out half, which only checks them (a change is kept only if it holds there too).
 *
 *   npm run eval:summaries [-- --examples 3]
 *   npm run eval:summaries -- --build [path/to/shared/data]   writes the set again from its source
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { l as rougeL, n as rougeN } from 'js-rouge';
import { ROOT } from '../server/paths.js';
import { extractiveSummary, leadSentenceKeys, sentences } from '../server/intelligence/capabilities/summarise.js';
import { TEMPLATE_MIN_DOCUMENTS } from '../server/intelligence/capabilities/repeated-sentences.js';

const SET = path.join(ROOT, 'fixtures', 'eval', 'summaries.jsonl');
/** A document's text in the set is cut to this many characters (a whole sentence kept): the set stays small. */
const MAX_TEXT = 8000;

export interface SummaryCase {
  id: string;
  kind: string;
  title: string;
  text: string;
  reference: string;
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { build: { type: 'boolean', default: false }, examples: { type: 'string', default: '0' } } });

/** Words as ROUGE counts them: lower case letters and digits, punctuation aside (as rouge-score tokenises). */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const tokenizer = (text: string) => words(text);
const segmenter = (text: string) => sentences(text);

export function rouge(candidate: string, reference: string): [number, number, number] {
  return [rougeN(candidate, reference, { n: 1, tokenizer }), rougeN(candidate, reference, { n: 2, tokenizer }), rougeL(candidate, reference, { tokenizer, segmenter })];
}

/** The first three sentences: the baseline every extractive summariser is compared with. */
export const lead3 = (text: string) => sentences(text).slice(0, 3).join(' ');

/** A Federal Register document's text without its SUMMARY paragraph (up to the next section label). */
function withoutSummary(text: string): string {
  return text.replace(/\bSUMMARY:\s[\s\S]*?(?=\b(?:DATES?|EFFECTIVE DATES?|ADDRESSES|FOR FURTHER INFORMATION CONTACT|SUPPLEMENTARY INFORMATION):|$)/, '');
}

/** The text cut at a sentence's end before `max` characters. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const end = head.search(/[.!?]["'\u201d\u2019)]?\s[^.!?]*$/);
  return end > 0 ? head.slice(0, end + 1) : head;
}

function build(shared: string): void {
  const file = path.join(shared, 'demo', 'demo_federal_register', 'demo_federal_register_2016-04-15.jsonl');
  const rows = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, string | null>);
  const cases: SummaryCase[] = rows
    .filter((r) => (r.summary ?? '').split(/\s+/).length >= 15 && (r.text ?? '').includes('SUMMARY:'))
    .map((r) => ({ id: `fr-${r.doc_id}`, kind: `Federal Register ${r.fr_type}`, title: r.title ?? '', text: cut(withoutSummary(r.text ?? ''), MAX_TEXT), reference: r.summary ?? '' }))
    .filter((c) => !c.text.includes(c.reference.slice(0, 80)) && sentences(c.text).length >= 3);
  writeFileSync(SET, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  console.log(`${cases.length} documents -> ${path.relative(ROOT, SET)}`);
}

/** The half a document is in: its Federal Register document number even (tune) or odd (held-out). */
export const half = (c: SummaryCase): 'tune' | 'held-out' => (Number(c.id.match(/\d+$/)?.[0] ?? 0) % 2 === 0 ? 'tune' : 'held-out');

/**
 * What the set's documents repeat (in TEMPLATE_MIN_DOCUMENTS or more): their source's template, as
 * source_sentences counts it at ingest. The set is one source (the Federal Register of one day)
 * and keeps no publisher, so it is counted over the whole set, not per agency as ingest would.
 */
function setTemplate(cases: readonly SummaryCase[]): Set<number> {
  const counts = new Map<number, number>();
  for (const c of cases) for (const key of leadSentenceKeys(c.text)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= TEMPLATE_MIN_DOCUMENTS).map(([key]) => key));
}
let template = new Set<number>();

const systems: Record<string, (c: SummaryCase) => string> = {
  'built-in lead': (c) => extractiveSummary({ title: c.title, text: c.text }).summary,
  'lead, template': (c) => extractiveSummary({ title: c.title, text: c.text, sourceTemplate: template }).summary,
  'lead-3': (c) => lead3(c.text),
};

/** Mean ROUGE-1/2/L F and words of a system over some documents. */
function scores(system: (c: SummaryCase) => string, cases: readonly SummaryCase[]): [number, number, number, number] {
  const sums = [0, 0, 0, 0];
  for (const c of cases) {
    const candidate = system(c);
    rouge(candidate, c.reference).forEach((v, i) => (sums[i]! += v));
    sums[3]! += words(candidate).length;
  }
  return sums.map((s) => s / cases.length) as [number, number, number, number];
}

function evaluate(): void {
  const cases = readFileSync(SET, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as SummaryCase);
  template = setTemplate(cases);
  console.log(`${cases.length} documents with their own summaries (fixtures/eval/summaries.jsonl); ROUGE F, mean over documents`);
  const parts: [string, SummaryCase[]][] = [
    ['all', cases],
    ['tune', cases.filter((c) => half(c) === 'tune')],
    ['held-out', cases.filter((c) => half(c) === 'held-out')],
  ];
  console.log(`${'half'.padEnd(14)} ${'system'.padEnd(16)} ROUGE-1  ROUGE-2  ROUGE-L  words`);
  for (const [part, subset] of parts) {
    for (const [name, system] of Object.entries(systems)) {
      const [r1, r2, rl, length] = scores(system, subset);
      console.log(`${`${part} (${subset.length})`.padEnd(14)} ${name.padEnd(16)} ${r1.toFixed(3).padStart(7)}  ${r2.toFixed(3).padStart(7)}  ${rl.toFixed(3).padStart(7)}  ${length.toFixed(0).padStart(5)}`);
    }
  }
  console.log(`${'all'.padEnd(14)} reference        ${''.padStart(26)} ${(cases.reduce((n, c) => n + words(c.reference).length, 0) / cases.length).toFixed(0).padStart(5)}`);
  for (const c of cases.slice(0, Number(values.examples))) {
    console.log(`\n${c.id} ${c.title}\n  reference: ${c.reference}\n  built-in:  ${systems['built-in lead']!(c)}\n  lead-3:    ${lead3(c.text)}`);
  }
}

if (values.build) build(path.resolve(positionals[0] ?? path.join(ROOT, '..', 'shared', 'data')));
else evaluate();
