/**
 * Billing's limits and messages, free of schemas so the web shell can import them without zod.
 */

/** The periods the usage report covers: days by day, months by month. */
export const USAGE_RANGES = ['7d', '30d', '90d', '6m', '12m'] as const;
export type TUsageRange = (typeof USAGE_RANGES)[number];
/** What a usage report's rows are: one per member, topic, stage or model. */
export const USAGE_GROUPS = ['member', 'topic', 'stage', 'model'] as const;
export type TUsageGroup = (typeof USAGE_GROUPS)[number];

/** How the built-in engine is named in usage: it costs nothing. */
export const BUILTIN_LABEL = 'built-in';
/** A budget's share of its month at which billing administrators are told. */
export const BUDGET_WARNING_SHARE = 0.8;
/** The largest monthly budget one may set, in US dollars. */
export const BUDGET_MAX_USD = 1_000_000;

export const BILLING_TEXT = {
  billingAdminsOnly: 'Only billing administrators can see Billing. Ask an account administrator to give you the billing role.',
  loadFailed: 'Failed to load usage',
  budgetSaved: 'Budget saved',
  budgetRemoved: 'Budget removed',
  budgetFailed: 'Failed to save the budget',
  budgetAmount: 'Enter an amount in US dollars, more than 0 and at most 1,000,000, with at most two decimals.',
  memberNotFound: 'No member of your account has this id.',
  budgetReachedDisclosure: "The account's monthly AI budget is spent, so Herald's built-in engine wrote this article; language models return when the budget resets.",
  memberBudgetReachedDisclosure: "Your monthly AI budget is spent, so Herald's built-in engine wrote this article; language models return when the budget resets.",
  planCardTitle: 'Plan',
  choosePlan: 'Choose plan',
  manageBilling: 'Manage billing',
  noPlan: 'No plan yet: choose one to add seats for your team.',
  redirectFailed: 'Could not open Stripe',
  subscriptionExists: 'Your account already has a plan: use Manage billing to change seats, payment method or cancel.',
  noSubscription: 'Your account has no plan yet: choose one first.',
  providerUnavailable: 'Stripe could not be reached. Please try again in a minute.',
  signatureInvalid: 'The Stripe-Signature header does not match this body.',
  seatsInvalid: 'Choose from 1 to 10,000 seats.',
  providerOff: 'This install does not sell plans: there are no prices and no seat limits.',
} as const;

/** The providers an account may bring its own key for (the install's OpenAI-compatible server is the install's). */
export const OWN_KEY_PROVIDERS = ['openai', 'anthropic', 'google', 'mistral', 'xai', 'deepseek'] as const;
export type TOwnKeyProvider = (typeof OWN_KEY_PROVIDERS)[number];
export const PROVIDER_LABELS: Record<TOwnKeyProvider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Google', mistral: 'Mistral', xai: 'xAI', deepseek: 'DeepSeek' };
export const PROVIDER_KEY_TEXT = {
  invalid: 'Paste the whole API key: 8 to 500 characters, no spaces.',
  saved: 'Key saved',
  removed: 'Key removed',
  failed: 'Failed to save the key',
  unknownProvider: `Choose one of: ${OWN_KEY_PROVIDERS.join(', ')}.`,
} as const;

/** Seats a plan may be bought with at Checkout (more are added in the customer portal too). */
export const SEATS_MAX = 10_000;

/** The sentence an invitation past the seats gets: what is full and how to add seats. */
export function seatLimitText(seats: number, used: number, planned: boolean): string {
  const taken = `${used} ${used === 1 ? 'member or invitation' : 'members and invitations'}`;
  return planned
    ? `All ${seats} ${seats === 1 ? 'seat' : 'seats'} of your plan are taken (${taken}). A billing administrator can add seats in Account Settings → Billing → Manage billing.`
    : `Your account has no plan, so it has ${seats} ${seats === 1 ? 'seat' : 'seats'} (${taken}). A billing administrator can choose a plan with more seats in Account Settings → Billing.`;
}

/** How a person was refused a seat: an invitation sent, or a join by single sign-on. */
export type TSeatRefusal = { via: 'invitation'; email: string; inviter: string } | { via: 'sign-on'; email: string };

/**
 * The inbox item billing administrators get when someone is refused for seats (at most one a day
 * per account): who was refused, what is full, and where to add seats.
 */
export function seatsFullNotice(refusal: TSeatRefusal, seats: number, used: number, planned: boolean): { title: string; body: string } {
  const title =
    refusal.via === 'invitation'
      ? `Seats are full: ${refusal.inviter}'s invitation to ${refusal.email} was refused`
      : `Seats are full: ${refusal.email} could not join by single sign-on`;
  const taken = `${used} ${used === 1 ? 'member or invitation' : 'members and invitations'}`;
  const body = planned
    ? `All ${seats} ${seats === 1 ? 'seat' : 'seats'} of your plan are taken (${taken}). Add seats in Account Settings → Billing → Manage billing so they can join.`
    : `Your account has no plan, so it has ${seats} ${seats === 1 ? 'seat' : 'seats'} (${taken}). Choose a plan with more seats in Account Settings → Billing so they can join.`;
  return { title, body };
}

/** How usage names the AI layer's stages. */
export const STAGE_LABELS: Record<string, string> = {
  summarization: 'Summaries',
  relevance: 'Relevance (detection)',
  novelty: 'Novelty',
  consolidation: 'Consolidation',
  story_assignment: 'Stories',
  research: 'Research',
  article: 'Articles',
  qa: 'QA ranking',
  profile: 'Profile',
  topic_validation: 'Topic validation',
  topic_suggestions: 'Topic suggestions',
  interview: 'Interview',
  trend_analysis: 'Trend analysis',
};
