import { z } from 'zod';
import { INDUSTRIES } from '../../../contract/collections.js';
import { INTERVIEW_DONE_PHRASE } from '../../../contract/onboarding.js';
import { buildAiProfile } from '../builtin/profile-builder.js';
import { jurisdictionsIn } from '../knowledge/places.js';
import type { Capability } from '../types.js';
import { ZAiProfile } from './validate-profile.js';

/** An interview turn: the assistant's question (with its choices) and the user's answer. */
export interface InterviewTurn {
  step: string | null;
  question: string;
  options: { id: string; text: string }[];
  answer: { text: string; selected: string[]; other: string | null } | null;
}

export interface InterviewInput {
  profile: { first_name: string; title: string; organization: string; location: string; interests: string };
  turns: InterviewTurn[];
  /** Industries to offer, most likely first (labels). */
  industryOptions: string[];
  /** Topics to offer once enough is known. */
  topicOptions: string[];
  /** The user asked to finish now. */
  finish: boolean;
}

export const ZInterviewTurn = z.object({
  message: z.string().describe('What the assistant says: a short acknowledgement and the next question, or the closing message.'),
  step: z.string().nullable().describe('A short key for the question (role, industries, places, topics...).'),
  multiple_choice: z
    .object({ question: z.string(), options: z.array(z.object({ id: z.string(), text: z.string() })), allow_other_text: z.boolean(), max_selections: z.number().int() })
    .nullable(),
  done: z.boolean().describe(`True when the interview is over; the message then contains "${INTERVIEW_DONE_PHRASE}".`),
});
export type TInterviewTurn = z.infer<typeof ZInterviewTurn>;

/** The built-in interview's questions, in order. */
export const INTERVIEW_STEPS = ['role', 'industries', 'developments', 'places', 'organizations', 'topics'] as const;

const ROLES = [
  'Executive or leadership',
  'Analyst or researcher',
  'Legal, compliance or policy',
  'Engineering or product',
  'Science or medicine',
  'Investment or finance',
  'Sales, marketing or communications',
];
const DEVELOPMENTS: { text: string; collection: number }[] = [
  { text: 'News and business reporting', collection: 1 },
  { text: 'Scientific studies', collection: 4 },
  { text: 'Legislation', collection: 5 },
  { text: 'Regulations and agency rules', collection: 6 },
  { text: 'Litigation and court rulings', collection: 7 },
  { text: 'Clinical trials', collection: 9 },
  { text: 'Patents', collection: 10 },
  { text: 'Trademarks', collection: 11 },
];
const REGIONS = ['United States', 'European Union', 'United Kingdom', 'China', 'Asia-Pacific', 'Latin America', 'Middle East', 'Global'];
const options = (texts: string[]) => texts.map((text, i) => ({ id: String(i + 1), text }));

/** The collections the user said matter (the developments step), for the topics the interview creates. */
export function chosenCollections(turns: InterviewTurn[]): number[] {
  const turn = turns.find((t) => t.step === 'developments' && t.answer);
  const texts = new Set(turn?.answer?.selected.map((id) => turn.options.find((o) => o.id === id)?.text) ?? []);
  return DEVELOPMENTS.filter((d) => texts.has(d.text)).map((d) => d.collection);
}

/**
 * Built-in interview: six short questions, five of them multiple choice with an Other box, each
 * built from what is already known (the industries offered follow the profile form, the regions
 * start with the user's own, the topics offered follow every earlier answer). It ends with the
 * closing phrase that tells the client to stop.
 */
export function builtinInterview(input: InterviewInput): TInterviewTurn {
  const answered = input.turns.filter((t) => t.answer).length;
  const next = INTERVIEW_STEPS[answered];
  if (input.finish || !next) return { message: `Thank you, that's everything I need. ${INTERVIEW_DONE_PHRASE}.`, step: null, multiple_choice: null, done: true };
  const hello = answered === 0 ? `Hi ${input.profile.first_name || 'there'}! I'll ask a few quick questions so Herald can build your profile and pick the right topics for you. ` : 'Thanks. ';
  const ask = (step: string, question: string, choices: string[], max: number): TInterviewTurn => ({
    message: `${hello}${question}`,
    step,
    multiple_choice: { question, options: options(choices), allow_other_text: true, max_selections: max },
    done: false,
  });
  switch (next) {
    case 'role':
      return ask('role', 'Which best describes your role?', ROLES, 1);
    case 'industries': {
      const offered = [...new Set([...input.industryOptions, ...INDUSTRIES.map((i) => i.label).filter((l) => l !== 'Other')])].slice(0, 8);
      return ask('industries', 'Which industries do you follow most closely? Choose up to three.', offered, 3);
    }
    case 'developments':
      return ask('developments', 'What kinds of developments matter most to you? Choose up to four.', DEVELOPMENTS.map((d) => d.text), 4);
    case 'places': {
      const own = jurisdictionsIn(input.profile.location).map((j) => j.name);
      return ask('places', 'Which regions or jurisdictions matter to your work? Choose up to three.', [...new Set([...own, ...REGIONS])].slice(0, 8), 3);
    }
    case 'organizations':
      return {
        message: `${hello}Which organisations, companies, products or markets should Herald keep an eye on for you? List a few, separated by commas.`,
        step: 'organizations',
        multiple_choice: null,
        done: false,
      };
    case 'topics':
      if (input.topicOptions.length === 0) return { message: `Thank you, that's everything I need. ${INTERVIEW_DONE_PHRASE}.`, step: null, multiple_choice: null, done: true };
      return ask('topics', 'Based on your answers, which of these should Herald start tracking for you? Choose up to five.', input.topicOptions.slice(0, 8), 5);
  }
  return { message: `Thank you, that's everything I need. ${INTERVIEW_DONE_PHRASE}.`, step: null, multiple_choice: null, done: true };
}

