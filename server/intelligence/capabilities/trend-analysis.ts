import { z } from 'zod';
import type { Capability } from '../types.js';

/** One article the analysis may cite, by its reference number. */
export interface TrendSource {
  number: number;
  title: string;
  /** The article's introduction without its own reference markers. */
  lead: string;
  published_at: string;
}

export interface TrendAnalysisInput {
  topic: string;
  /** "the last 30 days" */
  period: string;
  total: number;
  previousTotal: number;
  spikes: { start: string; count: number; baseline: number; sources: number[] }[];
  rising: { name: string; recent: number; isNew: boolean; sources: number[] }[];
  /** The period's top stories, busiest first: their articles' reference numbers, oldest first. */
  stories: { title: string; sources: number[] }[];
  sources: TrendSource[];
}

export const ZTrendSentence = z.object({ text: z.string().min(1).max(600), references: z.array(z.number().int().positive()).max(6) });
export const ZTrendAnalysisOutput = z.object({ sentences: z.array(ZTrendSentence).max(8) });
export type TTrendAnalysisOutput = z.infer<typeof ZTrendAnalysisOutput>;

/** The first sentence of a text, without reference markers. */
export function firstSentence(text: string): string {
  const plain = text.replace(/\s*\[\d+(?:\s*,\s*\d+)*\]/g, '').replace(/\s+/g, ' ').trim();
  const end = plain.search(/[.!?](?=\s+\p{Lu}|$)/u);
  return end >= 0 ? plain.slice(0, end + 1) : plain;
}

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Built-in "what changed": extractive, every sentence cites the articles it comes from. The top
 * stories' latest developments (the latest article's first sentence), then the busiest spike and
 * the names new to the topic. Nothing is said that no article says: no causes, no forecasts.
 */
export function builtinTrendAnalysis(input: TrendAnalysisInput): TTrendAnalysisOutput {
  const byNumber = new Map(input.sources.map((s) => [s.number, s]));
  const sentences: TTrendAnalysisOutput['sentences'] = [];
  for (const story of input.stories.slice(0, 3)) {
    const latest = byNumber.get(story.sources.at(-1)!);
    if (!latest) continue;
    const said = (firstSentence(latest.lead) || latest.title).replace(/[.!?]+$/, '');
    const text = story.sources.length > 1 ? `${said} (the latest of ${story.sources.length} articles on this story).` : `${said}.`;
    sentences.push({ text, references: [story.sources.at(-1)!] });
  }
  const spike = [...input.spikes].sort((a, b) => b.count - a.count)[0];
  if (spike) {
    const lead = byNumber.get(spike.sources[0]!);
    sentences.push({
      text: `Coverage peaked on ${dayOf(spike.start)} with ${spike.count} articles against about ${Math.round(spike.baseline * 10) / 10} a day before${lead ? `, led by "${lead.title}"` : ''}.`,
      references: spike.sources.slice(0, 3),
    });
  }
  const fresh = input.rising.filter((r) => r.isNew).slice(0, 3);
  if (fresh.length) {
    const names = fresh.map((r) => `${r.name} (${r.recent} articles)`);
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    sentences.push({ text: `New to the topic this week: ${list}.`, references: [...new Set(fresh.flatMap((r) => r.sources.slice(0, 1)))] });
  }
  return { sentences };
}

export const trendAnalysis: Capability<TrendAnalysisInput, typeof ZTrendAnalysisOutput> = {
  name: 'analyse trends',
  stage: 'trend_analysis',
  output: ZTrendAnalysisOutput,
  systemPrompt:
    "You write the 'What changed' paragraph of a topic dashboard for a professional: at most 5 short sentences on what changed in the period " +
    '(the main developments of the top stories, what drove a spike, names new to the topic). Use only the articles given; every sentence cites ' +
    'the reference numbers of the articles that support it in `references` (numbers from `sources`). No sentence without a reference, no ' +
    'speculation, no forecasts, no figures the articles do not state. Answer JSON: {"sentences": [{"text": "...", "references": [1, 2]}]}.',
  userMessage: (input) => JSON.stringify(input, null, 1),
  builtin: builtinTrendAnalysis,
  /** A sentence citing no article of the input says what nothing supports: it is left out. */
  repair(output, input) {
    const known = new Set(input.sources.map((s) => s.number));
    const repairs: string[] = [];
    const sentences = output.sentences.flatMap((sentence) => {
      const references = sentence.references.filter((n) => known.has(n));
      if (references.length === 0) {
        repairs.push(`left out a sentence citing no given article: "${sentence.text.slice(0, 80)}"`);
        return [];
      }
      if (references.length < sentence.references.length) repairs.push('dropped reference numbers that are not among the articles given');
      return [{ text: sentence.text.replace(/\s*\[\d+(?:\s*,\s*\d+)*\]/g, '').trim(), references }];
    });
    return { output: { sentences }, repairs };
  },
};
