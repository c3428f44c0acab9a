/**
 * The built-in engine's profile of a topic: description, what is sought, search query, key
 * events, entities and places, relevance matrix and sources. Written from the topic's words, the
 * domain it belongs to, the jurisdictions that matter, and the documents Herald holds about it
 * (their frequent names, places and words), so the pipeline's pre-filter and relevance stages
 * have something specific to match.
 */
import { COLLECTIONS } from '../../../contract/collections.js';
import type { RelevanceMatrix } from '../../db/schema/index.js';
import { contentWord, terms } from '../../search/terms.js';
import { countriesOf, countryName } from './places.js';
import { memberOf } from '../knowledge/places.js';
import {
  abbreviates,
  capitalise,
  classify,
  domainScores,
  findEntities,
  findPlaces,
  genericAt,
  hasPhrase,
  isKnownWord,
  listing,
  meaningfulTerms,
  subjectOf,
  wordsOf,
} from './topic-analysis.js';
import type { Domain } from '../knowledge/curated.js';
import { withThe } from '../lexicon/definite.js';
import { cueGroups, cueText, cueWordsIn, saysCue } from '../lexicon/word-forms.js';
import { ALSO_KNOWN, LAW_PLACES, LEGISLATURES, PLACES, REGULATORS } from './world.js';
import { TOPIC_LIMITS } from '../../../contract/topics.js';
import { relatedWordsOf, type Affinity } from './topic-concept.js';
import { namePlaces } from './place-features.js';
import { recurring, relevantEvidence, type TopicEvidence } from './topic-evidence.js';

export { readEvidence, relevantEvidence, type TopicEvidence } from './topic-evidence.js';

export interface TopicProfileInput {
  /** The normalised name. */
  name: string;
  /** What the user added when asked (answers), or hints. */
  context: string[];
  /** Collections the user chose; empty lets the engine choose. */
  sources: number[];
  /** The user's jurisdictions (their AI profile), for topics where place decides relevance. */
  profilePlaces: string[];
  /** Documents in the store about the topic (best first). */
  evidence: TopicEvidence[];
}

export interface TopicProfile {
  description: string;
  information_sought: string;
  query: string;
  ai_query: string;
  key_events: string[];
  key_entities: string[];
  key_places: string[];
  relevance_matrix: RelevanceMatrix;
  sources: number[];
}

const SELECTABLE = COLLECTIONS.filter((c) => c.topicSelectable).map((c) => c.id);
const collectionName = (id: number) => COLLECTIONS.find((c) => c.id === id)?.name ?? String(id);
const uniqueBy = (items: string[], key = (s: string) => s.toLowerCase()) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
/** Names with an acronym of another written once, as the name and its acronym: "the Food and Drug Administration (FDA)", not "FDA and the Food and Drug Administration". */
function spelledOnce(names: string[]): string[] {
  const merged = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    if (merged.has(name)) continue;
    const acronym = names.find((other) => abbreviates(other, name));
    const long = names.find((other) => abbreviates(name, other));
    if (acronym) merged.add(acronym);
    if (long) merged.add(long);
    out.push(acronym ? `${name} (${acronym})` : long ? `${long} (${name})` : name);
  }
  return out;
}
const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

const BODIES = new Set(
  [
    ...REGULATORS.flatMap((r) => Object.values(r.by).flat()),
    ...['Federal Reserve', 'Federal Open Market Committee', 'Bank of England', 'Bank of Japan', 'Bank of Canada'],
    ...['Reserve Bank of Australia', 'Swiss National Bank', 'Securities and Exchange Commission', 'Federal Trade Commission'],
  ].map((b) => b.toLowerCase()),
);

