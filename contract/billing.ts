import { z } from 'zod';
import { BUDGET_MAX_USD, BILLING_TEXT, OWN_KEY_PROVIDERS, PROVIDER_KEY_TEXT, SEATS_MAX, USAGE_GROUPS, USAGE_RANGES } from './billing-text.js';

export * from './billing-text.js';

/** GET /account/billing/usage and /me/usage: the period and what each row is. */
export const ZUsageQuery = z.strictObject({
  range: z.enum(USAGE_RANGES, { message: `Choose a range: ${USAGE_RANGES.join(', ')}` }).default('30d'),
  group: z.enum(USAGE_GROUPS, { message: `Choose a grouping: ${USAGE_GROUPS.join(', ')}` }).default('member'),
});
export type TUsageQuery = z.infer<typeof ZUsageQuery>;

/** One bucket of a row: a day (YYYY-MM-DD) or a month (YYYY-MM), in the order of `buckets`. */
export const ZUsagePoint = z.object({ calls: z.number().int(), tokens: z.number().int(), cost_usd: z.number() });
export type TUsagePoint = z.infer<typeof ZUsagePoint>;

export const ZUsageTotals = z.object({
  calls: z.number().int(),
  prompt_tokens: z.number().int(),
  response_tokens: z.number().int(),
  total_tokens: z.number().int(),
  cost_usd: z.number(),
});

/**
 * A row of the report: one member, topic, stage or model. `builtin`: the built-in engine's row
 * (model grouping), always free. A topic of another member is named by its number and owner only.
 */
export const ZUsageRow = ZUsageTotals.extend({
  key: z.string(),
  label: z.string(),
  builtin: z.boolean(),
  points: z.array(ZUsagePoint),
});
export type TUsageRow = z.infer<typeof ZUsageRow>;

/** A monthly budget and where this month stands against it. */
export const ZBudgetStatus = z.object({
  monthly_usd: z.number(),
  spent_usd: z.number(),
  /** spent / monthly (1 or more: spent). */
  share: z.number(),
  state: z.enum(['ok', 'warning', 'reached']),
  /** The month the figures are of (YYYY-MM) and when it resets. */
  period: z.string(),
  resets_at: z.string(),
});
export type TBudgetStatus = z.infer<typeof ZBudgetStatus>;

export const ZUsageReport = z.object({
  range: z.enum(USAGE_RANGES),
  group: z.enum(USAGE_GROUPS),
  interval: z.enum(['day', 'month']),
  currency: z.literal('USD'),
  buckets: z.array(z.string()),
  rows: z.array(ZUsageRow),
  totals: ZUsageTotals.extend({ points: z.array(ZUsagePoint) }),
  /** The account's budget (Billing) or, in My Profile, the caller's own; null when none is set. */
  budget: ZBudgetStatus.nullable(),
});
export type TUsageReport = z.infer<typeof ZUsageReport>;

/** A budget in US dollars a month; null removes it. */
export const ZBudgetAmount = z
  .number({ message: BILLING_TEXT.budgetAmount })
  .positive(BILLING_TEXT.budgetAmount)
  .max(BUDGET_MAX_USD, BILLING_TEXT.budgetAmount)
  .refine((value) => Math.round(value * 100) === value * 100 || Math.abs(Math.round(value * 100) - value * 100) < 1e-6, BILLING_TEXT.budgetAmount);
export const ZBudgetUpdate = z.strictObject({ monthly_usd: ZBudgetAmount.nullable() });
export type TBudgetUpdate = z.infer<typeof ZBudgetUpdate>;

/** GET /account/billing/budgets: the account's budget and each member's. */
export const ZBudgets = z.object({
  account: ZBudgetStatus.nullable(),
  members: z.array(z.object({ user_id: z.string(), name: z.string(), spent_usd: z.number(), budget: ZBudgetStatus.nullable() })),
});
export type TBudgets = z.infer<typeof ZBudgets>;

/**
 * GET /account/billing/plan: `provider` none (self-hosted: no prices, no seat limits, nothing
 * else is set) or stripe, with the account's plan as the verified webhooks last wrote it.
 */
export const ZPlan = z.object({
  provider: z.enum(['none', 'stripe']),
  /** The plan's name while a subscription exists; null before one is bought. */
  plan: z.string().nullable(),
  /** Stripe's status (active, trialing, past_due, canceled, …); null before a plan. */
  status: z.string().nullable(),
  /** Seats the account may fill (1 without a plan when Herald is sold) and how many are taken (members + open invitations). */
  seats: z.number().int().nullable(),
  seats_used: z.number().int(),
  /** ISO time the period ends: it renews then, or ends when cancel_at_period_end. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** Whether the customer portal can be opened (a Stripe customer exists). */
  has_customer: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZCheckoutRequest = z.strictObject({
  seats: z.number({ message: BILLING_TEXT.seatsInvalid }).int(BILLING_TEXT.seatsInvalid).min(1, BILLING_TEXT.seatsInvalid).max(SEATS_MAX, BILLING_TEXT.seatsInvalid),
});
/** POST /account/billing/checkout and /portal: the Stripe page to send the browser to. */
export const ZBillingRedirect = z.object({ url: z.string() });

/**
 * GET /account/billing/provider-keys: the account's own key of each provider, never the key
 * itself: whether one is set, its last four characters, who set it and when.
 */
export const ZProviderKey = z.object({
  provider: z.enum(OWN_KEY_PROVIDERS),
  label: z.string(),
  set: z.boolean(),
  /** The key's last four characters ("…abcd" is shown); null when none is set. */
  last4: z.string().nullable(),
  set_by: z.string().nullable(),
  set_at: z.string().nullable(),
});
export type TProviderKey = z.infer<typeof ZProviderKey>;
export const ZProviderKeys = z.object({ keys: z.array(ZProviderKey) });
export type TProviderKeys = z.infer<typeof ZProviderKeys>;
export const ZProviderKeyUpdate = z.strictObject({
  api_key: z
    .string({ message: PROVIDER_KEY_TEXT.invalid })
    .trim()
    .min(8, PROVIDER_KEY_TEXT.invalid)
    .max(500, PROVIDER_KEY_TEXT.invalid)
    .regex(/^\S+$/, PROVIDER_KEY_TEXT.invalid),
});
