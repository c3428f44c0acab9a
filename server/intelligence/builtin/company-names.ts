/**
 * Companies' names in a text: a run of capitalised words closed by a legal form ("Bethlehem Steel
 * Corp", "Pegasus Gold Inc", "Schweizerische Aluminium AG"). A topic's words inside such a name do
 * not say the text is about the topic: "Bethlehem Steel" names a company, whatever the report says
 * of it (ADR 007). The forms are ISO 20275's abbreviations (knowledge/datasets/legal-forms.json).
 */
import { legalForms } from '../knowledge/curated.js';

/** Words a company's name runs to before its legal form: two at least (a run cut short by "and", "Mortgage and Housing Corp", is no name of its own). */
const NAME_WORDS = [2, 4] as const;
/** A word as a name's word may be written: initials, "&", hyphens and apostrophes inside. */
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}.&'’/-]*/gu;
const capitalised = (word: string) => /^\p{Lu}/u.test(word);

let forms: Set<string> | undefined;
/** Whether a word is a legal form ("Corp", "Inc.,": the dot of a sentence or clause read off). */
export const isLegalForm = (word: string) => (forms ??= new Set(legalForms())).has(word) || forms.has(word.replace(/\.$/, ''));
/** A legal form in the possessive ("Bethlehem Steel Corp's debt") closes a name as the form itself does. */
const closesName = (word: string) => isLegalForm(word) || isLegalForm(word.replace(/['’]s$/u, ''));

/** A legal form as written short ("Inc", "Corp.", "S.p.A."): one spelled out ("Corporation", "Limited") belongs to many a public body's name too ("Federal Deposit Insurance Corporation"). */
const abbreviated = (form: string) => form.replace(/\.$/, '').length <= 4 || /[./]/.test(form.replace(/\.$/, ''));
/** A name closed by an abbreviated legal form, the form after a space or a comma: what is before it, and the form. */
const CLOSED = /^(.*?)[\s,]+(\S+)$/u;

/**
 * A company's name as a reader names it: without the abbreviated legal forms that close it ("Apple
 * Inc" and "Apple, Inc." are "Apple"; "Samsung Electronics Co Ltd" is "Samsung Electronics"; "Goldman
 * Sachs & Co" is "Goldman Sachs"). The name as it is when no name of two characters with a capital
 * letter would be left ("X Corp"), and when its last word is no legal form.
 */
export function withoutLegalForm(name: string): string {
  let out = name.trim();
  for (let match = CLOSED.exec(out); match && isLegalForm(match[2]!) && abbreviated(match[2]!); match = CLOSED.exec(out)) {
    const rest = match[1]!.replace(/[\s,&]+$/u, '');
    if (rest.length < 2 || !/\p{Lu}/u.test(rest)) return out;
    out = rest;
  }
  return out;
}

/**
 * The names of companies a text holds, each as its words (without the legal form): one pass over
 * the text's words. A longer name's leading words are its short form too, as headlines and later
 * sentences write it: "Kawasaki Steel" of "Kawasaki Steel International Finance Plc", "Valero
 * Natural Gas" of "Valero Natural Gas Partners L.P.".
 */
function namesIn(text: string, words: RegExpMatchArray[]): { name: string[]; short: boolean }[] {
  const names = new Map<string, { name: string[]; short: boolean }>();
  words.forEach((match, i) => {
    // "Corp." and "Inc.," end a sentence or a clause: the form is read without the dot.
    if (!closesName(match[0])) return;
    let start = i;
    while (start > 0 && i - start < NAME_WORDS[1] && capitalised(words[start - 1]![0]) && onlySpaceBetween(text, words[start - 1]!, words[start]!)) start--;
    const name = words.slice(start, i).map((w) => w[0]);
    for (let end = name.length; end >= NAME_WORDS[0]; end--) {
      const key = name.slice(0, end).join(' ');
      if (!names.has(key) || end === name.length) names.set(key, { name: name.slice(0, end), short: end < name.length });
    }
  });
  // The longest first, so that a text's "Valero Natural Gas Partners" goes whole before its short form is looked for.
  return [...names.values()].sort((a, b) => b.name.length - a.name.length);
}

/** Whether two words stand apart by spaces or line breaks only (no comma, no bracket). */
const onlySpaceBetween = (text: string, a: RegExpMatchArray, b: RegExpMatchArray) => /^[ \t\n\r]+$/.test(text.slice(a.index! + a[0].length, b.index));

/** The names of companies a text holds, without their legal forms ("Bethlehem Steel"). */
export function companyNames(text: string): string[] {
  return namesIn(text, [...text.matchAll(TOKEN)])
    .filter((n) => !n.short)
    .map((n) => n.name.join(' '));
}

/** The text with each company's name taken out wherever it stands (the title's "Bethlehem Steel" too, in any case), so that only its other words are read. */
export function withoutCompanyNames(text: string): string {
  const words = [...text.matchAll(TOKEN)];
  // A short form counts only as a name is written, in capitals ("natural gas" is no "Natural Gas Pipeline Co").
  const names = namesIn(text, words).map((n) => ({ lower: n.name.map((w) => w.toLowerCase()), short: n.short }));
  if (!names.length) return text;
  const lower = words.map((w) => w[0].toLowerCase());
  let out = '';
  let from = 0;
  for (let i = 0; i < words.length; i++) {
    const found = names.find((n) => n.lower.every((w, k) => lower[i + k] === w && (!n.short || capitalised(words[i + k]![0])) && (k === 0 || onlySpaceBetween(text, words[i + k - 1]!, words[i + k]!))));
    if (!found) continue;
    const name = found.lower;
    const last = words[i + name.length - 1]!;
    out += `${text.slice(from, words[i]!.index)} `;
    from = last.index! + last[0].length;
    i += name.length - 1;
  }
  return out + text.slice(from);
}