/** The institutions that act on this subject in these places (regulators, legislatures). */
function institutions(text: string, places: string[], domain: Domain, secondary: Domain | undefined, named: string[]): string[] {
  const kinds = new Set([domain.key, secondary?.key]);
  if (!['regulation', 'legislation', 'markets', 'monetary', 'clinical', 'trade', 'health'].some((k) => kinds.has(k))) return [];
  // A topic that names its body ("European Central Bank interest rates", "SEC climate disclosure
  // rules") is about that body, not about its counterparts elsewhere.
  if (named.some((name) => BODIES.has(name.toLowerCase()))) return [];
  const read = cueText(text);
  const where = places.filter((p) => PLACES.some((pl) => pl.name === p));
  // No place named: the two jurisdictions most topics are followed in; a place Herald has no
  // institutions for ("West Africa"): only the bodies that act everywhere.
  const jurisdictions = where.length || places.length ? where : ['United States', 'European Union'];
  const out: string[] = [];
  // The subject's best-matching regulators only: a topic on bank rates is not about conduct rules.
  // Cues are read by their word forms ("import" is not "important") and count once per word
  // ("bank" and "banking" are one).
  const scored = REGULATORS.map((entry) => {
    const groups = cueGroups(entry.cues);
    return { entry, said: [...new Set(entry.cues.filter((cue) => saysCue(cue, read)).map((cue) => groups.get(cue)!))] };
  }).filter((e) => e.said.length > 0);
  const best = Math.max(0, ...scored.map((e) => e.said.length));
  // A law is made by legislatures: they come before the agencies that apply it.
  if (domain.key === 'legislation') for (const place of jurisdictions) out.push(...(LEGISLATURES[place] ?? []));
  // Two subjects of one weight joined by "and" ("banking and securities regulation") each bring
  // their bodies, place by place: the SEC beside the Federal Reserve. Without "and", the later one
  // is the subject and the earlier qualifies it ("pharmaceutical patent litigation" is on patents).
  let subjects = scored.filter((e) => e.said.length === best);
  if (subjects.length > 1 && !/\s(?:and|&)\s/i.test(text)) {
    const words = read.padded.trim().split(' ');
    // Where a subject is last said: the last of its cues' forms in the text.
    const lastAt = (e: (typeof scored)[number]) => Math.max(...e.entry.cues.flatMap((cue) => cueWordsIn(cue, read)).map((form) => words.lastIndexOf(form)));
    subjects = [subjects.reduce((a, b) => (lastAt(b) > lastAt(a) ? b : a))];
  }
  for (const place of ['World', ...jurisdictions]) for (const { entry } of subjects) out.push(...(entry.by[place] ?? []));
  if (domain.key !== 'legislation' && kinds.has('legislation')) for (const place of jurisdictions) out.push(...(LEGISLATURES[place] ?? []));
  return uniqueBy(out).slice(0, 5);
}

/** The documents about a topic a profile reads: the best this many. */
const EVIDENCE_READ = 30;

const termSets = new WeakMap<TopicEvidence[], Set<string>[]>();
/** The terms of each document a profile reads, computed once per evidence list (its kind, developments, affinity and query all read them). */
function evidenceTerms(evidence: TopicEvidence[]): Set<string>[] {
  let sets = termSets.get(evidence);
  if (!sets) termSets.set(evidence, (sets = evidence.slice(0, EVIDENCE_READ).map((d) => new Set(terms(`${d.title}. ${d.summary}`)))));
  return sets;
}

/** How the engine reads a topic: the evidence about it, its own places and names, and its kind (domain) with a runner-up. */
function readKind(input: TopicProfileInput) {
  const { name } = input;
  const context = input.context.join('. ');
  const text = context ? `${name}. ${context}` : name;
  const evidence = relevantEvidence(name, input.evidence);
  const evidenceText = evidence
    .slice(0, EVIDENCE_READ)
    .map((d) => `${d.title}. ${d.summary}`)
    .join(' ');
  // The topic's own places: named, by demonym ("Syrian civil war"), or the jurisdiction of a law it names ("GDPR").
  const places = uniqueBy([...findPlaces(text), ...countriesOf(text).map(countryName), ...Object.entries(LAW_PLACES).filter(([law]) => hasPhrase(text, law)).map(([, place]) => place)]);
  // "EU AI Act" says all that "AI Act" and "AI" say.
  const named = findEntities(text);
  const own = { places, entities: named.filter((e) => !named.some((other) => other !== e && other.length > e.length && hasPhrase(other, e))) };
  // A name with no word saying what kind of topic it is, written as a name, is an organisation.
  const nameWords = wordsOf(name);
  const isOrganisation =
    domainScores(name).length === 0 &&
    (own.entities.some((e) => e.toLowerCase() === name.toLowerCase()) || (nameWords.length <= 3 && nameWords.every((w) => /^\p{Lu}/u.test(w) || !isKnownWord(w.toLowerCase()))));
  const { primary, secondary } = classify(name, context, evidenceText, isOrganisation, evidence.slice(0, EVIDENCE_READ).map((d) => d.collectionId));
  return { name, context, text, evidence, own, isOrganisation, primary, secondary };
}

/** The kind of topic the engine takes a topic for (a domain key of topic-domains.ts) and its runner-up: what its key events and query are written from. */
export function topicKind(input: TopicProfileInput): { kind: string; runnerUp: string | null } {
  const { primary, secondary } = readKind(input);
  return { kind: primary.key, runnerUp: secondary && secondary.key !== primary.key ? secondary.key : null };
}

