import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { conversations, users } from '../../db/schema/index.js';
import type { JobDefinition } from '../../jobs/types.js';
import { builtinInterviewProfile, chosenCollections, interviewProfile, type TInterviewProfile } from '../../intelligence/capabilities/interview.js';
import { CapabilityError, runCapability } from '../../intelligence/engine.js';
import { topUpSuggestions } from '../user-topics/suggestions.js';
import type { TopicContext } from '../user-topics/context.js';
import { afterTopicCreated } from '../user-topics/enrich.js';
import { createTopicOnce, TOPIC_LIMIT_CODE } from '../user-topics/topics.js';
import { AppError } from '../../http/errors.js';
import { loadUser, onboardingModel } from '../user-topics/user.js';
import { interviewTurns, type InterviewState } from './present.js';
import { messagesOf, saveState } from '../user-topics/conversations.js';
import { usageMeter } from '../../billing/meter.js';

export const INTERVIEW_PROFILE_JOB = 'interview-profile';

/**
 * The end of an interview: the AI profile is written from the form and every answer
 * (profile_loading), stored (profile_ready), the topics the user picked are created with the
 * kinds of development they chose as sources and start filling the feed, suggestions are topped
 * up, onboarding is complete, and the stage becomes 'profile'. A model that keeps failing gives
 * way to the built-in profile on the last attempt. A restarted interview is left alone.
 */
export async function profileFromInterview(context: TopicContext, conversationId: string, lastAttempt: boolean): Promise<'done' | 'skipped'> {
  const { db } = context.database;
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!conversation || conversation.completedAt) return 'skipped';
  const state = conversation.state as InterviewState;
  if (state.stage === 'profile') return 'skipped';
  await saveState(db, conversationId, { ...state, stage: 'profile_loading' });
  const user = await loadUser(db, conversation.userId);
  const input = {
    profile: { first_name: user.firstName, title: user.title ?? '', organization: user.company ?? '', location: user.location ?? user.country ?? '', interests: user.interests ?? '' },
    turns: interviewTurns(state, await messagesOf(db, conversationId)),
  };
  let result: TInterviewProfile;
  try {
    result = (await runCapability(interviewProfile, input, onboardingModel(user), { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: user.id, topicId: null }) })).output;
  } catch (error) {
    if (!(error instanceof CapabilityError) || !lastAttempt) throw error;
    context.logger.warn({ err: error, conversationId }, 'profile from the interview by the model failed; using the built-in profile');
    result = builtinInterviewProfile(input);
  }
  const now = new Date();
  await db
    .update(users)
    .set({
      gptProfile: result.profile.gpt_profile,
      placesJurisdictions: result.profile.places_jurisdictions.slice(0, 20),
      organizations: result.profile.organizations.slice(0, 20),
      productsMarkets: result.profile.products_markets.slice(0, 20),
      gptIndustries: result.profile.gpt_industries.slice(0, 10),
      gptResponsibilities: result.profile.gpt_responsibilities.slice(0, 10),
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await saveState(db, conversationId, { ...state, stage: 'profile_ready' });
  const sources = chosenCollections(input.turns);
  for (const name of result.topics.map((t) => t.trim().slice(0, 200)).filter(Boolean)) {
    // The interview's topics stop at the user's limit (TOPIC_LIMITS.perUser); the rest stay suggestions.
    const made = await createTopicOnce(db, user.id, { name, sources: sources.length ? sources : undefined }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === TOPIC_LIMIT_CODE) return undefined;
      throw error;
    });
    if (!made) break;
    if (made.created) await afterTopicCreated(context, made.row);
  }
  await topUpSuggestions(context, await loadUser(db, user.id));
  await db
    .update(users)
    .set({ suggestionsCompletedAt: user.suggestionsCompletedAt ?? now, onboardingCompletedAt: user.onboardingCompletedAt ?? now })
    .where(eq(users.id, user.id));
  await saveState(db, conversationId, { ...state, stage: 'profile' }, true);
  return 'done';
}

const ZConversation = z.object({ conversationId: z.uuid() });

export const interviewProfileJob: JobDefinition<typeof ZConversation> = {
  name: INTERVIEW_PROFILE_JOB,
  payload: ZConversation,
  queue: { retryLimit: 2, retryDelay: 3, retryBackoff: true, expireInSeconds: 10 * 60, policy: 'stately' },
  async handler({ conversationId }, context, attempt) {
    const topicContext = { database: context.database, search: context.search, config: context.config, logger: context.logger, queue: context.queue };
    return { result: await profileFromInterview(topicContext, conversationId, attempt.retryCount >= attempt.retryLimit) };
  },
};
