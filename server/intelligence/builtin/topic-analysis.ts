/**
 * Reading a topic the way an editor would: what it is about (subject), where (places), who
 * (entities), what kind of topic it is (domain), and whether it is too broad, ambiguous, or not
 * words at all. Deterministic and offline: compromise for names and places, the world and domain
 * lexicons, and the search vocabulary (fixtures/search/idf.json.gz) for "is this a word".
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type Compromise from 'compromise';
import { lazyRequire, readOnce } from '../../lazy.js';
import { IDF_FILE } from '../../search/embeddings.js';
import { STOP_WORDS, stem, terms } from '../../search/terms.js';
import { isPlaceName, jurisdictionsIn, namesOf, placeNamed, placesIn } from '../knowledge/places.js';
import type { Domain } from '../knowledge/curated.js';
import { cueGroups, cueText, formsOf, padded, saysCue } from '../lexicon/word-forms.js';
import { isCollocation, knownAsNoNoun } from '../lexicon/wordnet.js';
import { joins, KIND_HEADS, kindWordsFrom, knownNamesIn, placeWords, wordsOf } from './name-reading.js';
import { ALL_DOMAINS, COMPANY_DOMAIN, DOMAINS, GENERAL_DOMAIN } from './topic-domains.js';
import { ACRONYMS, AMBIGUOUS, BROAD, GENERIC, LEAD_INS } from './world.js';

// The names a text writes are read in name-reading.ts; these stay exported here for their importers.
export { findEntities, hasPhrase, knownNamesIn, wordsOf } from './name-reading.js';

const compromise = lazyRequire<typeof Compromise>('compromise');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export { padded };

let idfTable: Map<string, number> | undefined;
const searchIdf = () => (idfTable ??= new Map(Object.entries((JSON.parse(gunzipSync(readFileSync(IDF_FILE)).toString('utf8')) as { idf: Record<string, number> }).idf)));
const searchVocabulary = () => searchIdf();

/** Below this IDF in the bundled search corpus a term is common to documents of every subject ("however", "approach", "framework"). */
const COMMON_IDF = 3;

const FUNCTION_TAGS = /^(?:Adverb|Conjunction|Preposition|Determiner|Pronoun|Modal|Copula|Auxiliary|Infinitive|Gerund|PastTense|PresentTense|Participle|Adjective)$/;

/** Whether compromise's lexicon knows a word as one that says how, not what: a verb form, an adverb, a common adjective ("used", "thus", "discuss", "prior"). */
export function functionWord(word: string): boolean {
  return FUNCTION_TAGS.test(String(lexicon()[word.toLowerCase()] ?? ''));
}

/** Whether a term (as `terms` writes it) is common to documents of any subject: it says nothing about a topic. */
export function commonTerm(term: string): boolean {
  const idf = searchIdf().get(term);
  return idf !== undefined && idf < COMMON_IDF;
}
let compromiseLexicon: Record<string, unknown> | undefined;
const lexicon = () => (compromiseLexicon ??= (compromise() as unknown as { model(): { one: { lexicon: Record<string, unknown> } } }).model().one.lexicon);
const lexiconWords = new Set<string>();
for (const domain of ALL_DOMAINS) for (const cue of domain.cues) for (const w of cue.split(' ')) lexiconWords.add(w);
for (const key of [...Object.keys(BROAD), ...GENERIC, ...Object.keys(AMBIGUOUS)]) lexiconWords.add(key);

/**
 * Whether a lower-case word is a word Herald knows: in the search vocabulary (the words of the
 * documents it has read), compromise's lexicon, or its own lexicons. Capitalised words, acronyms
 * and words with digits count as names and are known.
 */
export function isKnownWord(raw: string): boolean {
  if (/\d/.test(raw) || /^\p{Lu}/u.test(raw)) return true;
  const word = raw.toLowerCase();
  if (word.length <= 2 || ACRONYMS.has(word) || lexiconWords.has(word) || word in lexicon() || placeWords().has(word)) return true;
  const vocab = searchVocabulary();
  return vocab.has(word) || vocab.has(stem(word));
}


/** Whether the i-th word of a name is one that means nothing on its own ("interest" of "my interest is"), not where WordNet knows it with a neighbour ("interest rate", "current account"). */
export function genericAt(words: readonly string[], i: number): boolean {
  const word = words[i]!.toLowerCase();
  if (!GENERIC.has(word)) return false;
  const before = words[i - 1];
  const after = words[i + 1];
  return !(before && isCollocation(before, word)) && !(after && isCollocation(word, after));
}

