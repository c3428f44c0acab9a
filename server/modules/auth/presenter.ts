import { and, asc, count, eq } from 'drizzle-orm';
import { accountLogoUrl } from '../../../contract/accounts.js';
import { LANGUAGE_CHOICES, type TMe } from '../../../contract/auth.js';
import type { AppDb } from '../../db/client.js';
import { accounts, suggestions, users } from '../../db/schema/index.js';
import { effectivePreferences } from '../user-topics/models.js';
import { activeTopics, presentTopic } from '../user-topics/topics.js';

/** GET /me/: every field of the user profile. */
export async function presentMe(db: AppDb, userId: string): Promise<TMe | undefined> {
  const [row] = await db.select({ user: users, account: accounts }).from(users).innerJoin(accounts, eq(accounts.id, users.accountId)).where(eq(users.id, userId));
  if (!row) return undefined;
  const { user, account } = row;
  const [members] = await db.select({ n: count() }).from(users).where(eq(users.accountId, account.id));
  const open = await db
    .select({ id: suggestions.id, name: suggestions.name, sources: suggestions.sources, reasoning: suggestions.reasoning })
    .from(suggestions)
    .where(and(eq(suggestions.userId, user.id), eq(suggestions.status, 'open')))
    .orderBy(asc(suggestions.id));
  const topics = await activeTopics(db, user.id);
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    is_superuser: user.isSuperuser,
    billing_admin: user.billingAdmin,
    account: { id: account.id, name: account.name },
    account_name: account.name,
    account_logo: accountLogoUrl(account.logoPath),
    // The number of users in the caller's account: an ADMIN may preview users when it is above 1.
    account_count: members?.n ?? 1,
    account_language: account.language,
    language: user.language,
    language_choices: LANGUAGE_CHOICES.map((choice) => ({ ...choice })),
    title: user.title,
    company: user.company,
    industry: user.industry,
    location: user.location,
    alerts: user.alerts,
    alert_daily_cap: user.alertDailyCap,
    newsletter: user.newsletter,
    email_confirmed: user.emailConfirmedAt !== null,
    country: user.country,
    city: user.city,
    job_title_function: user.title,
    employer: user.company,
    interests: user.interests,
    profile_completed: user.profileCompletedAt !== null,
    suggestions_completed: user.suggestionsCompletedAt !== null,
    onboarding_complete: user.onboardingCompletedAt !== null,
    gpt_profile: user.gptProfile,
    places_jurisdictions: user.placesJurisdictions,
    organizations: user.organizations,
    products_markets: user.productsMarkets,
    gpt_industries: user.gptIndustries,
    gpt_responsibilities: user.gptResponsibilities,
    gpt_suggested_topics: open,
    topics: topics.map(presentTopic),
    last_updated_at: user.lastUpdatedAt?.toISOString() ?? null,
    last_insights_updated_at: user.lastInsightsUpdatedAt?.toISOString() ?? null,
    ...effectivePreferences(user.modelPreferences),
  };
}
