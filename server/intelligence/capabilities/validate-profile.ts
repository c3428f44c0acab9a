import { z } from 'zod';
import { buildAiProfile, interestsAreVague } from '../builtin/profile-builder.js';
import { wordsOf } from '../builtin/topic-analysis.js';
import { unknownWords } from '../builtin/topic-clarity.js';
import type { Capability } from '../types.js';

/** Clarifying questions asked about a profile before deciding. */
export const MAX_PROFILE_CLARIFICATIONS = 2;

export interface ValidateProfileInput {
  form: { first_name: string; title: string; organization: string; location: string; language: string; interests: string };
  turns: { question: string; answer: string }[];
}

export const ZAiProfile = z.object({
  gpt_profile: z.string().describe('A paragraph about the user: role, organisation, place, what they follow and why.'),
  places_jurisdictions: z.array(z.string()),
  organizations: z.array(z.string()),
  products_markets: z.array(z.string()),
  gpt_industries: z.array(z.string()),
  gpt_responsibilities: z.array(z.string()),
});
export type TAiProfile = z.infer<typeof ZAiProfile>;

export const ZProfileValidation = z.object({
  status: z.enum(['validated', 'clarification_needed', 'failed']),
  question: z.string().nullable(),
  error: z.string().nullable(),
  /** Problems per field, by the server's names: title, company_or_organization, location, interests. */
  field_errors: z.object({ title: z.array(z.string()), company_or_organization: z.array(z.string()), location: z.array(z.string()), interests: z.array(z.string()) }).nullable(),
  profile: ZAiProfile.nullable(),
});
export type TProfileValidation = z.infer<typeof ZProfileValidation>;

const unrecognised = (text: string) => {
  const long = wordsOf(text).filter((w) => w.length > 2);
  return long.length > 0 && unknownWords(text).length === long.length && text === text.toLowerCase();
};

/**
 * Built-in: interests that are not words, or a job title that is not, fail with the field named;
 * interests too broad to build on get a question with narrower examples (twice at most); after
 * that, or when specific, the AI profile is built.
 */
export function builtinValidateProfile(input: ValidateProfileInput): TProfileValidation {
  const { form, turns } = input;
  const answers = turns.map((t) => t.answer);
  const none = { question: null, error: null, field_errors: null, profile: null };
  const everything = [form.interests, ...answers].join('. ');
  const check = interestsAreVague(everything);
  const fieldErrors = { title: [] as string[], company_or_organization: [] as string[], location: [] as string[], interests: [] as string[] };
  if (form.title && unrecognised(form.title)) fieldErrors.title.push('This does not look like a job title or function.');
  if (form.location && !/\p{L}/u.test(form.location)) fieldErrors.location.push('Enter a country or city.');
  if (check.gibberish && turns.length >= 1) fieldErrors.interests.push('Describe the subjects you follow in words, for example “EU energy regulation, battery supply chains”.');
  if (fieldErrors.title.length || fieldErrors.location.length || fieldErrors.interests.length) {
    return { ...none, status: 'failed', error: 'Profile validation failed. Please check your information.', field_errors: fieldErrors };
  }
  if (check.gibberish) {
    return { ...none, status: 'clarification_needed', question: 'I couldn’t make sense of your interests. Which subjects, industries, companies or regulations do you want Herald to follow?' };
  }
  if (check.vague && turns.length < MAX_PROFILE_CLARIFICATIONS) {
    const examples = check.examples.length ? ` For example: ${check.examples.join('; ')}.` : ' For example the industries, companies, technologies, regulations or markets that matter to your work.';
    return { ...none, status: 'clarification_needed', question: `Thanks! Could you be more specific about what you want to follow?${examples}` };
  }
  const profile = buildAiProfile({ firstName: form.first_name, title: form.title, organization: form.organization, location: form.location, interests: form.interests, answers });
  return { ...none, status: 'validated', profile };
}

export const validateProfile: Capability<ValidateProfileInput, typeof ZProfileValidation> = {
  name: 'validate profile',
  stage: 'profile',
  output: ZProfileValidation,
  systemPrompt: [
    'You build the profile an intelligence feed uses to choose news for a professional, from their profile form and their answers to your questions.',
    'Answer JSON with status:',
    '- "validated": give profile: gpt_profile (a paragraph: role, organisation, location, what they follow and why ' +
    'it matters to their work), places_jurisdictions, organizations, products_markets, gpt_industries, ' +
    'gpt_responsibilities.',
    `- "clarification_needed": the interests are too vague to choose news by; ask one short question (at most ${MAX_PROFILE_CLARIFICATIONS} in total; after that decide).`,
    '- "failed": a field is not meaningful; say why in error and list problems in field_errors under title, company_or_organization, location or interests (empty lists for the others).',
    'Keep question and error null when they do not apply, and field_errors null unless failed.',
  ].join('\n'),
  userMessage: (input) => JSON.stringify({ form: input.form, clarifications: input.turns }, null, 1),
  builtin: builtinValidateProfile,
};