/** Words of a kind's development that say nothing of what happened ("announced", "or"). */
const EVENT_FURNITURE = new Set(terms('announced released published made new major change changes data decision'));

/**
 * Whether the documents about a topic speak of a development: half its content words are each held
 * by two of them (or a fifth). With no documents, nothing is spoken of.
 */
function evidenceSpeaksOf(evidence: TopicEvidence[], event: string): boolean {
  const words = [...new Set(terms(event).filter((t) => !EVENT_FURNITURE.has(t)))];
  if (words.length === 0 || evidence.length === 0) return false;
  const docs = evidenceTerms(evidence);
  const need = Math.max(2, Math.ceil(docs.length / 5));
  return words.filter((word) => docs.filter((doc) => doc.has(word)).length >= need).length * 2 >= words.length;
}

/** WordNet's words for the topic's words only in the senses its documents speak of (two of them hold the related word); the most common sense with no documents. */
function evidenceAffinity(evidence: TopicEvidence[]): Affinity | undefined {
  if (evidence.length < 2) return undefined;
  const docs = evidenceTerms(evidence);
  return (_word, related) => {
    const words = terms(related);
    return words.length > 0 && docs.filter((doc) => words.every((w) => doc.has(w))).length >= 2;
  };
}

/**
 * Whether the documents about a topic write a word (one of them holds its stem): a word WordNet
 * derives from the name's that none of them writes ("scandalise" of "scandal", "lumbus" of
 * "lumbar") finds nothing. With fewer than two documents, nothing says which words they write.
 */
function writtenInEvidence(evidence: TopicEvidence[], word: string): boolean {
  if (evidence.length < 2) return true;
  const [term] = terms(word);
  return !!term && evidenceTerms(evidence).some((doc) => doc.has(term));
}

type Reading = ReturnType<typeof readKind>;
type Found = ReturnType<typeof recurring>;

/** A topic's profile: its places, key players, kinds of developments, search queries, sources, description and relevance matrix. */
export function buildTopicProfile(input: TopicProfileInput): TopicProfile {
  const reading = readKind(input);
  const { evidence, primary, secondary } = reading;
  const found = recurring(evidence, input.name);
  const places = profilePlaces(input, reading, found);
  const { subject, entities } = profileEntities(input.name, reading, found, places);
  const events = uniqueBy([...primary.events.slice(0, 7), ...(secondary && secondary.key !== primary.key ? secondary.events.slice(0, 2) : [])]).slice(0, 10);
  // Only the kind's developments the documents about the topic speak of are named as typical: a
  // sugar market's reports speak of prices and output, not of rate decisions.
  const spoken = events.filter((event) => evidenceSpeaksOf(evidence, event));
  const chosen = profileSources(input, reading);
  return {
    description: profileDescription(reading, subject, places, entities, spoken, chosen),
    information_sought: primary.sought,
    query: profileQuery(input.name, reading, found, entities, places),
    ai_query: profileAiQuery(reading, subject, entities, places),
    key_events: events,
    key_entities: entities,
    key_places: places,
    relevance_matrix: relevanceMatrixOf(reading, subject, entities, places),
    sources: chosen,
  };
}

/** Whether a place lies in an area: the same country, or a member of the area's group ("Hungary" in the "European Union"). */
const within = (place: string, area: string) => {
  const country = countriesOf(place)[0];
  return !!country && (countriesOf(area).includes(country) || memberOf(country, area));
};

/** The places of a topic: its own, or for a rule, law or case the store's; a European topic's member states; at most eight. */
function profilePlaces(input: TopicProfileInput, { own, primary }: Reading, found: Found): string[] {
  let places = own.places;
  // A rule, law or case without a place of its own is the reader's jurisdiction's, unless the
  // store's documents about it are set elsewhere: "Air quality rules" for a reader in London whose
  // store holds the EPA's rules is no British topic.
  if (places.length === 0 && (primary.key === 'regulation' || primary.key === 'legislation' || primary.key === 'litigation')) {
    const reader = input.profilePlaces.slice(0, 3);
    if (found.places.length === 0 || found.places.some((p) => reader.some((r) => within(p, r)))) places = reader;
  }
  // A European topic's documents name the member states where it happens ("Hungary"). A topic that
  // names no place gets none from its documents: "airline pilot strikes" are not German because
  // the store holds Lufthansa's.
  if (places.includes('European Union') && primary.placeSensitive) places = [...places, ...found.memberStates.slice(0, 6)];
  // "West Africa" says more than "Africa".
  places = places.filter((p) => !places.some((other) => other !== p && other.endsWith(` ${p}`)));
  const inTheUnion = places.some((p) => PLACES.find((pl) => pl.name === p)?.eu);
  if (inTheUnion && (primary.key === 'regulation' || primary.key === 'legislation') && !places.includes('European Union')) places = [...places, 'European Union'];
  return uniqueBy(places).slice(0, 8);
}

