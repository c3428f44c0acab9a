import { terms } from '../../search/terms.js';
import { names } from './research.js';

/*
 * Key metrics of the built-in article: figures with a unit or currency and a whole label (the
 * measure, the new level of a change, what a count counts), or no row at all.
 */

export const METRIC_COLUMNS = ['Metric', 'Value', 'Unit', 'Entity', 'Date', 'Confidence'];
// A figure: a fraction as central banks write rates ("5-1/2", "5 1/2", "1/4"), or a number with an
// optional range ("2-3"); then a currency before it or a unit after it (longest unit first:
// "percentage point" is not "percent").
const METRIC =
  /(\$|€|£)?\s?(\d+(?:[-\s]\d{1,2}\/\d{1,2}|\/\d{1,2})(?![\d/])|\d+(?:[.,]\d+)*(?:\s?[-–]\s?\d+(?:[.,]\d+)*)?)\s*(percentage points?|percent|per cent|%|basis points?|million|billion|trillion)?/gi;

/** "5-1/2" -> "5.5", "1/4" -> "0.25"; other figures as written. */
function fractionValue(value: string): string {
  const match = /^(?:(\d+)[-\s])?(\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[3]) === 0) return value;
  const number = Number(match[1] ?? 0) + Number(match[2]) / Number(match[3]);
  return String(Math.round(number * 1000) / 1000);
}

