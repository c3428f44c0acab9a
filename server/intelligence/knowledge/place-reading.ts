/**
 * Reading the places a text names (places.ts's placesIn): its tokens, the spans the gazetteer
 * knows (candidates), and each candidate's readings scored on the evidence of the words around it
 * (place-evidence.ts), then on the countries the text names with confidence.
 */
import { fold, foldKeepingAccents, nameIndex, type NameRef, type PlaceKind } from './gazetteer.js';
import type { PlaceMention, PlacesOptions } from './places.js';
import { score, type Candidate, type Reader, type Token } from './place-evidence.js';

export { prior } from './place-evidence.js';

const TOKEN = /[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*\.?/gu;
const capitalised = (s: string) => /^\p{Lu}/u.test(s) || (/^\p{L}/u.test(s) && s.toLowerCase() === s.toUpperCase());

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let sentence = 0;
  for (const m of text.matchAll(TOKEN)) {
    let word = m[0];
    let at = m.index;
    // "l'Union", "d'Ivoire": the name after the elided article or preposition.
    const elision = /^[lLdD]['’](?=\p{L})/u.exec(word);
    if (elision) {
      word = word.slice(2);
      at += 2;
    }
    // "Kenya." ends a sentence; "U.S." keeps its dots; "Beijing's" is Beijing's.
    if (word.endsWith('.') && !/^(?:\p{L}\.)+$/u.test(word)) word = word.slice(0, -1);
    const raw = word;
    const possessive = /\p{L}['’]s$/u.test(word);
    if (possessive) word = word.slice(0, -2);
    const gap = tokens.length === 0 ? '' : text.slice(tokens[tokens.length - 1]!.end, at);
    const initial = tokens.length === 0 || /[.!?:;\n]/.test(gap.replace(/^['’]s/, ''));
    if (initial && tokens.length) sentence++;
    tokens.push({ text: word, start: at, end: at + word.length, cap: capitalised(word), initial, sentence, possessive, raw });
  }
  return tokens;
}

/** Accept a reading at this score. */
const ACCEPT = 0.5;
/** A reading this sure of itself is evidence for its country's other places ("Kenya ... Mombasa"). */
const SURE = 0.75;

/** The places of a text: the names the gazetteer knows in it (candidates), each read in its context. */
export function readPlaces(text: string, language: string, options: PlacesOptions): PlaceMention[] {
  const english = !language || language.toLowerCase().startsWith('en');
  const tokens = tokenize(text);
  const anyCase = options.anyCase ?? false;
  const candidates = candidatesIn(text, tokens, nameIndex(language), anyCase);
  if (candidates.length === 0) return [];
  return mentionsOf({ text, tokens, english, anyCase, titles: new Map() }, candidates);
}

/** The spans of tokens that name something in the gazetteer, longest first at each token, with the readings their writing fits. */
function candidatesIn(text: string, tokens: Token[], index: ReturnType<typeof nameIndex>, anyCase: boolean): Candidate[] {
  const candidates: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i]!;
    if (!first.cap && !anyCase && !index.lowerStarts.has(fold(first.text))) continue;
    const candidate = candidateAt(text, tokens, index, i, anyCase);
    if (!candidate) continue;
    candidates.push(candidate);
    i = candidate.to - 1;
  }
  return candidates;
}

/** The longest name starting at token `i` whose writing fits one of its readings (case, accents, a code in capitals). */
function candidateAt(text: string, tokens: Token[], index: ReturnType<typeof nameIndex>, i: number, anyCase: boolean): Candidate | undefined {
  const first = tokens[i]!;
  for (let n = Math.min(index.longest, tokens.length - i); n >= 1; n--) {
    const span = tokens.slice(i, i + n);
    // A name's words are written together: no sentence break, comma or bracket inside it.
    if (span.slice(1).some((t, k) => !/^[\s'’-]*(?:[ldLD]['’])?$/.test(text.slice(span[k]!.start + span[k]!.raw.length, t.start)))) continue;
    // Inner words as written ("People's Republic of China"), the last without a possessive ("China's").
    const inner = span.slice(0, -1).map((t) => t.raw);
    const refs = index.names.get(fold([...inner, span[n - 1]!.text].join(' '))) ?? (span[n - 1]!.possessive ? index.names.get(fold([...inner, span[n - 1]!.raw].join(' '))) : undefined);
    if (!refs) continue;
    const last = span[n - 1]!;
    const written = text.slice(first.start, last.end).replace(/['’]s$/, '');
    const fits = refs.filter((r) => {
      if (r.accents && foldKeepingAccents(written) !== foldKeepingAccents(r.written)) return false;
      if (r.how === 'code') return /^[\p{Lu}\d.\s-]+$/u.test(written);
      if (r.anyCase || anyCase) return true;
      return first.cap && (last.cap || n > 1);
    });
    if (fits.length === 0) continue;
    return { from: i, to: i + n, refs: fits };
  }
  return undefined;
}

/**
 * The candidates read as places: first the readings on their own; then a country named with
 * confidence lends its weight to its other places ("Georgia" with "Atlanta", a small city with its
 * country); the best reading of each, when it reaches ACCEPT.
 */
function mentionsOf(reader: Reader, candidates: Candidate[]): PlaceMention[] {
  const { text, tokens } = reader;
  const firstPass = candidates.map((c) => c.refs.map((ref) => ({ ref, ...score(reader, c, ref) })));
  const keyOf = (c: Candidate) => fold(tokens.slice(c.from, c.to).map((t) => t.text).join(' '));
  // The countries named with confidence elsewhere (not by another mention of the same name).
  const sureOf = (k: number) => {
    const countries = new Set<string>();
    const own = keyOf(candidates[k]!);
    firstPass.forEach((readings, j) => {
      if (j === k || keyOf(candidates[j]!) === own) return;
      const best = bestOf(readings);
      if (best && best.score >= SURE && best.ref.place.country) countries.add(best.ref.place.country);
    });
    return countries;
  };
  const out: PlaceMention[] = [];
  candidates.forEach((c, k) => {
    const context = firstPass.length > 1 ? sureOf(k) : new Set<string>();
    const best = bestOf(firstPass[k]!.map((r) => ({ ...r, score: r.score > 0 && r.ref.place.country && context.has(r.ref.place.country) ? r.score + 0.3 : r.score })));
    if (!best || best.score < ACCEPT) return;
    out.push(mentionOf(text, tokens[c.from]!, tokens[c.to - 1]!, best));
  });
  return out;
}

/** A reading accepted, as the mention a caller gets. */
function mentionOf(text: string, first: Token, last: Token, best: Reading): PlaceMention {
  const { place } = best.ref;
  return {
    id: place.id,
    name: place.name,
    kind: place.kind,
    country: place.country,
    via: best.ref.how,
    text: text.slice(first.start, last.end),
    start: first.start,
    end: last.end,
    government: best.government,
    inName: best.inName,
    ...(place.group ? { group: place.group } : {}),
  };
}

const KIND_RANK: Record<PlaceKind, number> = { country: 3, group: 2, region: 1, city: 0 };
/** A reading's rank among a name's readings: a country before a group, a region, a city; the primary name; the more populous. */
export const rank = (ref: NameRef) => KIND_RANK[ref.place.kind] * 1e12 + (ref.primary ? 1e11 : 0) + ref.place.population;

interface Reading {
  ref: NameRef;
  score: number;
  government: boolean;
  inName: boolean;
}

/** The best reading of a name: the highest score; on a tie a country before a region or a city, the more populous place first. */
function bestOf(readings: Reading[]): Reading | undefined {
  let best: Reading | undefined;
  for (const r of readings) {
    if (r.score <= 0) continue;
    if (!best || r.score > best.score + 1e-9 || (Math.abs(r.score - best.score) < 1e-9 && rank(r.ref) > rank(best.ref))) best = r;
  }
  return best;
}