/** The topic's subject and its key players: its own names, the bodies that act on it where its documents name them, and the names its documents repeat. */
function profileEntities(name: string, { text, evidence, own, isOrganisation, primary, secondary }: Reading, found: Found, places: string[]): { subject: string; entities: string[] } {
  const subject = subjectOf(name, own.places, own.entities, evidence.map((e) => `${e.title} ${e.summary}`));
  // The subject is an entity when it is a name (an organisation); "salmon export tariffs" is not.
  const subjectEntity = isOrganisation ? [subject] : [];
  // A topic that names its body does not take its counterparts from the documents either (the
  // FOMC's minutes about rates are not about the European Central Bank).
  // Its own parts stay ("Federal Reserve" -> the Federal Open Market Committee).
  const isBody = (name: string) => [...BODIES].some((body) => name.toLowerCase().includes(body));
  const ownBodies = own.entities.filter(isBody);
  const firstWord = (name: string) => name.split(' ')[0]!.toLowerCase();
  const fromDocuments = ownBodies.length ? found.entities.filter((e) => !isBody(e) || ownBodies.some((b) => firstWord(b) === firstWord(e))) : found.entities;
  const withNames = (names: string[]) => names.flatMap((n) => [n, ...(ALSO_KNOWN[n] ?? [])]);
  // The bodies that act on such a subject count only where the store's documents about the topic
  // name them: a template's regulators are no key players of a topic no document ties them to
  // (the SEC and ESMA for a sugar market).
  const inEvidence = (body: string) => evidence.filter((d) => hasPhrase(`${d.title}. ${d.summary}`, body)).length >= Math.min(2, evidence.length || 1) && evidence.length > 0;
  const bodies = institutions(text, places, primary, secondary, own.entities).filter((body) => hasPhrase(text, body) || inEvidence(body) || withNames([body]).some(inEvidence));
  const entities = uniqueBy([...withNames([...own.entities, ...subjectEntity]), ...bodies, ...fromDocuments.slice(0, 6)])
    .filter((e) => !places.includes(e))
    .slice(0, 10);
  return { subject, entities };
}

/** The search query: the topic's words, its context's, its players' and places', its documents' recurring terms, WordNet's, then the kind's. */
function profileQuery(name: string, { context, evidence, primary }: Reading, found: Found, entities: string[], places: string[]): string {
  // A place's name is a name, not a common word: "EU" is no "europium", "United States" no "unify" or "province".
  const placeWords = namePlaces(name, 'en');
  const queryWords = uniqueBy(
    [
      ...wordsOf(name).filter((w, i, words) => !genericAt(words, i) && w.length > 1),
      ...wordsOf(context).filter((w) => meaningfulTerms(w).length > 0 && w.length > 3),
      ...entities.slice(0, 4).flatMap((e) => wordsOf(e)),
      ...places.slice(0, 3).flatMap((p) => wordsOf(p)),
      // What the store's documents about it say, then what its words mean (WordNet), before what
      // a kind of topic usually says: the query needs TOPIC_LIMITS.queryWords words.
      ...found.terms.slice(0, 10),
      ...wordsOf(name)
        .filter((w) => contentWord(w.toLowerCase(), 'en') && !placeWords.has(w.toLowerCase()))
        .flatMap((w) => relatedWordsOf(w.toLowerCase(), evidenceAffinity(evidence)))
        .filter((w) => !w.includes(' ') && writtenInEvidence(evidence, w)),
    ],
    (w) => terms(w)[0] ?? '',
  );
  for (const extra of [...primary.queryTerms, 'announced', 'report', 'decision', 'officials', 'plans']) {
    if (queryWords.length >= TOPIC_LIMITS.queryWords) break;
    if (!queryWords.some((w) => terms(w)[0] === terms(extra)[0])) queryWords.push(extra);
  }
  return queryWords.slice(0, 30).join(' ');
}

/** The query for a model's search: (subject or players) AND (the kind's terms) AND (places). */
function profileAiQuery({ primary }: Reading, subject: string, entities: string[], places: string[]): string {
  const quote = (s: string) => `"${s}"`;
  const kindTerms = primary.queryTerms.slice(0, 4);
  return [
    `(${uniqueBy([subject, ...entities.slice(0, 3)]).map(quote).join(' OR ')})`,
    `(${kindTerms.join(' OR ')})`,
    ...(places.length ? [`(${places.slice(0, 4).map(quote).join(' OR ')})`] : []),
  ].join(' AND ');
}

