/**
 * What the built-in engine knows about kinds of topics: the words that signal each kind, the
 * developments a reader of that kind of topic wants (key events), what counts as high, medium and
 * low relevance, and which collections carry it. A topic is classified by its words and by the
 * documents the store holds about it; the profile of the topic is then written from its domain.
 * Collection ids: contract/collections.ts (1 News, 4 Scientific studies, 5 Legislation,
 * 6 Regulations, 7 Litigation, 9 Clinical trials, 10 Patents, 11 Trademarks).
 */
import { INSTITUTION_DOMAINS } from './domains-institutions.js';
import { WORLD_DOMAINS } from './domains-world.js';

export interface Domain {
  key: string;
  /** Words and phrases that signal the domain (compared as stemmed terms). */
  cues: string[];
  sources: number[];
  /** Developments the reader wants, most important first (at least 8). */
  events: string[];
  /** Noun phrase for the first sentence of a description: "<scope> concerning <subject>". */
  scope: string;
  sought: string;
  queryTerms: string[];
  /** Relevance levels of the action/outcome dimension for a subject. */
  outcome(subject: string): { high: string; medium: string; low: string };
  /** Whether where something happens decides relevance (jurisdictions, conflicts). */
  placeSensitive: boolean;
}

/** The kinds of topics, in the order that breaks ties between equal scores (topic-analysis.ts domainScores). */
export const DOMAINS: Domain[] = [...INSTITUTION_DOMAINS, ...WORLD_DOMAINS];

/** A company or other organisation as the subject (chosen when the topic names one). */
export const COMPANY_DOMAIN: Domain = {
  key: 'company',
  cues: ['company', 'corporation', 'inc', 'ltd', 'plc', 'group', 'holdings', 'competitors', 'competitor'],
  sources: [1, 7, 10, 11, 6],
  events: [
    'Quarterly results or guidance',
    'Leadership change',
    'Merger, acquisition or divestment',
    'Product launch or recall',
    'Regulatory investigation or fine',
    'Lawsuit filed or settled',
    'Major contract or partnership',
    'Layoffs, expansion or restructuring',
  ],
  scope: 'Strategy, results, deals, products and legal matters',
  sought: 'Results and guidance, leadership and strategy, deals, launches and recalls, investigations and lawsuits, and what they mean for competitors and customers.',
  queryTerms: ['company', 'results', 'revenue', 'chief executive', 'deal', 'launch', 'shares', 'lawsuit', 'investigation', 'announced'],
  outcome: (s) => ({ high: `${s} announces results, a deal, a launch or faces legal action`, medium: `Analysts, partners or competitors discuss ${s}`, low: `${s} is mentioned in passing` }),
  placeSensitive: false,
};

/** When nothing more specific fits. */
export const GENERAL_DOMAIN: Domain = {
  key: 'general',
  cues: [],
  sources: [1, 4, 6],
  events: [
    'Major announcement',
    'Policy or regulatory change',
    'New data or report published',
    'Deal, partnership or investment',
    'Legal action or ruling',
    'Leadership or organisational change',
    'Product, project or programme launched',
    'Incident or disruption',
  ],
  scope: 'Announcements, decisions, data and events',
  sought: 'What changed, who decided it, the figures involved, and what happens next.',
  queryTerms: ['announced', 'report', 'new', 'policy', 'data', 'plan', 'decision', 'officials', 'change'],
  outcome: (s) => ({ high: `A decision, result or event that changes ${s}`, medium: `Reports, data or statements about ${s}`, low: `Passing mentions of ${s}` }),
  placeSensitive: false,
};

export const ALL_DOMAINS = [...DOMAINS, COMPANY_DOMAIN, GENERAL_DOMAIN];
