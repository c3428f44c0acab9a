import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A company or organisation. Someone registering without an invite gets one and is its ADMIN. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  company: text('company'),
  industry: text('industry'),
  language: text('language').notNull().default('en'),
  logoPath: text('logo_path'),
  /**
   * Single sign-on: a person whose identity provider confirms an address at this domain joins this
   * account (as a MEMBER) at their first sign-in. One account per domain.
   */
  ssoDomain: text('sso_domain').unique('accounts_sso_domain_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const USER_ROLES = ['ADMIN', 'MEMBER'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    /** argon2id; null for users who only sign in with Google. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('MEMBER'),
    /**
     * Whether an ADMIN may change the account (name, company, logo, invitations, roles): the
     * server's can_edit. An ADMIN without it sees Account Settings read-only.
     */
    canEditAccount: boolean('can_edit_account').notNull().default(true),
    /**
     * A billing administrator of the account, beside any role: reads the account's AI usage and
     * sets its budgets (Account Settings → Billing); gives no sight of members' feeds or topics.
     */
    billingAdmin: boolean('billing_admin').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    googleSubject: text('google_subject'),
    title: text('title'),
    company: text('company'),
    industry: text('industry'),
    location: text('location'),
    language: text('language').notNull().default('en'),
    alerts: boolean('alerts').notNull().default(true),
    newsletter: boolean('newsletter').notNull().default(true),
    /** Breaking alerts at most this many in any 24 hours (server/pipeline/alert-policy.ts); the rest go to the daily brief. */
    alertDailyCap: integer('alert_daily_cap').notNull().default(3),
    /** Bumped to change the secret in the user's feed addresses (the old ones stop working). */
    feedGeneration: integer('feed_generation').notNull().default(0),
    /** IANA time zone for the daily brief ("the user's morning"); UTC until the user sets one. */
    timezone: text('timezone').notNull().default('UTC'),
    /** When the last daily brief was sent (or found nothing to send). */
    lastBriefAt: timestamp('last_brief_at', { withTimezone: true }),
    /** Per-stage model choices the user made (contract/models.ts); missing fields use the defaults. */
    modelPreferences: jsonb('model_preferences').$type<Partial<Record<string, string>>>().notNull().default({}),
    // Profile completion and onboarding.
    country: text('country'),
    city: text('city'),
    interests: text('interests'),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    suggestionsCompletedAt: timestamp('suggestions_completed_at', { withTimezone: true }),
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    /** The AI profile: a paragraph about the user, and the lists it was built from. */
    gptProfile: text('gpt_profile'),
    placesJurisdictions: jsonb('places_jurisdictions').$type<string[]>().notNull().default([]),
    organizations: jsonb('organizations').$type<string[]>().notNull().default([]),
    productsMarkets: jsonb('products_markets').$type<string[]>().notNull().default([]),
    gptIndustries: jsonb('gpt_industries').$type<string[]>().notNull().default([]),
    gptResponsibilities: jsonb('gpt_responsibilities').$type<string[]>().notNull().default([]),
    /** When the user's content (events, articles) and insights were last restarted or rebuilt. */
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }),
    lastInsightsUpdatedAt: timestamp('last_insights_updated_at', { withTimezone: true }),
    /** Made by a superuser with "Add Test User"; the creator is kept. */
    createdBy: uuid('created_by'),
    abGroup: text('ab_group'),
    /** Last activity ping (at most once a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject).where(sql`${t.googleSubject} IS NOT NULL`),
    index('users_account_idx').on(t.accountId),
  ],
);

/**
 * Opaque refresh tokens, stored hashed. Every use rotates: the used row gets `used_at` and
 * `replaced_by`. Presenting a used token again revokes its whole family (all rows with its
 * `family_id`). A family ends at `expires_at` whatever the rotations (absolute lifetime).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: USER_ROLES }).notNull().default('MEMBER'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invites_token_hash_key').on(t.tokenHash),
    index('invites_account_idx').on(t.accountId),
    index('invites_email_idx').on(t.email),
    // One open invitation per address and account: a second send is refused, a resend renews it.
    uniqueIndex('invites_open_key').on(t.accountId, t.email).where(sql`${t.acceptedAt} IS NULL`),
  ],
);

/**
 * Personal API tokens: the SHA-256 of the token (never the token itself), its first characters to
 * tell tokens apart, and the scopes its owner chose. A revoked token keeps its row (revoked_at) and
 * is no longer listed or admitted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/**
 * A sign-in through the OpenID provider in progress: the state (also in the browser's cookie, so
 * a callback only completes in the browser that started it), the PKCE verifier and the nonce.
 * Once the provider answers, the row holds the user and the hash of a one-time code the web app
 * exchanges for a session; it lives 10 minutes and is used once.
 */
export const oidcLogins = pgTable('oidc_logins', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  exchangeHash: text('exchange_hash').unique('oidc_logins_exchange_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
