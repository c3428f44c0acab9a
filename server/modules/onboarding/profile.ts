import { eq } from 'drizzle-orm';
import { releaseHeldForBrief } from '../../notifications/brief-held.js';
import { SUGGESTIONS_ONBOARDING_MAX } from '../../../contract/constants.js';
import { PROFILE_MESSAGES, type TCompleteProfileResponse, type TProfileUpdateResponse } from '../../../contract/onboarding.js';
import { suggestions, users } from '../../db/schema/index.js';
import { MAX_PROFILE_CLARIFICATIONS, validateProfile, type TAiProfile, type TProfileValidation } from '../../intelligence/capabilities/validate-profile.js';
import { CapabilityError, runCapability } from '../../intelligence/engine.js';
import type { InteractionRecord } from '../../intelligence/types.js';
import { AppError } from '../../http/errors.js';
import { presentMe } from '../auth/presenter.js';
import { addMessage, answeredTurns, openConversation, saveState, startConversation, type ClarificationState } from '../user-topics/conversations.js';
import type { TopicContext } from '../user-topics/context.js';
import { loadUser, onboardingModel, type UserRow } from '../user-topics/user.js';
import { generateSuggestions, openSuggestions, topUpSuggestions } from '../user-topics/suggestions.js';
import { parseLocation } from '../../intelligence/knowledge/places.js';
import { usageMeter } from '../../billing/meter.js';

type Form = { first_name: string; title: string; organization: string; location: string; language: string; interests: string };
interface ProfileState extends ClarificationState {
  form: Form;
}

interface Outcome {
  result: TProfileValidation;
  conversationId: string;
}

/**
 * One profile validation with its clarification chain (the 'profile' conversation): a follow-up
 * carries the answer, the form as sent again, and the conversation id. The model is the user's
 * onboarding model; a model failure is a 'failed' answer, never half-written data.
 */
async function runValidation(context: TopicContext, user: UserRow, form: Form, answer: string | undefined, conversationId: string | undefined): Promise<Outcome> {
  const { db } = context.database;
  let state: ProfileState;
  let id: string;
  if (conversationId) {
    const conversation = await openConversation(db, user.id, conversationId, 'profile', PROFILE_MESSAGES.conversationRequired);
    state = conversation.state as ProfileState;
    const pending = state.turns[state.turns.length - 1];
    if (!pending || pending.answer !== null) throw new AppError(409, 'conversation_ended', PROFILE_MESSAGES.conversationRequired);
    pending.answer = answer!;
    state.form = form;
    id = conversation.id;
    await addMessage(db, id, 'user', answer!);
  } else {
    state = { form, turns: [] };
    id = (await startConversation(db, user.id, 'profile', state, onboardingModel(user))).id;
    await addMessage(db, id, 'user', JSON.stringify(form));
  }
  let result: TProfileValidation;
  let record: InteractionRecord;
  try {
    ({ output: result, record } = await runCapability(validateProfile, { form, turns: answeredTurns(state) }, onboardingModel(user), { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: user.id, topicId: null }) }));
  } catch (error) {
    if (!(error instanceof CapabilityError)) throw error;
    context.logger.warn({ err: error, userId: user.id }, 'profile validation failed');
    result = { status: 'failed', question: null, error: PROFILE_MESSAGES.failed, field_errors: null, profile: null };
    record = error.record;
  }
  if (result.status === 'clarification_needed' && answeredTurns(state).length >= MAX_PROFILE_CLARIFICATIONS + 1) {
    result = { ...result, status: 'failed', error: PROFILE_MESSAGES.failedCheck };
  }
  if (result.status === 'validated' && !result.profile) result = { ...result, status: 'failed', error: PROFILE_MESSAGES.failed };
  const question = result.status === 'clarification_needed' ? result.question?.trim() || PROFILE_MESSAGES.answerRequired : null;
  if (question) state.turns.push({ question, options: [], answer: null });
  await addMessage(db, id, 'assistant', question ?? (result.status === 'validated' ? result.profile!.gpt_profile : (result.error ?? PROFILE_MESSAGES.failed)), { interaction: record });
  await saveState(db, id, state, result.status !== 'clarification_needed');
  return { result: { ...result, question }, conversationId: id };
}

const aiColumns = (profile: TAiProfile) => ({
  gptProfile: profile.gpt_profile,
  placesJurisdictions: profile.places_jurisdictions.slice(0, 20),
  organizations: profile.organizations.slice(0, 20),
  productsMarkets: profile.products_markets.slice(0, 20),
  gptIndustries: profile.gpt_industries.slice(0, 10),
  gptResponsibilities: profile.gpt_responsibilities.slice(0, 10),
});

function parseTopicList(value: string | string[]): string[] {
  if (Array.isArray(value)) return value;
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return value.split(/[,\n]/);
  }
}

/**
 * POST /auth/complete_profile/: validated -> the form and the AI
 * profile are stored together, suggestions are made (the names in onboarding_topics first, at
 * most 36 in all) and returned; without any, suggestions and onboarding are complete at once (the
 * client goes to /). clarification_needed -> the question and conversation id. failed -> error.
 */
