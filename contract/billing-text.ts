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
} as const;

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
