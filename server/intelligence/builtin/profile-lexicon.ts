/**
 * What the built-in engine knows about professional profiles, as curated data
 * (knowledge/datasets/industries.json and role-responsibilities.json, checked by curated.ts): which
 * words point to which industry (contract/collections.ts INDUSTRIES) and the topics worth following
 * in it, and what people in a role are responsible for.
 */
import { industryKnowledge, roleResponsibilities } from '../knowledge/curated.js';

export interface IndustryKnowledge {
  value: string;
  cues: string[];
  /** Topics worth suggesting to someone in this industry. */
  topics: { name: string; sources: number[] }[];
}

export const INDUSTRY_KNOWLEDGE: IndustryKnowledge[] = industryKnowledge().map(({ value, cues, topics }) => ({ value, cues, topics }));

/** Responsibilities by words in a job title (the first matches win; several may apply). */
export const ROLE_RESPONSIBILITIES: { cues: string[]; responsibilities: string[] }[] = roleResponsibilities().map(({ cues, responsibilities }) => ({ cues, responsibilities }));