export async function completeProfile(
  context: TopicContext,
  userId: string,
  body: { location: string; title: string; organization: string; language: string; interests: string; onboarding_topics: string | string[]; alerts: boolean; newsletter: boolean; answer?: string; conversation_id?: string },
): Promise<TCompleteProfileResponse> {
  const { db } = context.database;
  const user = await loadUser(db, userId);
  const form: Form = { first_name: user.firstName, title: body.title, organization: body.organization, location: body.location, language: body.language, interests: body.interests };
  const { result, conversationId } = await runValidation(context, user, form, body.answer, body.conversation_id);
  const flags = { profile_completed: user.profileCompletedAt !== null, suggestions_completed: user.suggestionsCompletedAt !== null };
  if (result.status !== 'validated') {
    return {
      status: result.status,
      question: result.question,
      conversation_id: result.status === 'clarification_needed' ? conversationId : null,
      error: result.status === 'failed' ? result.error || PROFILE_MESSAGES.failed : null,
      suggestions: [],
      ...flags,
      user: null,
    };
  }
  const now = new Date();
  await db
    .update(users)
    .set({
      title: body.title || null,
      company: body.organization || null,
      location: body.location || null,
      // "Oslo, Norway" is a city and a country, as the profile form shows them back.
      ...parseLocation(body.location),
      language: body.language,
      interests: body.interests,
      alerts: body.alerts,
      newsletter: body.newsletter,
      profileCompletedAt: user.profileCompletedAt ?? now,
      ...aiColumns(result.profile!),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  const updated = await loadUser(db, userId);
  const named = parseTopicList(body.onboarding_topics)
    .map((n) => n.trim().slice(0, 200))
    .filter(Boolean);
  if (named.length) {
    await db
      .insert(suggestions)
      .values(named.slice(0, SUGGESTIONS_ONBOARDING_MAX).map((name) => ({ userId, name, reasoning: 'You named this topic during onboarding.', sources: [] })))
      .onConflictDoNothing();
  }
  const open = await openSuggestions(context, userId);
  if (!updated.suggestionsCompletedAt) await generateSuggestions(context, updated, SUGGESTIONS_ONBOARDING_MAX - open.length);
  const list = (await openSuggestions(context, userId)).slice(0, SUGGESTIONS_ONBOARDING_MAX);
  if (list.length === 0 && !updated.suggestionsCompletedAt) {
    await db.update(users).set({ suggestionsCompletedAt: now, onboardingCompletedAt: updated.onboardingCompletedAt ?? now }).where(eq(users.id, userId));
  }
  const me = (await presentMe(db, userId))!;
  return {
    status: 'validated',
    question: null,
    conversation_id: null,
    error: null,
    suggestions: list,
    profile_completed: true,
    suggestions_completed: me.suggestions_completed,
    user: me,
  };
}

/**
 * PATCH /me/profile/: the same validation as profile completion on the
 * edited form; validated saves the fields and rebuilds the AI profile. Field problems come back
 * under the server's names (title, company_or_organization, location, interests). Notification
 * preferences and language belong to the user: while acting as someone else they are not changed.
 */
export async function updateProfile(
  context: TopicContext,
  userId: string,
  actingAsSelf: boolean,
  body: {
    first_name: string;
    last_name: string;
    country: string;
    city: string;
    job_title_function: string;
    employer: string;
    interests: string;
    alerts?: boolean;
    alert_daily_cap?: number;
    newsletter?: boolean;
    language?: string;
    answer?: string;
    conversation_id?: string;
  },
): Promise<TProfileUpdateResponse> {
  const { db } = context.database;
  const user = await loadUser(db, userId);
  const language = actingAsSelf ? (body.language ?? user.language) : user.language;
  const location = [body.city, body.country].filter(Boolean).join(', ');
  const form: Form = { first_name: body.first_name, title: body.job_title_function, organization: body.employer, location, language, interests: body.interests };
  const { result, conversationId } = await runValidation(context, user, form, body.answer, body.conversation_id);
  if (result.status === 'clarification_needed') return { status: 'clarification_needed', user: null, question: result.question, conversation_id: conversationId, error: null, errors: null };
  if (result.status === 'failed') {
    const errors = result.field_errors ? Object.fromEntries(Object.entries(result.field_errors).filter(([, v]) => v.length > 0)) : null;
    return { status: 'failed', user: null, question: null, conversation_id: null, error: result.error || PROFILE_MESSAGES.failed, errors: errors && Object.keys(errors).length ? errors : null };
  }
  const now = new Date();
  await db
    .update(users)
    .set({
      firstName: body.first_name,
      lastName: body.last_name,
      country: body.country || null,
      city: body.city || null,
      location: location || null,
      title: body.job_title_function || null,
      company: body.employer || null,
      interests: body.interests,
      language,
      ...(actingAsSelf && body.alerts !== undefined ? { alerts: body.alerts } : {}),
      ...(actingAsSelf && body.alert_daily_cap !== undefined ? { alertDailyCap: body.alert_daily_cap } : {}),
      ...(actingAsSelf && body.newsletter !== undefined ? { newsletter: body.newsletter } : {}),
      profileCompletedAt: user.profileCompletedAt ?? now,
      ...aiColumns(result.profile!),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  // The Daily Brief off: what quiet hours held for it goes out as 'wait' would have sent it.
  if (actingAsSelf && body.newsletter === false) await releaseHeldForBrief(db, userId, now);
  await topUpSuggestions(context, await loadUser(db, userId));
  return { status: 'validated', user: (await presentMe(db, userId))!, question: null, conversation_id: null, error: null, errors: null };
}
