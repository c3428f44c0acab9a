import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SUGGESTIONS_ONBOARDING_MAX } from '../../../contract/constants.js';
import type { TCreateTestUserResponse } from '../../../contract/tools.js';
import { hashPassword } from '../../auth/passwords.js';
import { accounts, users } from '../../db/schema/index.js';
import { generatePassword } from '../../demo/seed.js';
import { MAX_PROFILE_CLARIFICATIONS, validateProfile, type TAiProfile } from '../../intelligence/capabilities/validate-profile.js';
import { runCapability } from '../../intelligence/engine.js';
import { AppError } from '../../http/errors.js';
import { generateSuggestions, openSuggestions } from '../user-topics/suggestions.js';
import type { TopicContext } from '../user-topics/context.js';
import { loadUser } from '../user-topics/user.js';

export interface TestUserInput {
  first_name: string;
  last_name: string;
  title: string;
  organization: string;
  location: string;
  interests: string;
  ab_test: boolean;
}

/** Test users live under a reserved domain (RFC 2606 .test): no mail can reach anyone. */
export const TEST_USER_DOMAIN = 'test.herald.test';

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24) || 'user';

/**
 * The AI profile of the form, built by the built-in engine's profile capability (the one
 * onboarding uses): its clarifying questions are answered with the interests again, and after
 * the last one it decides. A form it refuses (a job title or place that is not one) is a 400 with
 * the fields named, before anything is written.
 */
async function buildProfile(context: TopicContext, input: TestUserInput): Promise<TAiProfile> {
  const form = { first_name: input.first_name, title: input.title, organization: input.organization, location: input.location, language: 'en', interests: input.interests };
  const turns: { question: string; answer: string }[] = [];
  for (let round = 0; round <= MAX_PROFILE_CLARIFICATIONS; round++) {
    const { output } = await runCapability(validateProfile, { form, turns }, 'builtin', { llm: context.config.llm, logger: context.logger });
    if (output.status === 'validated' && output.profile) return output.profile;
    if (output.status === 'failed') {
      const fields = output.field_errors
        ? Object.fromEntries(Object.entries({ title: output.field_errors.title, organization: output.field_errors.company_or_organization, location: output.field_errors.location, interests: output.field_errors.interests }).filter(([, v]) => v.length > 0))
        : undefined;
      throw new AppError(400, 'profile_invalid', output.error || 'The profile could not be built.', fields && Object.keys(fields).length ? fields : undefined);
    }
    turns.push({ question: output.question ?? '', answer: input.interests || input.title || input.organization });
  }
  throw new AppError(400, 'profile_invalid', 'The interests are too vague to build a profile. Name subjects, companies, markets or regulations.', { interests: ['Too vague to build a profile'] });
}

/**
 * POST /me/create_test_user/: a confirmed user in an account of its
 * own, with the form filled in and the AI profile built, ready to sign in with the password
 * answered once (only its hash is stored). With ab_test a second user (group B) with the same
 * profile joins the same account and the first is group A. Topic suggestions are made as at the
 * end of profile completion, so the new user picks topics on first sign-in. Account and users
 * are written in one transaction.
 */
export async function createTestUser(context: TopicContext, creatorId: string, input: TestUserInput): Promise<TCreateTestUserResponse> {
  const profile = await buildProfile(context, input);
  const { db } = context.database;
  const base = `${slug(input.first_name)}.${slug(input.last_name)}`;
  const tag = randomBytes(3).toString('hex');
  const people = [
    { email: `${base}.${tag}@${TEST_USER_DOMAIN}`, password: generatePassword(), group: input.ab_test ? 'A' : null },
    ...(input.ab_test ? [{ email: `${base}.${tag}.b@${TEST_USER_DOMAIN}`, password: generatePassword(), group: 'B' }] : []),
  ];
  const hashes = await Promise.all(people.map((p) => hashPassword(p.password)));
  const accountName = `${input.organization || `${input.first_name} ${input.last_name}`} (test)`.slice(0, 200);
  const now = new Date();
  const created = await db.transaction(async (tx) => {
    const [account] = await tx.insert(accounts).values({ name: accountName, company: input.organization || null }).returning({ id: accounts.id, name: accounts.name });
    const rows = await tx
      .insert(users)
      .values(
        people.map((p, i) => ({
          accountId: account!.id,
          email: p.email,
          passwordHash: hashes[i]!,
          firstName: input.first_name,
          lastName: input.last_name,
          role: 'ADMIN' as const,
          emailConfirmedAt: now,
          title: input.title || null,
          company: input.organization || null,
          location: input.location || null,
          country: input.location || null,
          interests: input.interests,
          gptProfile: profile.gpt_profile,
          placesJurisdictions: profile.places_jurisdictions.slice(0, 20),
          organizations: profile.organizations.slice(0, 20),
          productsMarkets: profile.products_markets.slice(0, 20),
          gptIndustries: profile.gpt_industries.slice(0, 10),
          gptResponsibilities: profile.gpt_responsibilities.slice(0, 10),
          profileCompletedAt: now,
          createdBy: creatorId,
          abGroup: p.group,
        })),
      )
      .returning({ id: users.id, email: users.email });
    return { account: account!, rows };
  });
  // Suggestions as at the end of profile completion; none found: onboarding is complete at once.
  for (const row of created.rows) {
    try {
      await generateSuggestions(context, await loadUser(db, row.id), SUGGESTIONS_ONBOARDING_MAX);
      if ((await openSuggestions(context, row.id)).length === 0) await db.update(users).set({ suggestionsCompletedAt: now, onboardingCompletedAt: now }).where(eq(users.id, row.id));
    } catch (error) {
      // The user exists and can sign in; suggestions are made again when they open onboarding.
      context.logger.warn({ err: error, userId: row.id }, 'test user suggestions failed');
    }
  }
  const credentials = created.rows.map((row) => ({ id: row.id, email: row.email, password: people.find((p) => p.email === row.email)!.password }));
  return { success: true, user: credentials[0]!, user_b: credentials[1] ?? null, account: created.account };
}
