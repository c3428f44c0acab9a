import { z } from 'zod';
import { terms } from '../../search/terms.js';
import type { Capability } from '../types.js';
import { finished, quotable, withoutFurniture } from './sentence-quality.js';

export interface SummariseInput {
  title: string;
  text: string;
  publisher?: string | null;
  publishedAt?: string | null;
}

export const ZSummary = z.object({
  summary: z.string().describe('Two or three sentences: what happened, who, where, when, with the key figure.'),
  key_facts: z.array(z.string()).max(6).describe('Short factual statements taken from the document, each checkable against it.'),
});
export type TSummary = z.infer<typeof ZSummary>;

const FACT = /\d|%|\$|€|£|\b(?:million|billion|percent|per cent)\b/i;

/** Sentences: split after . ! ? where the next sentence starts (not inside 0.25, nor after an abbreviation: `ABBREVIATION_END`), and at line breaks (not where the next line goes on in lower case). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  // A line that goes on in lower case is the same sentence wrapped, not a new paragraph.
  for (const paragraph of text.split(/\n+(?![\p{Ll}])/u).map((p) => p.replace(/\n+/g, ' '))) {
    const pieces = paragraph.split(/(?<=[.!?]["'\u201d\u2019)]?)\s+(?=["'\u201c\u2018(]?[A-Z0-9])/);
    let sentence = '';
    pieces.forEach((piece, i) => {
      sentence = sentence ? `${sentence} ${piece}` : piece;
      const next = pieces[i + 1];
      if (next !== undefined && ABBREVIATION_END.test(sentence) && !SENTENCE_START.test(next)) return;
      out.push(sentence);
      sentence = '';
    });
  }
  return out
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .map((s) => (s.includes('(') ? s : s.replace(/\s+\)$/, ''))) // a bracket left over from a source's markup
    .filter((s) => s.split(' ').length >= 4);
}

// A period that ends an abbreviation, not a sentence: titles, months, company forms, references
// ("Ms. Rosenbaum", "Jan. 5", "No. 12") and initials ("U.S. Congress", "John F. Kennedy").
const ABBREVIATION_END =
  /(?:^|[\s(])(?:Mr|Mrs|Ms|Messrs|Dr|Prof|Gen|Sen|Rep|Gov|Lt|Col|Capt|Sgt|Maj|Adm|St|Mt|Ft|Jr|Sr|Rev|Hon|No|Nos|Inc|Corp|Co|Ltd|Bros|vs|etc|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Fig|Vol|Art|Sec|Dept|approx|(?:[A-Z]\.)*[A-Z])\.$/;
// After an abbreviation these words still start a new sentence ("... sanctions on the U.S. The talks").
const SENTENCE_START = /^["'\u201c\u2018(]?(?:The|A|An|It|Its|In|On|At|He|She|They|We|This|That|These|Those|There|But|And|However|His|Her|Their|Our|After|When|While|If|As)\s/;

/**
 * Built-in summary: the most informative sentences (distinct content words, weighted by how many
 * of the title's words they repeat, earlier sentences preferred), kept in document order; facts
 * are the top sentences that carry a number, an amount or a date. Furniture and fragments
 * (sentence-quality.ts) are quoted only when nothing else is there.
 */
export function extractiveSummary(input: SummariseInput, maxSentences = 3): TSummary {
  // Furniture in front of a statement goes ("For immediate release", a rule's header up to its SUMMARY:).
  const all = sentences(input.text)
    .slice(0, 200)
    .map((s) => finished(withoutFurniture(s)))
    .filter((s) => s.split(' ').length >= 4);
  if (all.length === 0) return { summary: input.title, key_facts: [] };
  const titleTerms = new Set(terms(input.title));
  const scored = all.map((sentence, index) => {
    const words = terms(sentence);
    const distinct = new Set(words);
    const overlap = [...distinct].filter((w) => titleTerms.has(w)).length;
    const score = (Math.min(distinct.size, 30) / 30) * 0.5 + (titleTerms.size ? overlap / titleTerms.size : 0) * 0.8 + 1 / (1 + index * 0.3) + (FACT.test(sentence) ? 0.2 : 0) - (quotable(sentence) ? 0 : 2);
    return { sentence, index, score };
  });
  // Furniture and fragments only when the document has nothing else.
  const statements = scored.filter((s) => quotable(s.sentence));
  const top = [...(statements.length ? statements : scored)].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, maxSentences);
  const summary = top
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence)
    .join(' ');
  const facts = [...scored]
    .filter((s) => FACT.test(s.sentence) && quotable(s.sentence))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 5)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
  return { summary, key_facts: facts };
}

export const summarise: Capability<SummariseInput, typeof ZSummary> = {
  name: 'summarise',
  stage: 'summarization',
  output: ZSummary,
  systemPrompt:
    'You summarise one document for professionals who follow its subject. Be factual and neutral; use only what the document says. ' +
    'Answer JSON: "summary" (2-3 sentences: what happened, who, where, when, the key figure) and "key_facts" (up to 6 short statements, each checkable against the document).',
  userMessage: (input) =>
    [`Title: ${input.title}`, input.publisher ? `Publisher: ${input.publisher}` : '', input.publishedAt ? `Published: ${input.publishedAt}` : '', '', input.text.slice(0, 12_000)]
      .filter((line, i) => line || i === 3)
      .join('\n'),
  builtin: (input) => extractiveSummary(input),
};
