import { z } from 'zod';
import { terms } from '../../search/terms.js';
import { actionsIn, actsIn } from '../lexicon/actions.js';
import type { Capability } from '../types.js';
import { sentences } from './summarise.js';

export interface NoveltyInput {
  document: { id: number; title: string; summary: string; keyFacts: string[]; date: string };
  /** The user's earlier events on the topic, newest first. */
  earlier: { documentId: number; title: string; date: string; keyFacts: string[] }[];
}

const ZFact = z.object({ fact: z.string(), citations: z.array(z.number()) });
export const ZNovelty = z.object({
  novel: z.boolean(),
  novelty_score: z.number().min(0).max(1),
  novelty_summary: z.string(),
  novelty_reason: z.string(),
  novel_facts: z.array(ZFact),
  known_facts: z.array(ZFact),
  phase_change: z.boolean(),
  phase_change_explanation: z.string(),
});
export type TNovelty = z.infer<typeof ZNovelty>;

/** A fact counts as known when an earlier fact covers this share of its content words... */
export const KNOWN_COVERAGE = 0.6;
const NUMBER = /\d+(?:[.,]\d+)*\s*(?:%|percent|per cent|million|billion|basis points?)?/gi;
const numbersOf = (text: string) => new Set((text.match(NUMBER) ?? []).map((n) => n.replace(/\s+/g, ' ').trim().toLowerCase()));

/**
 * Built-in novelty: each of the document's key facts (its summary when it has none) is compared
 * with the facts of the user's earlier events on the topic. Known = an earlier fact holds at least
 * KNOWN_COVERAGE of its content words and every number it states (a new figure is news). Novel
 * when any fact is new; the score is the share of new facts. A phase change is an action word in
 * the title (approved, resigns, raises...) that no earlier title on the topic carries.
 */
export function builtinNovelty(input: NoveltyInput): TNovelty {
  const facts = input.document.keyFacts.length ? input.document.keyFacts : input.document.summary ? [input.document.summary] : [input.document.title];
  const earlierFacts = input.earlier.flatMap((e) => [...e.keyFacts, e.title].map((fact) => ({ fact, documentId: e.documentId, words: new Set(terms(fact)), numbers: numbersOf(fact) })));
  const novel: TNovelty['novel_facts'] = [];
  const known: TNovelty['known_facts'] = [];
  for (const fact of facts) {
    const words = new Set(terms(fact));
    const numbers = numbersOf(fact);
    const covering = earlierFacts.filter((e) => {
      if (words.size === 0) return false;
      const shared = [...words].filter((w) => e.words.has(w)).length / words.size;
      return shared >= KNOWN_COVERAGE && [...numbers].every((n) => e.numbers.has(n));
    });
    if (covering.length) known.push({ fact, citations: [...new Set(covering.map((c) => c.documentId))].slice(0, 3) });
    else novel.push({ fact, citations: [input.document.id] });
  }
  const score = facts.length ? novel.length / facts.length : 1;
  // A headline verb is inflected (raises, approved, resigning) and read as the title's verb; a bare
  // form ("Straight Leg Raise", "Rate Cut Watch") or a noun ("Regulatory Capital Rules: ...") reports no change.
  const action = actsIn(input.document.title).find((a) => a.phase);
  const phaseChange = Boolean(action) && input.earlier.length > 0 && !input.earlier.some((e) => actionsIn(e.title).has(action!.action));
  const isNovel = novel.length > 0;
  return {
    novel: isNovel,
    novelty_score: Math.round(score * 100) / 100,
    novelty_summary: isNovel ? novel.map((f) => f.fact).join(' ') : 'Nothing in this document goes beyond what earlier events reported.',
    novelty_reason:
      input.earlier.length === 0
        ? 'First event on this topic: everything is new.'
        : `${novel.length} of ${facts.length} facts are new against ${input.earlier.length} earlier event(s); ${known.length} were reported before.`,
    novel_facts: novel,
    known_facts: known,
    phase_change: phaseChange,
    phase_change_explanation: phaseChange ? stageOf(input.document, action!.action) : '',
  };
}

/** What a reader is told of the new stage: the document's statement of the act (its facts, then its summary), else its title; never the mechanism that found it. */
function stageOf(document: NoveltyInput['document'], action: string): string {
  const statements = [...document.keyFacts, ...sentences(document.summary)];
  const stated = statements.find((s) => actsIn(s).some((a) => a.action === action));
  return (stated ?? document.title).trim().replace(/([^.!?])$/, '$1.');
}

export const novelty: Capability<NoveltyInput, typeof ZNovelty> = {
  name: 'check novelty',
  stage: 'novelty',
  output: ZNovelty,
  systemPrompt:
    "You compare a new document with what a user already knows from earlier events on the same topic. Split the new document's content into facts; " +
    'a fact is known when an earlier event already reported it (same claim and same figures), else new. Cite document ids. ' +
    'novel = any new fact; novelty_score = share of new facts; phase_change = the story moved to a new state (e.g. a proposal became law, a CEO resigned) with an explanation.',
  userMessage: (input) => JSON.stringify({ new_document: input.document, earlier_events: input.earlier }, null, 1),
  builtin: builtinNovelty,
};
