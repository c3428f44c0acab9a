import { INDUSTRIES } from '../../../contract/collections.js';
import { INDUSTRY_KNOWLEDGE } from '../../intelligence/builtin/profile-lexicon.js';
import { interestPhrases } from '../../intelligence/builtin/profile-builder.js';
import type Compromise from 'compromise';
import { lazyRequire } from '../../lazy.js';
import { classify, hasPhrase, isKnownWord, knownNamesIn, meaningfulTerms } from '../../intelligence/builtin/topic-analysis.js';
import { terms } from '../../search/terms.js';
import { cueText, saysCue } from '../../intelligence/lexicon/word-forms.js';
import { broadExamples } from '../../intelligence/builtin/topic-clarity.js';
import type { SuggestionCandidate } from '../../intelligence/capabilities/suggest-topics.js';
import { SELECTABLE_COLLECTIONS } from '../../intelligence/capabilities/topic-fields.js';
import { GENERIC } from '../../intelligence/builtin/world.js';
import { jurisdictionsIn, memberOf, namesOf, placeNamed } from '../../intelligence/knowledge/places.js';
import type { TopicContext } from './context.js';
import { titleMatches, topicEvidence } from './evidence.js';

const compromise = lazyRequire<typeof Compromise>('compromise');

export interface ProfileForSuggestions {
  title: string;
  organization: string;
  interests: string;
  industries: string[];
  organizations: string[];
  places: string[];
  productsMarkets: string[];
  /** Where they work, as written ("Basel, Switzerland"): the jurisdictions of their industry's rules. */
  location?: string;
  /** The user chose their industries (in the interview): its usual topics are offered as they are. */
  industriesChosen?: boolean;
}

const selectable = new Set(SELECTABLE_COLLECTIONS.map((c) => c.id));

/**
 * Organisations and people a document names, strict enough to suggest as topics: headline
 * capitals ("Press Briefing") and lists ("President Trump, Vice President Pence") are not names;
 * a single word that is an ordinary word ("Members") is not either.
 */
function namedBodies(text: string): string[] {
  const doc = compromise()(text);
  // A "person" whose last word is an ordinary word is a headline fragment ("Brady Press").
  const people = (doc.people().out('array') as string[]).filter((p) => p.includes(' ') && !isKnownWord(p.trim().split(/\s+/).pop()!.toLowerCase()));
  const found = [...knownNamesIn(text), ...(doc.organizations().out('array') as string[]), ...people];
  return found
    .map((n) => n.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '').replace(/['’]s$/, '').replace(/\.$/, '').trim())
    .filter((n) => n.length > 2 && !/[,;:]/.test(n) && /^\p{Lu}/u.test(n))
    .filter((n) => n.includes(' ') || /^[A-Z0-9&]{3,}$/.test(n) || !isKnownWord(n.toLowerCase()))
    // "The Committee" is a document's way of saying a name it used before, not a name.
    .filter((n) => !/^the\s+\S+$/i.test(n) || !isKnownWord(n.split(/\s+/)[1]!.toLowerCase()))
    // A piece of a longer name found in the same text ("Drug Administration" of "Food and Drug Administration"),
    // or cut before its "of ..." ("Federal Reserve Bank" of "Federal Reserve Bank of New York").
    .filter((n, _, all) => !all.some((other) => other !== n && other.includes(n)))
    .filter((n) => !new RegExp(`${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+of\\s+(?:the\\s+)?\\p{Lu}`, 'u').test(text));
}
/** A place's two-letter abbreviation where it has one ("EU", "US", "UK"): "US insurance regulation". */
const shortName = (place: string) => namesOf(place).find((n) => /^\p{Lu}{2}$/u.test(n));
/** Words that say what kind of news, not about what: sharing one does not make an industry's topic the user's. */
export const KIND_WORDS: ReadonlySet<string> = new Set(
  terms(
    'policy regulate regulation rule law market price research news update development industry sector service system manage management ' +
      'public global international national health data reform enforce enforcement litigate litigation decision federal state government ' +
      'trial clinic clinical study control',
  ),
);

/** Places whose rules a regulation topic can be about: countries and unions, not cities, regions or continents. */
const isJurisdiction = (name: string) => {
  const place = placeNamed(name);
  return !!place && place.name === name && (place.kind === 'country' || (place.kind === 'group' && !place.id.startsWith('CONTINENT:')));
};
// The head word of an organisation's name: "European Commission", "Potsdam Institute", "Standard Bank".
const BODY_HEAD = /\b(?:Commission|Committee|Agency|Bank|Court|Institute|Council|Organi[sz]ation|Association|Union|Ministry|Department|Administration|Authority|Board|Office|Inc|Corp|Corporation|Ltd|Group|University|Fund|Reserve|Service|Parliament|Senate|Congress|Federation|Foundation|Exchange|Tribunal)\b/;

/**
 * Whether a name found in a profile or a document can be a topic: a whole name, not a piece of
 * one ("Drug Administration (FDA", "Government of the", "II"), and a name, not ordinary words in
 * capitals ("Training Data", "University Hospital"): a known name, a body with an organisation's
 * head word and a proper word, or a word that is not an ordinary word.
 */
export function wholeName(name: string): boolean {
  const n = name.trim();
  if (n.length < 3 || !/\p{L}{2}/u.test(n)) return false;
  if ((n.match(/[([]/g)?.length ?? 0) !== (n.match(/[)\]]/g)?.length ?? 0)) return false;
  const words = n.split(/\s+/);
  if (/^(?:of|the|and|for|in|on|at|to|a|an|with)$/i.test(words.at(-1)!) || /^(?:of|and|for|in|on|at|to|with)$/i.test(words[0]!)) return false;
  if (knownNamesIn(n).length || /^[A-Z0-9&]{3,}$/.test(n)) return true;
  // "Pension fund", "Broker-dealer": a kind of organisation written as a sentence is not its name.
  if (words.length > 1 && words.slice(1).every((w) => /^\p{Ll}/u.test(w))) return false;
  if (words.length === 1 && /^\p{Lu}\p{Ll}+-\p{Ll}/u.test(n)) return false;
  // compromise knows names (Volkswagen, RAND Corporation, Munich) that are also in its lexicon.
  if (compromise()(n).has('(#Organization|#Person|#Place)')) return true;
  const ordinary = (w: string) => w.split('-').every((part) => isKnownWord(part.toLowerCase().replace(/[^\p{L}]/gu, '')));
  const proper = words.filter((w) => /^\p{Lu}/u.test(w) && !ordinary(w));
  return proper.length > 0 || (BODY_HEAD.test(n) && words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w)));
}
const sourcesFor = (name: string) => classify(name, '', '', false).primary.sources.filter((id) => selectable.has(id)).slice(0, 3);

