/**
 * The built-in engine's profile of a topic: description, what is sought, search query, key
 * events, entities and places, relevance matrix and sources. Written from the topic's words, the
 * domain it belongs to, the jurisdictions that matter, and the documents Herald holds about it
 * (their frequent names, places and words), so the pipeline's pre-filter and relevance stages
 * have something specific to match.
 */
import { COLLECTIONS } from '../../../contract/collections.js';
import type { RelevanceMatrix } from '../../db/schema/index.js';
import { terms } from '../../search/terms.js';
import { capitalise, classify, domainScores, findEntities, findPlaces, isKnownWord, listing, meaningfulTerms, subjectOf, wordsOf } from './topic-analysis.js';
import type { Domain } from './topic-domains.js';
import { GENERIC, LEGISLATURES, PLACES, REGULATORS } from './world.js';

export interface TopicEvidence {
  title: string;
  summary: string;
  collectionId: number;
}

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
/** "the European Union", "the United States", but "Germany". */
const withArticle = (place: string) => (/^(?:United|European|Middle|Netherlands|Philippines|Czech|Gulf|Mediterranean)\b/.test(place) ? `the ${place}` : place);
const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** Evidence that is really about the topic: it holds at least half of the topic's own words. */
export function relevantEvidence(name: string, evidence: TopicEvidence[]): TopicEvidence[] {
  const own = [...new Set(meaningfulTerms(name))];
  if (own.length === 0) return [];
  const need = Math.max(1, Math.ceil(own.length / 2));
  return evidence.filter((doc) => {
    const have = new Set(terms(`${doc.title} ${doc.summary}`));
    return own.filter((t) => have.has(t)).length >= need;
  });
}

/** Names, places and words that recur across the evidence, with the number of documents holding each. */
function recurring(docs: TopicEvidence[], name: string) {
  const entityDocs = new Map<string, { label: string; n: number }>();
  const placeDocs = new Map<string, number>();
  const termDocs = new Map<string, number>();
  const own = new Set(terms(name));
  for (const doc of docs.slice(0, 30)) {
    const text = `${doc.title}. ${doc.summary.slice(0, 400)}`;
    for (const entity of new Set(findEntities(text).map((e) => e.trim()))) {
      const key = entity.toLowerCase();
      if (terms(entity).every((t) => own.has(t))) continue;
      const entry = entityDocs.get(key) ?? { label: entity, n: 0 };
      entry.n++;
      entityDocs.set(key, entry);
    }
    for (const place of new Set(findPlaces(text))) placeDocs.set(place, (placeDocs.get(place) ?? 0) + 1);
    for (const term of new Set(terms(text))) if (!own.has(term) && term.length > 3 && !/^\d+$/.test(term) && !GENERIC.has(term)) termDocs.set(term, (termDocs.get(term) ?? 0) + 1);
  }
  const min = Math.max(2, Math.ceil(Math.min(docs.length, 30) * 0.2));
  return {
    entities: [...entityDocs.values()].filter((e) => e.n >= min).sort((a, b) => b.n - a.n).map((e) => e.label),
    places: [...placeDocs.entries()].filter(([, n]) => n >= Math.max(2, Math.ceil(Math.min(docs.length, 30) * 0.4))).sort((a, b) => b[1] - a[1]).map(([p]) => p),
    terms: [...termDocs.entries()].filter(([, n]) => n >= min).sort((a, b) => b[1] - a[1]).map(([t]) => t),
  };
}

/** The institutions that act on this subject in these places (regulators, legislatures). */
function institutions(text: string, places: string[], domain: Domain, secondary: Domain | undefined): string[] {
  const kinds = new Set([domain.key, secondary?.key]);
  if (!['regulation', 'legislation', 'markets', 'monetary', 'clinical'].some((k) => kinds.has(k))) return [];
  const have = new Set(terms(text));
  const where = places.filter((p) => PLACES.some((pl) => pl.name === p));
  const jurisdictions = where.length ? where : ['United States', 'European Union'];
  const out: string[] = [];
  // The subject's best-matching regulators only: a topic on bank rates is not about conduct rules.
  const scored = REGULATORS.map((entry) => ({ entry, n: entry.cues.filter((cue) => have.has(terms(cue)[0] ?? cue)).length })).filter((e) => e.n > 0);
  const best = Math.max(0, ...scored.map((e) => e.n));
  for (const { entry } of scored.filter((e) => e.n === best)) for (const place of jurisdictions) out.push(...(entry.by[place] ?? []));
  if (kinds.has('legislation')) for (const place of jurisdictions) out.push(...(LEGISLATURES[place] ?? []));
  return uniqueBy(out).slice(0, 5);
}