export const interview: Capability<InterviewInput, typeof ZInterviewTurn> = {
  name: 'interview',
  stage: 'interview',
  output: ZInterviewTurn,
  systemPrompt: [
    'You interview a professional for a news and intelligence feed, to learn their role, industries, the ' +
    'organisations, markets, places and kinds of developments they care about, and which topics to track.',
    'Ask one short question at a time, at most eight in total. Prefer multiple_choice with 4-8 options, allow_other_text true and a sensible max_selections; use null for an open question.',
    `When you know enough, or the user asks to finish, set done true and say "${INTERVIEW_DONE_PHRASE}." in the message.`,
    'Keep every message under 60 words. Do not repeat questions already answered.',
  ].join('\n'),
  userMessage: (input) =>
    JSON.stringify({ profile: input.profile, conversation: input.turns, topics_you_may_offer: input.topicOptions, user_asked_to_finish: input.finish }, null, 1),
  builtin: builtinInterview,
};

export interface InterviewProfileInput {
  profile: InterviewInput['profile'];
  turns: InterviewTurn[];
}

export const ZInterviewProfile = z.object({
  profile: ZAiProfile,
  topics: z.array(z.string()).describe('Topics the user chose or clearly asked for, as short names.'),
});
export type TInterviewProfile = z.infer<typeof ZInterviewProfile>;

const answerTexts = (turn: InterviewTurn | undefined) => {
  if (!turn?.answer) return [];
  const picked = turn.answer.selected.map((id) => turn.options.find((o) => o.id === id)?.text).filter((t): t is string => Boolean(t));
  return [...picked, ...(turn.answer.other ? [turn.answer.other] : []), ...(picked.length === 0 && !turn.answer.other && turn.answer.text ? [turn.answer.text] : [])];
};

/** Built-in: the profile from the form and every answer; the topics are those picked at the topics step. */
export function builtinInterviewProfile(input: InterviewProfileInput): TInterviewProfile {
  const byStep = (step: string) => input.turns.find((t) => t.step === step);
  const industries = answerTexts(byStep('industries')).map((t) => INDUSTRIES.find((i) => i.label === t)?.value ?? t);
  const places = answerTexts(byStep('places')).filter((p) => p !== 'Global');
  // What the user named in words (organisations, markets, 'Other' texts) feeds the profile's names
  // and markets; the chosen role, industries and regions have their own places in it.
  const named = byStep('organizations');
  const answers = [
    ...(named?.answer ? [named.answer.text] : []),
    ...input.turns.filter((t) => t.step !== 'organizations' && t.step !== 'topics' && t.step !== 'developments' && t.answer?.other).map((t) => t.answer!.other!),
    ...input.turns.filter((t) => t.step === null && t.answer).map((t) => t.answer!.text),
  ];
  const profile = buildAiProfile({
    firstName: input.profile.first_name,
    title: input.profile.title,
    organization: input.profile.organization,
    location: input.profile.location,
    interests: input.profile.interests,
    answers,
    chosenIndustries: industries,
    chosenPlaces: places,
    chosenRole: answerTexts(byStep('role'))[0],
  });
  return { profile, topics: answerTexts(byStep('topics')).slice(0, 8) };
}

export const interviewProfile: Capability<InterviewProfileInput, typeof ZInterviewProfile> = {
  name: 'profile from interview',
  stage: 'profile',
  output: ZInterviewProfile,
  systemPrompt: [
    'From a professional\'s profile form and their interview, write the profile an intelligence feed uses to choose news for them:',
    'gpt_profile (a paragraph: role, organisation, location, what they follow and why), places_jurisdictions, organizations, products_markets, gpt_industries, gpt_responsibilities;',
    'and topics: the topics they chose or clearly asked to track (short names, at most 8).',
  ].join('\n'),
  userMessage: (input) => JSON.stringify({ profile: input.profile, interview: input.turns }, null, 1),
  builtin: builtinInterviewProfile,
};
