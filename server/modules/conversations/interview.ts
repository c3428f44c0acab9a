import { and, eq, isNull } from 'drizzle-orm';
import { chatPayloadProblem, CHAT_MESSAGES } from '../../../contract/chat.js';
import { CONVERSATION_MESSAGES, type TInterviewChatRequest, type TInterviewState, type TOnboardingStatus } from '../../../contract/onboarding.js';
import { conversations, users } from '../../db/schema/index.js';
import { industriesOf, interestPhrases } from '../../intelligence/builtin/profile-builder.js';
import { builtinInterviewProfile, interview, type InterviewInput, type TInterviewTurn } from '../../intelligence/capabilities/interview.js';
import { builtinSuggestTopics } from '../../intelligence/capabilities/suggest-topics.js';
import { CapabilityError, runCapability } from '../../intelligence/engine.js';
import type { InteractionRecord } from '../../intelligence/types.js';
import { AppError } from '../../http/errors.js';
import { suggestionCandidates } from '../user-topics/suggestion-candidates.js';
import type { TopicContext } from '../user-topics/context.js';
import { activeTopics } from '../user-topics/topics.js';
import { loadUser, onboardingModel, type UserRow } from '../user-topics/user.js';
import { INTERVIEW_PROFILE_JOB } from './jobs.js';
import { emptyInterview, interviewTurns, presentInterview, type InterviewState } from './present.js';
import { addMessage, latestConversation, messagesOf, openConversation, saveState, startConversation } from '../user-topics/conversations.js';
import { usageMeter } from '../../billing/meter.js';

/** Questions a language model may ask before the interview is closed for it. */
const MAX_QUESTIONS = 10;

const formOf = (user: UserRow): InterviewInput['profile'] => ({
  first_name: user.firstName,
  title: user.title ?? '',
  organization: user.company ?? '',
  location: user.location ?? user.country ?? '',
  interests: user.interests ?? '',
});

async function present(context: TopicContext, user: UserRow, conversationId: string | undefined, redirect = false): Promise<TInterviewState> {
  const { db } = context.database;
  const conversation = conversationId ? (await db.select().from(conversations).where(eq(conversations.id, conversationId)))[0] : await latestConversation(db, user.id, 'onboarding_interview');
  return presentInterview(user, conversation, conversation ? await messagesOf(db, conversation.id) : [], redirect);
}

/**
 * Topics to offer once the interview knows enough: candidates from a provisional profile built
 * from the answers so far, ranked by the built-in engine (cheap enough for every turn).
 */
async function topicOptions(context: TopicContext, user: UserRow, input: Omit<InterviewInput, 'topicOptions' | 'industryOptions' | 'finish'>): Promise<string[]> {
  if (input.turns.filter((t) => t.answer).length < 4) return [];
  const provisional = builtinInterviewProfile({ profile: input.profile, turns: input.turns }).profile;
  const named = input.turns.find((t) => t.step === 'organizations')?.answer?.text ?? '';
  const candidates = await suggestionCandidates(
    context,
    {
      title: input.profile.title,
      organization: input.profile.organization,
      interests: input.profile.interests,
      industries: provisional.gpt_industries,
      organizations: provisional.organizations,
      places: provisional.places_jurisdictions,
      productsMarkets: provisional.products_markets,
      location: input.profile.location,
      industriesChosen: true,
    },
    interestPhrases(named),
  );
  const existing = (await activeTopics(context.database.db, user.id)).map((t) => t.name);
  return builtinSuggestTopics({ profile: { ...input.profile, summary: null, industries: [], organizations: [], places: [], products_markets: [] }, existing, excluded: [], candidates, limit: 8 }).suggestions.map((s) => s.name);
}