export function buildTopicProfile(input: TopicProfileInput): TopicProfile {
  const { name } = input;
  const context = input.context.join('. ');
  const text = context ? `${name}. ${context}` : name;
  const evidence = relevantEvidence(name, input.evidence);
  const evidenceText = evidence
    .slice(0, 30)
    .map((d) => `${d.title}. ${d.summary}`)
    .join(' ');
  const own = { places: findPlaces(text), entities: findEntities(text) };
  // A name with no word saying what kind of topic it is, written as a name, is an organisation.
  const nameWords = wordsOf(name);
  const isOrganisation =
    domainScores(name).length === 0 &&
    (own.entities.some((e) => e.toLowerCase() === name.toLowerCase()) || (nameWords.length <= 3 && nameWords.every((w) => /^\p{Lu}/u.test(w) || !isKnownWord(w.toLowerCase()))));
  const { primary, secondary } = classify(name, context, evidenceText, isOrganisation);
  const found = recurring(evidence, name);

  let places = own.places;
  if (places.length === 0 && (primary.key === 'regulation' || primary.key === 'legislation' || primary.key === 'litigation')) places = input.profilePlaces.slice(0, 3);
  if (places.length === 0 && primary.placeSensitive) places = found.places.slice(0, 3);
  if (places.some((p) => PLACES.find((pl) => pl.name === p)?.eu) && (primary.key === 'regulation' || primary.key === 'legislation') && !places.includes('European Union')) places = [...places, 'European Union'];
  places = uniqueBy(places).slice(0, 8);

  const subject = subjectOf(name, own.places, own.entities);
  const subjectEntity = isOrganisation || own.entities.length === 0 ? [subject] : [];
  const entities = uniqueBy([...own.entities, ...subjectEntity, ...institutions(text, places, primary, secondary), ...found.entities.slice(0, 6)])
    .filter((e) => !places.includes(e))
    .slice(0, 10);

  const events = uniqueBy([...primary.events.slice(0, 7), ...(secondary && secondary.key !== primary.key ? secondary.events.slice(0, 2) : [])]).slice(0, 10);

  const queryWords = uniqueBy(
    [
      ...wordsOf(name).filter((w) => !GENERIC.has(w.toLowerCase()) && w.length > 1),
      ...wordsOf(context).filter((w) => meaningfulTerms(w).length > 0 && w.length > 3),
      ...entities.slice(0, 4).flatMap((e) => wordsOf(e)),
      ...places.slice(0, 3).flatMap((p) => wordsOf(p)),
      ...found.terms.slice(0, 6),
      ...primary.queryTerms.slice(0, 7),
      ...(secondary ? secondary.queryTerms.slice(0, 2) : []),
    ],
    (w) => terms(w)[0] ?? '',
  );
  for (const extra of [...primary.queryTerms, 'announced', 'report', 'decision', 'officials', 'plans']) {
    if (queryWords.length >= 12) break;
    if (!queryWords.some((w) => terms(w)[0] === terms(extra)[0])) queryWords.push(extra);
  }
  const query = queryWords.slice(0, 30).join(' ');

  const quote = (s: string) => `"${s}"`;
  const kindTerms = primary.queryTerms.slice(0, 4);
  const aiQuery = [
    `(${uniqueBy([subject, ...entities.slice(0, 3)]).map(quote).join(' OR ')})`,
    `(${kindTerms.join(' OR ')})`,
    ...(places.length ? [`(${places.slice(0, 4).map(quote).join(' OR ')})`] : []),
  ].join(' AND ');

  const sources = input.sources.filter((id) => SELECTABLE.includes(id));
  let chosen = sources;
  if (chosen.length === 0) {
    const byCollection = new Map<number, number>();
    // Press releases and blogs are reached through News (contract coveredCollections).
    for (const doc of evidence) {
      const id = SELECTABLE.includes(doc.collectionId) ? doc.collectionId : 1;
      byCollection.set(id, (byCollection.get(id) ?? 0) + 1);
    }
    const fromEvidence = [...byCollection.entries()].filter(([, n]) => n >= Math.max(1, evidence.length * 0.2)).sort((a, b) => b[1] - a[1]).map(([id]) => id);
    chosen = [...new Set([...primary.sources.slice(0, 3), ...(secondary ? secondary.sources.slice(0, 1) : []), ...fromEvidence])].filter((id) => SELECTABLE.includes(id)).slice(0, 5);
  }

  const where = places.length ? ` in ${listing(places.slice(0, 4).map(withArticle))}` : '';
  const players = entities.filter((e) => e.toLowerCase() !== subject.toLowerCase()).slice(0, 4);
  const sentences = [
    `${primary.scope} concerning ${subject}${where}.`,
    `Typical developments: ${events.slice(0, 4).map(lowerFirst).join('; ')}.`,
    players.length ? `Key players include ${listing(players)}.` : '',
    `Drawn from ${listing(chosen.map((id) => collectionName(id).toLowerCase()))}.`,
  ].filter(Boolean);
  let description = sentences.join(' ');
  if (wordCount(description) < 25) description += ` Herald reports what changed, who is involved, where it happened and why it matters for ${subject}.`;

  const named = entities.slice(0, 3);
  const relevance_matrix: RelevanceMatrix = {
    action_outcome: primary.outcome(subject),
    entities: {
      high: named.length > 1 ? `${listing(named)} act or are the main subject` : `${capitalise(named[0] ?? subject)} acts or is the main subject`,
      medium: 'Their competitors, partners, regulators or counterparties are involved',
      low: 'They are mentioned in passing',
    },
    places: places.length
      ? { high: `In ${listing(places.slice(0, 4).map(withArticle))}`, medium: 'In linked jurisdictions or markets', low: 'Elsewhere, with no effect there' }
      : { high: 'Anywhere: place does not decide relevance', medium: 'Anywhere', low: 'Anywhere' },
  };

  return {
    description,
    information_sought: primary.sought,
    query,
    ai_query: aiQuery,
    key_events: events,
    key_entities: entities,
    key_places: places,
    relevance_matrix,
    sources: chosen,
  };
}
