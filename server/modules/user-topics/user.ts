import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import { TOPIC_MESSAGES } from '../../../contract/topics.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { effectivePreferences } from './models.js';
import { findModel } from '../../../contract/models.js';
import type { Config } from '../../config.js';

export type UserRow = typeof users.$inferSelect;

export async function loadUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, ErrorCode.notFound, 'User not found.');
  return user;
}

/** The model the user chose for onboarding and topic work (onboarding_model). */
export const onboardingModel = (user: UserRow) => effectivePreferences(user.modelPreferences).onboarding_model;

/** True when the user's onboarding model will be answered by the built-in engine (no provider key). */
export function onboardingModelIsBuiltin(user: UserRow, context: { config: { llm: Config['llm'] } }): boolean {
  const entry = findModel(onboardingModel(user));
  return !entry || entry.provider === 'builtin' || !context.config.llm.keys[entry.provider];
}

/** What the topic capabilities are told about the user. */
export const profileHints = (user: UserRow) => ({ summary: user.gptProfile, places: user.placesJurisdictions, industries: user.gptIndustries });

/** Topic changes need a finished profile (the Topics page shows an overlay to users who have not onboarded). */
export function requireProfile(user: UserRow, needOnboarding = false): void {
  if (!user.profileCompletedAt || (needOnboarding && !user.onboardingCompletedAt)) throw new AppError(403, 'not_onboarded', TOPIC_MESSAGES.notOnboarded);
}