/** Asks the interviewer for the next turn and stores it (with the user's answer, when there is one, first). */
async function nextTurn(
  context: TopicContext,
  user: UserRow,
  conversationId: string,
  state: InterviewState,
  answer: { content: string; questionId: string; selected: string[]; texts: string[]; other: string | null } | null,
  finish: boolean,
): Promise<void> {
  const { db } = context.database;
  const messages = await messagesOf(db, conversationId);
  const withAnswer: InterviewState = answer ? { ...state, answers: { ...state.answers, [answer.questionId]: { selected: answer.selected, texts: answer.texts, other: answer.other } } } : state;
  const provisionalMessages = answer ? [...messages, { id: -1, conversationId, role: 'user' as const, content: answer.content, options: null, interaction: null, createdAt: new Date() }] : messages;
  const turns = interviewTurns(withAnswer, provisionalMessages);
  const profile = formOf(user);
  const base = { profile, turns };
  const asked = Object.keys(state.asked).length;
  let output: TInterviewTurn;
  let record: InteractionRecord;
  try {
    ({ output, record } = await runCapability(
      interview,
      {
        ...base,
        industryOptions: industriesOf(`${profile.title} ${profile.organization} ${profile.interests}`, `${profile.title} ${profile.organization}`),
        topicOptions: await topicOptions(context, user, base),
        finish: finish || asked >= MAX_QUESTIONS,
      },
      onboardingModel(user),
      { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: user.id, topicId: null }) },
    ));
  } catch (error) {
    if (!(error instanceof CapabilityError)) throw error;
    context.logger.warn({ err: error, userId: user.id }, 'interview turn failed');
    throw new AppError(502, 'ai_unavailable', CONVERSATION_MESSAGES.processFailed);
  }
  // Written only once the interviewer answered: a failed turn leaves the conversation as it was.
  if (answer) await addMessage(db, conversationId, 'user', answer.content);
  const choice = output.multiple_choice && output.multiple_choice.options.length ? output.multiple_choice : null;
  const saved = await addMessage(db, conversationId, 'assistant', output.message, { options: choice?.options ?? null, interaction: record });
  withAnswer.asked = {
    ...withAnswer.asked,
    [String(saved.id)]: { step: output.step, question: choice?.question ?? output.message, max: choice ? Math.max(1, Math.min(choice.max_selections || 1, choice.options.length)) : 0, allowOther: choice?.allow_other_text ?? false },
  };
  if (output.done) withAnswer.stage = 'ready';
  await saveState(db, conversationId, withAnswer);
  if (output.done) {
    await context.queue.boss.send(INTERVIEW_PROFILE_JOB, { conversationId }, { singletonKey: `interview-profile-${conversationId}` });
  }
}

/** POST /conversation/start/: the open interview, or a new one with its first question. */
export async function startInterview(context: TopicContext, userId: string): Promise<TInterviewState> {
  const { db } = context.database;
  const user = await loadUser(db, userId);
  if (!user.profileCompletedAt) return present(context, user, undefined, true);
  const open = await latestConversation(db, userId, 'onboarding_interview', true);
  if (open || user.gptProfile) return present(context, user, open?.id);
  const state = emptyInterview();
  const conversation = await startConversation(db, userId, 'onboarding_interview', state, onboardingModel(user));
  await nextTurn(context, user, conversation.id, state, null, false);
  return present(context, user, conversation.id);
}

/**
 * POST /conversation/restart/: ends any open interview and clears the AI profile, then starts
 * again; a user whose profile form is not complete is sent to profile completion instead.
 */
