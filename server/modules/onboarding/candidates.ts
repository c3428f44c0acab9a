import { INDUSTRIES } from '../../../contract/collections.js';
import { INDUSTRY_KNOWLEDGE } from '../../intelligence/builtin/profile-lexicon.js';
import { interestPhrases } from '../../intelligence/builtin/profile-builder.js';
import type Compromise from 'compromise';
import { lazyRequire } from '../../lazy.js';
import { classify, findPlaces, isKnownWord, knownNamesIn } from '../../intelligence/builtin/topic-analysis.js';
import { broadExamples } from '../../intelligence/builtin/topic-clarity.js';
import type { SuggestionCandidate } from '../../intelligence/capabilities/suggest-topics.js';
import { SELECTABLE_COLLECTIONS } from '../../intelligence/capabilities/topic-fields.js';
import { GENERIC } from '../../intelligence/builtin/world.js';
import type { TopicContext } from '../topics/context.js';
import { titleMatches, topicEvidence } from '../topics/evidence.js';

const compromise = lazyRequire<typeof Compromise>('compromise');

export interface ProfileForSuggestions {
  title: string;
  organization: string;
  interests: string;
  industries: string[];
  organizations: string[];
  places: string[];
  productsMarkets: string[];
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
    .filter((n) => !/^the\s+\S+$/i.test(n) || !isKnownWord(n.split(/\s+/)[1]!.toLowerCase()));
}
const SHORT_PLACE: Record<string, string> = { 'European Union': 'EU', 'United States': 'US', 'United Kingdom': 'UK' };
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
  for (const market of profile.productsMarkets) out.push({ name: market, kind: 'product', reasoning: 'One of the markets and products in your profile.', sources: sourcesFor(market) });
  for (const org of profile.organizations) {
    const employer = org.toLowerCase() === profile.organization.trim().toLowerCase();
    const kind = classify(org, '', '', true).primary;
    out.push({ name: org, kind: 'organization', reasoning: employer ? `You work at ${org}: news, deals, filings and cases about it.` : `${org} is one of the organisations in your profile.`, sources: kind.sources.filter((id) => selectable.has(id)).slice(0, 3) });
  }
  const industryValues = profile.industries.map((label) => INDUSTRIES.find((i) => i.label === label || i.value === label)?.value).filter(Boolean);
  for (const value of industryValues) {
    const knowledge = INDUSTRY_KNOWLEDGE.find((k) => k.value === value);
    const label = INDUSTRIES.find((i) => i.value === value)!.label;
    for (const topic of knowledge?.topics ?? []) out.push({ name: topic.name, kind: 'industry', reasoning: `Widely followed in ${label.toLowerCase()}.`, sources: topic.sources });
  }
  for (const place of profile.places.slice(0, 2)) {
    for (const value of industryValues.filter((v) => v !== 'government' && v !== 'other').slice(0, 2)) {
      const label = INDUSTRIES.find((i) => i.value === value)!.label.split(/ & | and /)[0]!;
      const name = `${SHORT_PLACE[place] ?? place} ${label.toLowerCase()} regulation`;
      out.push({ name, kind: 'place', reasoning: `Rules for ${label.toLowerCase()} in ${place}, where you work.`, sources: [6, 5, 1] });
    }
  }
  // What the store says about the interests: names that recur across its documents.
  const counts = new Map<string, { label: string; docs: number; collections: Set<number> }>();
  const places = new Set(profile.places.map((p) => p.toLowerCase()));
  for (const phrase of phrases.slice(0, 4)) {
    for (const doc of await topicEvidence(context.database, context.search, phrase, { limit: 15 })) {
      for (const entity of new Set(namedBodies(`${doc.title}. ${doc.summary.slice(0, 300)}`))) {
        const key = entity.toLowerCase();
        if (key.length < 3 || GENERIC.has(key) || places.has(key) || findPlaces(entity).length) continue;
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