/** The collections to read: the reader's choice, else the kind's and those most of the topic's documents come from. */
function profileSources(input: TopicProfileInput, { evidence, primary, secondary }: Reading): number[] {
  const sources = input.sources.filter((id) => SELECTABLE.includes(id));
  if (sources.length > 0) return sources;
  const byCollection = new Map<number, number>();
  // Press releases and blogs are reached through News (contract coveredCollections).
  for (const doc of evidence) {
    const id = SELECTABLE.includes(doc.collectionId) ? doc.collectionId : 1;
    byCollection.set(id, (byCollection.get(id) ?? 0) + 1);
  }
  const fromEvidence = [...byCollection.entries()].filter(([, n]) => n >= Math.max(1, evidence.length * 0.2)).sort((a, b) => b[1] - a[1]).map(([id]) => id);
  return [...new Set([...primary.sources.slice(0, 3), ...(secondary ? secondary.sources.slice(0, 1) : []), ...fromEvidence])].filter((id) => SELECTABLE.includes(id)).slice(0, 5);
}

/** Prepositions of place a topic's name may put before its place ("Refugees crossing into Europe"). */
const PLACE_PREPOSITIONS = ['into', 'from', 'across', 'within', 'throughout', 'through', 'to', 'in'];

/** The preposition the name puts before its place, else "in": the description says where as the reader did. */
function prepositionOf(name: string, place: string): string {
  const at = name.toLowerCase().indexOf(place.toLowerCase());
  const before = at > 0 ? /(\p{L}+)\s+(?:the\s+)?$/u.exec(name.slice(0, at).toLowerCase())?.[1] : undefined;
  return before && PLACE_PREPOSITIONS.includes(before) ? before : 'in';
}

/** What the topic covers, its typical developments, its key players and its sources, in at least 25 words. */
function profileDescription({ name, primary, evidence }: Reading, subject: string, places: string[], entities: string[], spoken: string[], chosen: number[]): string {
  // "the" as the documents about the topic write each name (their text: a headline drops articles), else as English grammar has it.
  const texts = evidence.map((d) => d.summary);
  const the = (name: string) => withThe(name, texts);
  const where = places.length ? ` ${prepositionOf(name, places[0]!)} ${listing(places.slice(0, 4).map(the))}` : '';
  const players = spelledOnce(entities.filter((e) => e.toLowerCase() !== subject.toLowerCase())).slice(0, 4);
  // An event or a law is "the" subject ("the Syrian civil war", "the AI Act").
  const event = /\b(?:war|crisis|conflict|election|outbreak|pandemic|coup|insurgency|season)$/i.test(subject);
  const law = /\b(?:Act|Directive|Treaty|Agreement|Accord|Convention|Protocol)$/.test(subject);
  const article = (event || law) && !/^the\b/i.test(subject) ? 'the ' : '';
  const sentences = [
    `${primary.scope} concerning ${article}${subject}${where}.`,
    spoken.length ? `Typical developments: ${spoken.slice(0, 4).map(lowerFirst).join('; ')}.` : '',
    players.length ? `Key players include ${listing(players.map(the))}.` : '',
    chosen.length >= SELECTABLE.length ? 'Drawn from every kind of source Herald reads.' : `Drawn from ${listing(chosen.map((id) => collectionName(id).toLowerCase()))}.`,
  ].filter(Boolean);
  let description = sentences.join(' ');
  if (wordCount(description) < 25) description += ` Herald reports what changed, who is involved, where it happened and why it matters for ${subject}.`;
  return description;
}

/** How much an action, a player and a place make a document relevant to the topic. */
function relevanceMatrixOf({ primary, evidence }: Reading, subject: string, entities: string[], places: string[]): RelevanceMatrix {
  const named = entities.slice(0, 3);
  return {
    action_outcome: primary.outcome(subject),
    entities: {
      high: named.length > 1 ? `${listing(named)} act or are the main subject` : `${capitalise(named[0] ?? subject)} acts or is the main subject`,
      medium: 'Their competitors, partners, regulators or counterparties are involved',
      low: 'They are mentioned in passing',
    },
    places: places.length
      ? { high: `In ${listing(places.slice(0, 4).map((p) => withThe(p, evidence.map((d) => d.summary))))}`, medium: 'In linked jurisdictions or markets', low: 'Elsewhere, with no effect there' }
      : { high: 'Anywhere: place does not decide relevance', medium: 'Anywhere', low: 'Anywhere' },
  };
}
