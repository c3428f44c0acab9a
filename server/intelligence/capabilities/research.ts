import { z } from 'zod';
import { terms } from '../../search/terms.js';
import type { Capability } from '../types.js';

export interface ResearchInput {
  topic: { name: string; keyEntities: string[] };
  event: { title: string; summary: string; novelFacts: string[] };
}

export const ZResearchPlan = z.object({
  queries: z
    .array(z.object({ statement: z.string().describe('What the query should establish'), query: z.string().describe('Search words') }))
    .min(1)
    .max(4),
});
export type TResearchPlan = z.infer<typeof ZResearchPlan>;

/** Words of a text that are names: capitalised words not at a sentence start, and acronyms. */
export function names(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/(?<![.!?]\s|^)\b([A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)*|[A-Z]{2,})\b/g)) out.push(match[1]!);
  return [...new Set(out)];
}

/**
 * Built-in research plan: background on the happening (the title's names and content words),
 * context for each new fact (its content words), and the topic's angle (topic name with the
 * names the event shares with the topic's key entities).
 */
export function builtinResearchPlan(input: ResearchInput): TResearchPlan {
  const queries: TResearchPlan['queries'] = [];
  const titleWords = [...new Set([...names(input.event.title), ...terms(input.event.title)])].slice(0, 8).join(' ');
  queries.push({ statement: `Background on: ${input.event.title}`, query: titleWords || input.event.title });
  for (const fact of input.event.novelFacts.slice(0, 2)) {
    const words = [...new Set(terms(fact))].slice(0, 8).join(' ');
    if (words) queries.push({ statement: `Context for the new fact: ${fact.slice(0, 160)}`, query: words });
  }
  const shared = input.topic.keyEntities.filter((e) => `${input.event.title} ${input.event.summary}`.toLowerCase().includes(e.toLowerCase()));
  queries.push({ statement: `Earlier developments for "${input.topic.name}"`, query: [input.topic.name, ...shared.slice(0, 3)].join(' ') });
  return { queries: queries.slice(0, 4) };
}

export const planResearch: Capability<ResearchInput, typeof ZResearchPlan> = {
  name: 'plan research',
  stage: 'research',
  output: ZResearchPlan,
  systemPrompt:
    'You plan research for a short briefing about a new event. Write 1 to 4 search queries (plain search words, no operators) that find background, ' +
    'context for the new facts, and earlier developments on the topic; say for each what it should establish.',
  userMessage: (input) => JSON.stringify(input, null, 1),
  builtin: builtinResearchPlan,
};
