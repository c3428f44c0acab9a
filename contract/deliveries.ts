import { ZArticleImpact } from './feed.js';
import { z } from 'zod';

/**
 * Delivery targets: where Herald posts what it would email, besides the email. A generic webhook
 * (a signed JSON POST) or a Slack-compatible incoming webhook (a message with the title, lead and
 * link). A user's own targets get their items; an account admin's team targets get the items of
 * every member of the account. Each target chooses what it gets: breaking alerts, every new
 * article of chosen topics, the daily brief.
 */
export const DELIVERY_KINDS = ['webhook', 'slack'] as const;
export type TDeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_EVENTS = ['alerts', 'articles', 'brief'] as const;
export type TDeliveryEvent = (typeof DELIVERY_EVENTS)[number];
export const isDeliveryEvent = (value: string): value is TDeliveryEvent => (DELIVERY_EVENTS as readonly string[]).includes(value);

export const DELIVERY_KIND_LABELS: Record<TDeliveryKind, { label: string; hint: string }> = {
  webhook: { label: 'Webhook', hint: 'A signed JSON POST to your endpoint (the payload is described at /api/docs).' },
  slack: { label: 'Slack', hint: 'A Slack-compatible incoming webhook: a message with the title, lead and link.' },
};
export const DELIVERY_EVENT_LABELS: Record<TDeliveryEvent, { label: string; hint: string }> = {
  alerts: { label: 'Breaking alerts', hint: 'The articles emailed as breaking alerts.' },
  articles: { label: 'Every new article', hint: 'Every article of the topics you choose, as it is published.' },
  brief: { label: 'Daily brief', hint: 'The morning brief, when it is sent.' },
};

export const DELIVERY_NAME_MAX = 100;
export const DELIVERY_URL_MAX = 2000;
/** Targets one user (or one account's team) may have. */
export const DELIVERIES_PER_OWNER = 10;
/** A target is disabled after this many deliveries in a row failed for good. */
export const DELIVERY_FAILURES_TO_DISABLE = 5;
/** How long a delivery is retried, with backoff, before it fails for good. */
export const DELIVERY_RETRY_HOURS = 24;

/** Signature header: `v1=` and the hex HMAC-SHA256, under the target's signing secret, of `{timestamp}.{body}`. */
export const DELIVERY_SIGNATURE_HEADER = 'herald-signature';
/** Unix seconds when the delivery was signed (reject old ones to stop replays). */
export const DELIVERY_TIMESTAMP_HEADER = 'herald-timestamp';
/** The delivery's id: the same on every retry of one item, so a receiver can drop repeats. */
export const DELIVERY_ID_HEADER = 'herald-delivery';

export const DELIVERY_MESSAGES = {
  urlInvalid: 'Enter the full address of the endpoint, starting with https:// (or http://).',
  urlPrivate: 'This address is inside a private network. Herald only delivers to public addresses.',
  topicsNeeded: 'Choose at least one topic for every new article.',
  topicUnknown: 'One of these topics is not yours.',
  nameTaken: 'You already have a delivery target with this name.',
  tooMany: `You have ${DELIVERIES_PER_OWNER} delivery targets, the most allowed. Delete one first.`,
  notFound: 'Delivery target not found.',
  testSent: 'Test delivered.',
  adminsOnly: 'Only account admins can manage the team’s delivery targets.',
} as const;

const ZName = z.string().trim().min(1, 'Give the target a name.').max(DELIVERY_NAME_MAX, `At most ${DELIVERY_NAME_MAX} characters.`);
const ZUrl = z.string().trim().min(1, DELIVERY_MESSAGES.urlInvalid).max(DELIVERY_URL_MAX, `At most ${DELIVERY_URL_MAX} characters.`);
const ZEvents = z
  .array(z.enum(DELIVERY_EVENTS, { message: `One of: ${DELIVERY_EVENTS.join(', ')}.` }))
  .min(1, 'Choose at least one thing to deliver.')
  .transform((events) => [...new Set(events)]);
const ZTopicIds = z.array(z.number().int().positive().max(2_147_483_647)).max(200).transform((ids) => [...new Set(ids)]);

export const ZDeliveryCreate = z
  .object({ name: ZName, kind: z.enum(DELIVERY_KINDS, { message: 'webhook or slack.' }), url: ZUrl, events: ZEvents, topic_ids: ZTopicIds.optional() })
  .strict();
export type TDeliveryCreate = z.input<typeof ZDeliveryCreate>;

/** A change: any of the fields; `enabled: true` turns a disabled target back on (and clears its failures). */
export const ZDeliveryPatch = z
  .object({ name: ZName.optional(), url: ZUrl.optional(), events: ZEvents.optional(), topic_ids: ZTopicIds.optional(), enabled: z.boolean().optional() })
  .strict();
export type TDeliveryPatch = z.input<typeof ZDeliveryPatch>;

export const ZDeliveryTarget = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  /** The address with its path hidden (its secret part): `https://hooks.slack.com/…`. */
  url_hint: z.string(),
  events: z.array(z.enum(DELIVERY_EVENTS)),
  topic_ids: z.array(z.number()),
  /** `account` for a team target (an account admin's), `user` for one's own. */
  scope: z.enum(['user', 'account']),
  enabled: z.boolean(),
  /** Why Herald turned it off (410 Gone, repeated failures); null while enabled or when turned off by hand. */
  disabled_reason: z.string().nullable(),
  /** The webhook's signing secret (HMAC-SHA256); null for Slack targets. */
  signing_secret: z.string().nullable(),
  last_delivered_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type TDeliveryTarget = z.infer<typeof ZDeliveryTarget>;

export const ZDeliveryList = z.object({ targets: z.array(ZDeliveryTarget) });
export type TDeliveryList = z.infer<typeof ZDeliveryList>;

/** POST …/{id}/test/: what the receiver answered. */
export const ZDeliveryTestResult = z.object({ ok: z.boolean(), status: z.number().nullable(), detail: z.string() });
export type TDeliveryTestResult = z.infer<typeof ZDeliveryTestResult>;

/** An article as a delivery carries it. */
export const ZDeliveredArticle = z.object({
  id: z.number(),
  title: z.string(),
  introduction: z.string(),
  points: z.array(z.string()),
  takeaway: z.string().describe('What to do or watch; empty when the documents ground none.'),
  impact: ZArticleImpact.nullable().describe("The impact assessment, as GET /api/for-you/article/{id}/ serves it (its [n] are the article's reference numbers); null for an article written before impact assessments."),
  url: z.string(),
  topic: z.object({ id: z.number(), name: z.string() }),
  published_at: z.string(),
});

/**
 * The JSON body of a webhook delivery. `type` says which: `alert` (a breaking alert), `article`
 * (a new article of a chosen topic), `brief` (the daily brief), `test` (the Send test button).
 */
export const ZWebhookPayload = z.object({
  id: z.string().describe('The delivery id (also in the herald-delivery header): the same on every retry.'),
  type: z.enum(['alert', 'article', 'brief', 'test']),
  created_at: z.string(),
  user: z.object({ id: z.string(), email: z.string() }).describe('Whose item this is (for a team target, the member).'),
  article: ZDeliveredArticle.optional().describe('alert and article'),
  brief: z.object({ date: z.string(), articles: z.array(ZDeliveredArticle) }).optional().describe('brief'),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