/** Key metrics: figures with a unit or currency, labelled by the words before them; a figure without a whole label is left out. */
export function keyMetrics(items: { sentence: string; source: number; date: string; main: boolean }[]): string[][] {
  const rows: string[][] = [];
  const seen = new Set<string>();
  for (const { sentence, date, main } of items) {
    let previous: { end: number; base: string | undefined } | undefined;
    for (const match of sentence.matchAll(METRIC)) {
      const [whole, currency, value, unit] = match;
      if (!currency && !unit) continue;
      if (/^(19|20)\d\d$/.test(value!) && !unit) continue;
      const before = sentence.slice(0, match.index);
      const end = match.index! + whole!.length;
      const after = sentence.slice(end);
      // "from 5-1/2 percent to 6 percent", "by 25 basis points to 6 percent", "cut 1/4 point to 4 3/4
      // percent": the second figure is the new level, under the label of the first.
      const level = previous && /^\s*to\s*$/.test(sentence.slice(previous.end, match.index));
      const base = level ? previous!.base : labelOf(before, after, currency, unit);
      previous = { end, base };
      const toFigure = /^\s*to\s+\S*\d/.test(after);
      // The old level of a change is not a metric; the step of one is the change.
      if (!base || (toFigure && /\bfrom\s*$/i.test(before))) continue;
      const label = toFigure ? `${base} change` : base;
      const key = `${label}:${whole!.trim()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // The same figure under another wording of the same label ("intended level of around" and
      // "Committee's intended level of", 5.5 percent) is one metric.
      const labelTerms = new Set(terms(label));
      const figure = fractionValue(value!);
      if (rows.some((row) => row[1] === figure && terms(row[0]!).some((t) => labelTerms.has(t)))) continue;
      // Who the figure is about: a name, not a capitalised word ("Significantly", "Tier"). Cheap
      // tests only: composition runs on the worker's event loop (no dictionary of compromise here).
      const entity = names(before).filter((n) => n.includes(' ') || /^[A-Z0-9&]{2,}$/.test(n) || !NOT_NAMES.test(n)).at(-1) ?? '';
      const unitText = currency ? `${currency}${unit ? ` ${unit}` : ''}` : (unit ?? '');
      rows.push([label, figure, unitText.replace('per cent', 'percent'), entity, date.slice(0, 10), main ? 'high' : 'medium']);
      if (rows.length >= 6) return rows;
    }
  }
  return rows;
}

/** What a figure measures: the words before it, or after it where a sentence names the measure there. */
function labelOf(before: string, after: string, currency: string | undefined, unit: string | undefined): string | undefined {
  // "11 million vehicles": a count names what it counts after it.
  if (!currency && /^(?:million|billion|trillion)$/i.test(unit ?? '')) return followingNoun(after);
  // "a 25 basis point increase in the discount rate": the measure follows the figure.
  const moved = /^\s*(increase|rise|cut|reduction|decrease|drop|decline|gain|hike)\s+in\s+(?:the\s+)?(.+)$/i.exec(after);
  const movedLabel = moved ? metricLabel(moved[2]!.split(/\s+(?:to|from|by|at|in|on|for|of)\s|[,;.]/)[0]!) : undefined;
  if (movedLabel) return `${movedLabel} ${moved![1]!.toLowerCase()}`;
  // "2-3% of the population": a share of what follows.
  const share = /^(?:%|percent|per cent)$/i.test(unit ?? '') ? /^\s*of\s+(?:the\s+|all\s+)?(.+)$/i.exec(after) : null;
  return metricLabel(before) ?? (share ? withShare(followingNoun(share[1]!)) : undefined);
}

const withShare = (noun: string | undefined) => (noun ? `share of ${noun}` : undefined);

/** Capitalised words that are not names: adverbs and adjectives at a clause's start, parts of documents. */
const NOT_NAMES = /^(?:\p{Lu}\p{Ll}+(?:ly|ed|ing|ive|ous|ful|less|able|ible)|Tier|Section|Part|Rule|Table|Figure|Item|Chapter|Article|Schedule|Appendix)$/u;

const LABEL_EDGE = /^(?:of|to|at|by|the|a|an|was|is|are|were|be|been|and|or|from|in|on|for|with|than|about|around|approximately|nearly|almost|over|under|some|its|their|his|her|this|that|these|those|which|who|up|down|rose|fell|rises|falls|cut|set|aside|said|says|say|reached|stood|stands|stand|grew|grows|came|comes|hit|hits|not|only|just|least|most|more|less|close|near|below|above|equal|equals|exceeding|totaling|totalling|reaching|including|\w+ed)$/i;

/** Whether a metric's label is whole (whoever wrote it): words of substance, no small word or verb at its edges, no open bracket. */
export function wholeLabel(label: string): boolean {
  const words = label.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || terms(label).length === 0) return false;
  if (LABEL_EDGE.test(words[0]!.replace(/^\W+/, '')) || LABEL_EDGE.test(words.at(-1)!.replace(/\W+$/, ''))) return false;
  return (label.match(/[([]/g)?.length ?? 0) === (label.match(/[)\]]/g)?.length ?? 0);
}

/** The noun after a figure: "11 million vehicles worldwide" -> "vehicles worldwide"; undefined when a small word or a figure follows. */
function followingNoun(after: string): string | undefined {
  const words: string[] = [];
  for (const word of after.trim().split(/\s+/).slice(0, 2)) {
    const bare = word.replace(/[.,;:)]+$/, '');
    if (!/^\p{L}[\p{L}-]*$/u.test(bare) || LABEL_EDGE.test(bare)) break;
    words.push(bare);
    if (bare !== word) break;
  }
  return words.length ? words.join(' ') : undefined;
}

/**
 * A metric's label: the last words of the clause the figure stands in (after the last bracket,
 * comma, semicolon, colon or dash), without the small words and verbs at its edges ("the discount
 * rate at that bank from" -> "discount rate at that bank"). Undefined when no whole label is left:
 * a figure, a bracket, or no word of substance (a fragment is worse than no row).
 */
export function metricLabel(before: string): string | undefined {
  const clause = before.split(/[,;:()[\]\u2014\u2013]|\s-\s/).at(-1)!.trim();
  const all = clause.split(/\s+/).filter(Boolean);
  while (all.length && LABEL_EDGE.test(all.at(-1)!)) all.pop();
  const words = all.slice(-5);
  while (words.length && LABEL_EDGE.test(words[0]!)) words.shift();
  const label = words.join(' ').replace(/[.,;:]+$/, '');
  if (!label || /\d/.test(label) || terms(label).length === 0) return undefined;
  return label;
}