export async function restartInterview(context: TopicContext, userId: string): Promise<TInterviewState> {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set({ completedAt: new Date() })
      .where(and(eq(conversations.userId, userId), eq(conversations.kind, 'onboarding_interview'), isNull(conversations.completedAt)));
    await tx
      .update(users)
      .set({ gptProfile: null, placesJurisdictions: [], organizations: [], productsMarkets: [], gptIndustries: [], gptResponsibilities: [], updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
  return startInterview(context, userId);
}

/** GET /conversation/onboarding_status/. */
export async function onboardingStatus(context: TopicContext, userId: string): Promise<TOnboardingStatus> {
  const user = await loadUser(context.database.db, userId);
  const state = await present(context, user, undefined, !user.profileCompletedAt);
  return {
    ...state,
    onboardingStatus: {
      profile_completed: user.profileCompletedAt !== null,
      suggestions_completed: user.suggestionsCompletedAt !== null,
      onboarding_complete: user.onboardingCompletedAt !== null,
      has_profile: Boolean(user.gptProfile),
    },
  };
}

type Answer = { text: string; selected: string[]; other: string | null };

/** The answer in any of the spec's shapes: a string, or an object with text / selectedOptions / message + selections. */
function readAnswer(body: TInterviewChatRequest): Answer | null {
  const payload = body.answer_text ?? body.user_selections ?? (body.selected_options ? { selectedOptions: body.selected_options } : undefined);
  if (payload === undefined && body.action) return null;
  const problem = chatPayloadProblem(payload);
  if (problem) throw new AppError(400, 'invalid_payload', problem, { payload: [problem] });
  if (typeof payload === 'string') return { text: payload.trim(), selected: body.selected_options ?? [], other: null };
  const p = payload as { text?: unknown; selectedOptions?: unknown; message?: unknown; selections?: unknown };
  const ids = [...(Array.isArray(p.selectedOptions) ? p.selectedOptions : Array.isArray(p.selections) ? p.selections : []), ...(body.selected_options ?? [])].map(String);
  const text = typeof p.text === 'string' ? p.text.trim() : typeof p.message === 'string' ? p.message.trim() : '';
  return { text, selected: [...new Set(ids)], other: ids.length && text ? text : null };
}

/**
 * POST /conversation/chat/: records the answer to the open question (option ids are checked
 * against the choices offered and their limit; 'Other' text is kept apart) and answers with the
 * next turn. The closing turn sets the stage to 'ready' and queues the profile.
 */
export async function interviewChat(context: TopicContext, userId: string, body: TInterviewChatRequest): Promise<TInterviewState> {
  const { db } = context.database;
  const user = await loadUser(db, userId);
  const answer = readAnswer(body);
  const conversation = body.conversation_id
    ? await openConversation(db, userId, body.conversation_id, 'onboarding_interview', CONVERSATION_MESSAGES.finished)
    : await latestConversation(db, userId, 'onboarding_interview', true);
  if (!conversation) throw new AppError(404, 'not_found', CONVERSATION_MESSAGES.noInterview);
  const state = conversation.state as InterviewState;
  if (state.stage !== 'interview') throw new AppError(409, 'conversation_ended', CONVERSATION_MESSAGES.finished);
  const messages = await messagesOf(db, conversation.id);
  const question = [...messages].reverse().find((m) => m.role === 'assistant');
  if (!question) throw new AppError(409, 'conversation_ended', CONVERSATION_MESSAGES.noInterview);
  const asked = state.asked[String(question.id)] ?? { step: null, question: question.content, max: 0, allowOther: true };

  let stored: Parameters<typeof nextTurn>[4] = null;
  if (answer) {
    const options = question.options ?? [];
    const unknown = answer.selected.filter((id) => !options.some((o) => o.id === id));
    if (unknown.length) throw new AppError(400, 'validation_failed', CONVERSATION_MESSAGES.unknownOption, { selected_options: [CONVERSATION_MESSAGES.unknownOption] });
    if (asked.max > 0 && answer.selected.length > asked.max) throw new AppError(400, 'validation_failed', CONVERSATION_MESSAGES.tooManyOptions(asked.max), { selected_options: [CONVERSATION_MESSAGES.tooManyOptions(asked.max)] });
    const texts = answer.selected.map((id) => options.find((o) => o.id === id)!.text);
    const other = answer.other ?? (texts.length === 0 && options.length && asked.allowOther ? answer.text || null : null);
    const content = [...texts, ...(other ? [other] : []), ...(!texts.length && !other ? [answer.text] : [])].filter(Boolean).join(', ');
    if (!content) throw new AppError(400, 'invalid_payload', CHAT_MESSAGES.invalidPayload);
    stored = { content, questionId: String(question.id), selected: answer.selected, texts, other };
  }
  await nextTurn(context, user, conversation.id, state, stored, body.action === 'finish');
  return present(context, await loadUser(db, userId), conversation.id);
}