/**
 * Topics worth suggesting to a user, with where each comes from: the phrases of their interests,
 * their markets and organisations, topics followed in their industries, their jurisdictions
 * applied to their industry, and names that recur in what the store holds about their interests.
 * Each is counted against the store's titles so the ranking can prefer topics with content.
 */
export async function suggestionCandidates(context: TopicContext, profile: ProfileForSuggestions, interviewNames: string[] = []): Promise<SuggestionCandidate[]> {
  const out: Omit<SuggestionCandidate, 'evidence'>[] = [];
  for (const name of interviewNames) out.push({ name, kind: 'interview', reasoning: 'You named it in the interview.', sources: classify(name, '', '', true).primary.sources.filter((id) => selectable.has(id)).slice(0, 3) });
  const phrases = interestPhrases(profile.interests);
  for (const phrase of phrases) {
    // A subject too broad to follow is replaced by narrower topics within it.
    const narrower = broadExamples(phrase);
    if (narrower) for (const example of narrower) out.push({ name: example, kind: 'interest', reasoning: `A focused topic within “${phrase}”, from your interests.`, sources: sourcesFor(example) });
    else out.push({ name: phrase, kind: 'interest', reasoning: `From your interests: “${phrase}”.`, sources: sourcesFor(phrase) });
  }
  // A part of a phrase the user wrote ("EU pharmaceutical" of "EU pharmaceutical regulation", "PSD3" of "PSD3 payment services rules") repeats it.
  const written = phrases.map((p) => ` ${p.toLowerCase()} `);
  const partOfWritten = (name: string) => written.some((w) => w.includes(` ${name.toLowerCase()} `) && w.trim() !== name.toLowerCase());
  for (const market of profile.productsMarkets) {
    if (partOfWritten(market)) continue;
    out.push({ name: market, kind: 'product', reasoning: 'One of the markets and products in your profile.', sources: sourcesFor(market) });
  }
  for (const org of profile.organizations) {
    if (!wholeName(org) || partOfWritten(org)) continue;
    const employer = org.toLowerCase() === profile.organization.trim().toLowerCase();
    const kind = classify(org, '', '', true).primary;
    out.push({ name: org, kind: 'organization', reasoning: employer ? `You work at ${org}: news, deals, filings and cases about it.` : `${org} is one of the organisations in your profile.`, sources: kind.sources.filter((id) => selectable.has(id)).slice(0, 3) });
  }
  const industryValues = profile.industries.map((label) => INDUSTRIES.find((i) => i.label === label || i.value === label)?.value).filter(Boolean);
  // Who said what they follow gets the industry's topics that touch it; a profile that says
  // little gets the industry's usual topics (a wrong guess of industry costs less there).
  const said = new Set([...terms(profile.title), ...terms(profile.interests)].filter((t) => !KIND_WORDS.has(t)));
  // An industry's cue read by its word forms ("securities" is not a security engineer's "security").
  const saidText = cueText(`${profile.title}. ${profile.interests}`);
  const specific = phrases.length >= 3 && !profile.industriesChosen;
  for (const value of industryValues) {
    const knowledge = INDUSTRY_KNOWLEDGE.find((k) => k.value === value);
    const label = INDUSTRIES.find((i) => i.value === value)!.label;
    for (const topic of knowledge?.topics ?? []) {
      if (specific && !meaningfulTerms(topic.name).some((t) => said.has(t))) continue;
      out.push({ name: topic.name, kind: 'industry', reasoning: `Widely followed in ${label.toLowerCase()}.`, sources: topic.sources });
    }
  }
  // The rules of their industry where they work: the industry their title or interests name.
  const namedIndustries = profile.industriesChosen ? industryValues : industryValues.filter((v) => INDUSTRY_KNOWLEDGE.find((k) => k.value === v)?.cues.some((cue) => !terms(cue).every((t) => KIND_WORDS.has(t)) && saysCue(cue, saidText)));
  // Where they work (a place their interests name, "Ukraine war", is a subject, not their jurisdiction).
  const home = profile.location ? jurisdictionsIn(profile.location).map((j) => j.name) : profile.places;
  const jurisdictions = [...home, ...(home.some((h) => memberOf(h, 'EU')) ? ['European Union'] : [])];
  for (const place of jurisdictions.filter(isJurisdiction).slice(0, 2)) {
    // Lawyers follow the law of their practice, not the rules of legal services.
    for (const value of namedIndustries.filter((v) => v !== 'government' && v !== 'other' && v !== 'legal').slice(0, 1)) {
      const label = INDUSTRIES.find((i) => i.value === value)!.label.split(/ & | and /)[0]!;
      const name = `${shortName(place) ?? place} ${label.toLowerCase()} regulation`;
      // "Where you work" only when they said where they work; else the place is one their profile follows.
      const why = profile.location ? 'where you work' : 'a place your profile follows';
      out.push({ name, kind: 'place', reasoning: `Rules for ${label.toLowerCase()} in ${place}, ${why}.`, sources: [6, 5, 1] });
    }
  }
  // What the store says about the interests: names that recur across its documents.
  const counts = new Map<string, { label: string; docs: number; collections: Set<number> }>();
  const places = new Set(profile.places.map((p) => p.toLowerCase()));
  for (const phrase of phrases.slice(0, 4)) {
    // Only documents about the phrase: a store full of FOMC statements answers any search with some.
    const wanted = new Set(meaningfulTerms(phrase));
    for (const doc of await topicEvidence(context.database, context.search, phrase, { limit: 15 })) {
      const text = `${doc.title}. ${doc.summary.slice(0, 300)}`;
      const have = new Set(terms(text));
      // A short phrase as written ("open banking" is not "Open Market ... Reserve Bank"); a longer one by most of its words.
      if (wanted.size <= 2 ? !hasPhrase(text, phrase) : [...wanted].filter((t) => have.has(t)).length < Math.ceil(wanted.size * 0.6)) continue;
      for (const entity of new Set(namedBodies(text))) {
        const key = entity.toLowerCase();
        if (key.length < 3 || GENERIC.has(key) || places.has(key) || jurisdictionsIn(entity).length || !wholeName(entity) || partOfWritten(entity)) continue;
        const entry = counts.get(key) ?? { label: entity, docs: 0, collections: new Set<number>() };
        entry.docs++;
        entry.collections.add(doc.collectionId);
        counts.set(key, entry);
      }
    }
  }
  for (const entry of [...counts.values()].filter((e) => e.docs >= 2).sort((a, b) => b.docs - a.docs).slice(0, 10)) {
    out.push({
      name: entry.label,
      kind: 'corpus',
      reasoning: `Named in ${entry.docs} recent documents about your interests.`,
      sources: [...entry.collections].filter((id) => selectable.has(id)).slice(0, 3),
    });
  }
  const named = out.slice(0, 80).map((c) => ({ ...c, name: c.name.trim().slice(0, 200) }));
  const evidence = await titleMatches(context.database, named.map((c) => c.name));
  return named.map((c) => ({ ...c, sources: c.sources.length ? c.sources : [1], evidence: evidence.get(c.name) ?? 0 }));
}
