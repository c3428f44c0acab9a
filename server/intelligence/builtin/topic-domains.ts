/**
 * What the built-in engine knows about kinds of topics: the words that signal each kind, the
 * developments a reader of that kind of topic wants (key events), what counts as high, medium and
 * low relevance, and which collections carry it. A topic is classified by its words and by the
 * documents the store holds about it; the profile of the topic is then written from its domain.
 * The kinds are data (knowledge/datasets/topic-kinds.json, checked by knowledge/curated.ts; ADR
 * 015); collection ids: contract/collections.ts (1 News, 4 Scientific studies, 5 Legislation,
 * 6 Regulations, 7 Litigation, 9 Clinical trials, 10 Patents, 11 Trademarks).
 */
import { curatedKnowledge, type Domain } from '../knowledge/curated.js';

const { domains, company, general } = curatedKnowledge();

/** The kinds of topics, in the order that breaks ties between equal scores (topic-analysis.ts domainScores). */
export const DOMAINS: Domain[] = domains;

/** A company or other organisation as the subject (chosen when the topic names one). */
export const COMPANY_DOMAIN: Domain = company;

/** When nothing more specific fits. */
export const GENERAL_DOMAIN: Domain = general;

export const ALL_DOMAINS = [...DOMAINS, COMPANY_DOMAIN, GENERAL_DOMAIN];
