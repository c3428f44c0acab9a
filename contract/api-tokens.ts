import { z } from 'zod';

/**
 * Personal API tokens: a script calls the API as its owner with `Authorization: Bearer hrld_...`,
 * within the scopes the owner chose. The token is shown once, when it is made; Herald keeps only
 * its hash.
 */
export const API_TOKEN_SCOPES = ['feed:read', 'topics:manage', 'inspection'] as const;
export type TApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const isApiTokenScope = (value: string): value is TApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(value);

export const API_TOKEN_SCOPE_LABELS: Record<TApiTokenScope, { label: string; hint: string }> = {
  'feed:read': { label: 'Read feed', hint: 'Your feed, Top News, Latest, articles and your topics.' },
  'topics:manage': { label: 'Read and manage topics', hint: 'List, add, validate and retire your topics.' },
  inspection: { label: 'Inspection', hint: 'Superuser calls: inspection, events, users, sources, acting for a user.' },
};

/** Every token starts with this, so a leaked one is recognisable (and a secret scanner can match it). */
export const API_TOKEN_PREFIX = 'hrld_';
export const API_TOKEN_NAME_MAX = 100;
/** Active (unrevoked, unexpired) tokens a user may hold at once. */
export const API_TOKENS_PER_USER = 20;
/** The furthest ahead an expiry may be set, in days. */
export const API_TOKEN_MAX_DAYS = 366;

export const API_TOKEN_MESSAGES = {
  nameTaken: 'You already have a token with this name.',
  inspectionNotAllowed: 'Only superusers can give a token the inspection scope.',
  expiryPast: 'The expiry must be in the future.',
  expiryTooFar: `The expiry can be at most ${API_TOKEN_MAX_DAYS} days ahead.`,
  tooMany: `You have ${API_TOKENS_PER_USER} active tokens, the most a user may hold. Revoke one first.`,
  notFound: 'Token not found.',
  invalid: 'This API token is invalid, expired or revoked.',
  outOfScope: 'This API token is not allowed to make this call.',
  sessionOnly: 'API tokens cannot manage API tokens. Sign in to do this.',
  actingForOthers: 'An API token acts only for its owner unless it has the inspection scope.',
} as const;

export const ZApiTokenCreate = z
  .object({
    name: z.string().trim().min(1, 'Give the token a name.').max(API_TOKEN_NAME_MAX, `At most ${API_TOKEN_NAME_MAX} characters.`),
    scopes: z
      .array(z.enum(API_TOKEN_SCOPES, { message: `One of: ${API_TOKEN_SCOPES.join(', ')}.` }))
      .min(1, 'Choose at least one scope.')
      .transform((scopes) => [...new Set(scopes)]),
    expires_at: z.iso.datetime({ offset: true, message: 'An ISO date-time, e.g. 2026-01-31T12:00:00Z' }).nullable().optional(),
  })
  .strict();
export type TApiTokenCreate = z.input<typeof ZApiTokenCreate>;

export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The token's first characters, to tell tokens apart (never enough to use it). */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

export const ZApiTokenList = z.object({ tokens: z.array(ZApiToken) });
export type TApiTokenList = z.infer<typeof ZApiTokenList>;

/** The answer to a new token: the token itself, this once. */
export const ZApiTokenCreated = ZApiToken.extend({ token: z.string() });
export type TApiTokenCreated = z.infer<typeof ZApiTokenCreated>;