/** Stemmed terms without stop words and without words that mean nothing on their own. */
export function meaningfulTerms(text: string): string[] {
  const generic = new Set([...GENERIC].map((word) => stem(word)));
  return terms(text).filter((t) => !generic.has(t) && !GENERIC.has(t));
}


/** The topic as a name: lead-ins ("I want to track ...") dropped, spacing tidied, names capitalised. */
export function normalizeTopicName(input: string): string {
  let text = input.replace(/\s+/g, ' ').trim().replace(/^["'“‘]+|["'”’]+$/g, '').trim();
  text = text.replace(LEAD_INS, '').replace(/[.!?;:,]+$/, '').trim();
  if (!text) return '';
  for (const known of knownNamesIn(text)) text = text.replace(new RegExp(`\\b${escape(known)}\\b`, 'i'), known);
  const proper = new Set<string>();
  // The name's first word is capitalised as a sentence's is: it makes no name of the words after it ("Bank capital requirements").
  const doc = compromise()(text.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()));
  for (const t of doc.match('(#Place|#Organization|#Person|#ProperNoun)').out('array') as string[]) for (const w of wordsOf(t)) proper.add(w.toLowerCase());
  // Places of several words are names whatever the case the user typed ("south korea", "new york").
  for (const m of placesIn(text, 'en', { anyCase: true })) if (/\s/.test(m.text)) for (const w of wordsOf(m.text)) proper.add(w.toLowerCase());
  const out = text
    .split(' ')
    .map((token) => {
      const bare = token.replace(/[^\p{L}\p{N}&]/gu, '').toLowerCase();
      if (ACRONYMS.has(bare) && token === token.toLowerCase()) return token.toUpperCase();
      if (proper.has(bare) && token === token.toLowerCase()) return token.charAt(0).toUpperCase() + token.slice(1);
      return token;
    })
    .join(' ');
  // The first letter is capitalised unless the word is written like "iPhone" or "eBay".
  return /^\p{Ll}\p{Ll}/u.test(out) || /^\p{Ll}$/u.test(out) || /^\p{Ll}[^\p{L}]/u.test(out) ? out.charAt(0).toUpperCase() + out.slice(1) : out;
}

/** A place's name ("U.S.", "Hungary", "Budapest", "European Union"), by the place knowledge layer alone (no tagging). */
export function isPlace(name: string): boolean {
  return isPlaceName(name);
}

/**
 * Places a text names, as canonical names, in order of first mention: the jurisdictions the place
 * knowledge layer finds ("EU" -> "European Union", "Kenyan" -> "Kenya", "Oslo" -> "Norway", "Texas"
 * and "United States"), then the other places compromise reads that the layer does not know
 * ("North Sea", "West Africa"). A text typed all in lower case is read in any case.
 */
export const findPlaces = readOnce(placesOfText);

function placesOfText(text: string): string[] {
  const anyCase = !/\p{Lu}/u.test(text);
  const found = jurisdictionsIn(text, { anyCase }).map((j) => ({ name: j.name, at: j.start, end: j.end }));
  const known = new Set(found.map((f) => f.name));
  const lower = text.toLowerCase();
  for (const place of (compromise()(text).places().out('array') as string[]).flatMap((p) => p.split(','))) {
    const name = place.replace(/[^\p{L}\p{N}\s'-]/gu, '').trim();
    if (name.length < 3 || known.has(name)) continue;
    const at = lower.indexOf(name.toLowerCase());
    // A place the layer read here (or rejected: "Jordan" of "Jordan Peterson") is not read again.
    if (found.some((f) => at < f.end && at + name.length > f.at) || placeNamed(name) || placesIn(name, 'en', { anyCase }).length) continue;
    known.add(name);
    found.push({ name: name.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase()), at, end: at + name.length });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}



/** A topic name's noun phrase without what qualifies it: "Ransomware attacks" of "Ransomware attacks on hospitals". */
export function subjectPhrase(name: string): string {
  const words = wordsOf(name);
  const end = words.findIndex((w, i) => i > 0 && HEAD_ENDS.has(w.toLowerCase()));
  return (end > 0 ? words.slice(0, end) : words).join(' ');
}

const HEAD_ENDS = new Set(['of', 'on', 'in', 'for', 'against', 'about', 'with', 'from', 'by', 'at', 'across', 'within', 'to', 'among', 'over']);

/** Each domain's cues that count once together ("import" and "imports"; lexicon/word-forms.ts cueGroups). */
const domainGroups = new Map<string, ReadonlyMap<string, string>>();
const groupsOf = (domain: Domain) => domainGroups.get(domain.key) ?? domainGroups.set(domain.key, cueGroups(domain.cues)).get(domain.key)!;

/**
 * The kinds a name's head noun yields to. A head that is not itself the name of a kind of topic
 * ("campaigns", "relations", "prices") takes its kind from a noun before it (`modifiers`, in its
 * own noun phrase) that is a cue of another kind: "phishing campaigns" are a cyber topic, "labour
 * relations" a labour one, not elections or diplomacy. A kind's own word stays the head ("battery
 * regulation" is about regulation; "farm bill" is a bill, the subject of the legislation kind's
 * events), and so does a head an adjective classifies ("legislative elections" are elections):
 * only a noun names the sphere. Empty: the head keeps its weight.
 */
function kindsOfModifiers(modifiers: string[], head: string): Set<string> {
  const kinds = new Set<string>();
  if (KIND_HEADS.has(head)) return kinds;
  const words = modifiers.map((w) => w.toLowerCase()).filter((w) => !knownAsNoNoun(w));
  for (const domain of DOMAINS) if (domain.cues.some((cue) => !cue.includes(' ') && words.some((w) => formsOf(cue).has(w)))) kinds.add(domain.key);
  return kinds;
}

interface Head {
  word: string;
  /** The phrase's last head: it weighs more than the other words ("battery regulation"). */
  last: boolean;
  /** The kinds it yields to (kindsOfModifiers). */
  yieldsTo: Set<string>;
}

/** The heads of a name's coordinated noun phrases ("Oil prices and OPEC": "prices", "OPEC"), each with the kinds it yields to. */
function coordinatedHeads(phrase: string[]): Head[] {
  const parts: string[][] = [[]];
  for (const w of phrase) {
    if (w === ',' || joins(w.toLowerCase())) parts.push([]);
    else parts.at(-1)!.push(w.replace(/,$/, ''));
  }
  const heads = parts.filter((part) => part.length > 0);
  return heads.map((part, i) => {
    const word = part.at(-1)!.toLowerCase().replace(/['’]s$/, '');
    return { word, last: i === heads.length - 1, yieldsTo: kindsOfModifiers(part.slice(0, -1), word) };
  });
}

/** Whether `head` is what one of a kind's key events is about, its first word ("Bill introduced", "Settlement reached"). */
function subjectOfEvents(domain: Domain, head: string): boolean {
  return domain.events.some((event) => formsOf(event.split(/[\s,]/)[0]!.toLowerCase()).has(head));
}

/** How strongly a text signals each domain; ties keep the lexicon order. */
export function domainScores(text: string, options: { phrase?: boolean } = {}): { domain: Domain; score: number }[] {
  // Cues are read by their word forms (lexicon/word-forms.ts): "import" is not "important".
  const read = cueText(text);
  // The head of a noun phrase is its last word before a preposition: "ransomware attacks on
  // hospitals" is about attacks, "battery regulation" about regulation.
  const words = wordsOf(text);
  const end = words.findIndex((w, i) => i > 0 && HEAD_ENDS.has(w.toLowerCase()));
  const phrase = end > 0 ? words.slice(0, end) : words;
  const head = (phrase[phrase.length - 1] ?? '').toLowerCase().replace(/['’]s$/, '');
  // In a topic's name, what follows the preposition only qualifies the subject ("on hospitals").
  const subject = cueText(phrase.join(' '));
  const inSubject = (cue: string) => cue.split(' ').some((word) => !STOP_WORDS.has(word) && saysCue(word, subject));
  const weight = (cue: string) => (options.phrase && end > 0 && !inSubject(cue) ? 0.5 : 1);
  const heads: Head[] = options.phrase ? coordinatedHeads(phrase) : [{ word: head, last: true, yieldsTo: new Set() }];
  const headWeight = (domain: Domain, cue: string) => {
    const at = heads.find((h) => formsOf(cue).has(h.word));
    if (!at) return 1;
    return at.yieldsTo.size > 0 && !at.yieldsTo.has(domain.key) && !subjectOfEvents(domain, at.word) ? 0.5 : at.last ? 1.5 : 1;
  };
  return DOMAINS.map((domain) => {
    let score = 0;
    const groups = groupsOf(domain);
    const matched = new Set<string>();
    for (const cue of domain.cues) {
      if (cue.includes(' ')) {
        if (saysCue(cue, read)) score += 2 * weight(cue);
      } else if (saysCue(cue, read) && !matched.has(groups.get(cue)!)) {
        matched.add(groups.get(cue)!);
        // The head of a noun phrase comes last: "battery regulation" is about regulation.
        score += headWeight(domain, cue) * weight(cue);
      }
    }
    return { domain, score };
  })
    .filter((d) => d.score > 0)
    .sort((a, b) => b.score - a.score);
}

/**
 * The domain of a topic and a runner-up. The topic's own words decide first (counted three
 * times), then what the documents about it say; a topic that is mostly an organisation's name is
 * a company topic.
 */
export function classify(name: string, context: string, evidence: string, isOrganisation: boolean, collections: readonly number[] = []): { primary: Domain; secondary: Domain | undefined } {
  const scores = new Map<string, number>();
  for (const { domain, score } of [...domainScores(name, { phrase: true }), ...(context ? domainScores(context) : [])]) scores.set(domain.key, (scores.get(domain.key) ?? 0) + score * 3);
  // Where the documents about a topic are published says what kind of topic it is, as a word of
  // its name would: papers make a research topic, rules a regulation topic (publishedKind).
  const published = publishedKind(collections);
  if (published) scores.set(published.domain.key, (scores.get(published.domain.key) ?? 0) + published.share * 3);
  // The documents only weigh between the kinds the topic's words allow (a name with no cue: any),
  // and less than a word of the name: a drug-pricing bill's documents talk of prices and patients.
  const named = new Set(scores.keys());
  for (const { domain, score } of domainScores(evidence)) if (named.size === 0 || named.has(domain.key)) scores.set(domain.key, (scores.get(domain.key) ?? 0) + Math.min(score, 6) * 0.25);
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => ALL_DOMAINS.find((d) => d.key === key)!);
  const nameHasCue = domainScores(name).length > 0;
  if (isOrganisation && !nameHasCue) return { primary: COMPANY_DOMAIN, secondary: ranked[0] };
  // A second kind only from the topic's own words: what its documents also touch on ("trial
  // patients" in a ransomware topic's hospital documents) is not what the reader follows.
  const ownKinds = new Set(domainScores(`${subjectPhrase(name)} ${context}`).map((d) => d.domain.key));
  return { primary: ranked[0] ?? (isOrganisation ? COMPANY_DOMAIN : GENERAL_DOMAIN), secondary: ranked.slice(1).find((d) => ownKinds.has(d.key)) };
}

/** At least this many documents about a topic, and this share of them in one collection, say where its kind of topic is published. */
const PUBLISHED_MIN_DOCUMENTS = 3;
const PUBLISHED_SHARE = 0.6;

/**
 * The kind of topic the documents about a topic are published as: the kind that alone leads with
 * the collection most of them are in (Scientific studies: research; Regulations: regulation;
 * Clinical trials: clinical), with their share. None for news, which every kind of topic makes.
 */
export function publishedKind(collections: readonly number[]): { domain: Domain; share: number } | undefined {
  if (collections.length < PUBLISHED_MIN_DOCUMENTS) return undefined;
  const counts = new Map<number, number>();
  for (const id of collections) counts.set(id, (counts.get(id) ?? 0) + 1);
  const [top, count] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  const share = count / collections.length;
  const leading = DOMAINS.filter((d) => d.sources[0] === top);
  return share >= PUBLISHED_SHARE && leading.length === 1 ? { domain: leading[0]!, share } : undefined;
}

export const isProperInLexicon = (word: string) => /Organization|Person|Place|Country|City|Region|Name|Proper/.test(String(lexicon()[word] ?? ''));

/**
 * A phrase as it reads inside a sentence: a first word capitalised only because it starts the
 * phrase goes to lower case ("Lithium supply chains" -> "lithium supply chains"); names and
 * acronyms stay ("EU battery rules", "Federal Reserve policy").
 */
export function sentenceCase(phrase: string): string {
  const [first = '', ...rest] = phrase.split(' ');
  if (!/^\p{Lu}[\p{Ll}-]+$/u.test(first)) return phrase;
  if (rest.length && /^\p{Lu}/u.test(rest[0]!)) return phrase;
  const lower = first.toLowerCase();
  if (!isKnownWord(lower.split('-')[0]!) || isProperInLexicon(lower) || compromise()(first).has('(#Organization|#Person|#Place)') || placesIn(first).some((m) => m.country)) return phrase;
  return [lower, ...rest].join(' ');
}


/**
 * What the topic is about, for the sentences written about it: the name without its places and
 * without a trailing word that only names the kind of topic; a single common noun in the plural
 * where the documents write it so ("battery regulation" -> "batteries", but "US healthcare
 * regulation" -> "healthcare": no document writes "healthcares", and a subject nobody writes
 * matches nothing). `texts` are the documents' words about the topic; without them the noun stays
 * as the name has it.
 */
export function subjectOf(name: string, places: string[], entities: string[] = [], texts: string[] = []): string {
  const drop = new Set<string>([...GENERIC]);
  // Its places' names and demonyms ("US", "American" of the United States), their function words aside ("of" of "United States of America").
  for (const place of places) for (const alias of namesOf(place)) for (const w of alias.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w && !STOP_WORDS.has(w)) drop.add(w);
  for (const place of places) for (const w of place.toLowerCase().split(' ')) drop.add(w);
  // A place inside a name stays: "Bank of England" is not about England.
  for (const entity of entities) if (entity.includes(' ')) for (const w of entity.toLowerCase().split(' ')) drop.delete(w);
  const words = wordsOf(name);
  let kept = words.filter((w, i) => !drop.has(w.toLowerCase()) || (GENERIC.has(w.toLowerCase()) && !genericAt(words, i)));
  while (kept.length && joins(kept[0]!)) kept.shift();
  while (kept.length && joins(kept[kept.length - 1]!)) kept.pop();
  kept = kept.slice(0, kindWordsFrom(kept));
  while (kept.length && joins(kept[kept.length - 1]!)) kept.pop();
  // A capital only because the name starts with it ("Lithium mining") is not a name.
  if (kept.length > 1 && name.startsWith(kept[0]!) && /^\p{Lu}\p{Ll}+$/u.test(kept[0]!) && /^\p{Ll}/u.test(kept[1]!)) {
    const lower = kept[0]!.toLowerCase();
    if (isKnownWord(lower) && !isProperInLexicon(lower) && !compromise()(kept[0]!).has('(#Organization|#Person|#Place)') && !placesIn(kept[0]!).some((m) => m.country)) kept = [lower, ...kept.slice(1)];
  }
  const subject = kept.join(' ').trim();
  if (!subject) return name;
  const entity = entities.find((e) => e.toLowerCase() === subject.toLowerCase());
  if (entity) return entity;
  if (kept.length === 1 && !/^[\p{Lu}\d&]+$/u.test(subject)) {
    // A capital only because the name starts with it ("Battery regulation") is not a name.
    const lower = subject.toLowerCase();
    const common = /^\p{Ll}/u.test(subject) || (name.startsWith(subject) && isKnownWord(lower) && !isProperInLexicon(lower));
    const doc = compromise()(lower);
    const countable = !/(?:ium|ics|ing|ism|ity|ness|tion|ment|sis|gy|ware|ai|llm)$/.test(lower) && !ACRONYMS.has(lower);
    if (common && countable && doc.has('#Singular') && !doc.has('#Uncountable')) {
      const plural = (doc.nouns().toPlural().text() as string) || lower;
      return plural !== lower && writtenMoreOften(plural, lower, texts) ? plural : lower;
    }
    if (common) return lower;
  }
  return subject;
}

/** Whether texts write `form` (a whole word, any case) at least as often as `other`, and at all. */
function writtenMoreOften(form: string, other: string, texts: string[]): boolean {
  const count = (word: string) => texts.reduce((n, text) => n + (text.match(new RegExp(String.raw`\b${escape(word)}\b`, 'giu'))?.length ?? 0), 0);
  const n = count(form);
  return n > 0 && n >= count(other);
}

/** Whether an acronym abbreviates a name: its letters are the initials of the name's capitalised words ("FDA": Food and Drug Administration). */
export const abbreviates = (acronym: string, name: string) => /^\p{Lu}{2,6}$/u.test(acronym) && (name.match(/\b\p{Lu}/gu) ?? []).join('') === acronym;

/** Title-cases a phrase for display where it starts a sentence. */
export const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** "a", "a and b", "a, b and c". */
export function listing(items: string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

export { escape };
