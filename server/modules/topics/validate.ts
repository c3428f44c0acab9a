import { TOPIC_MESSAGES, type TValidateTopicResponse } from '../../../contract/topics.js';
import { buildTopicProfile } from '../../intelligence/builtin/topic-profile.js';
import { normalizeTopicName } from '../../intelligence/builtin/topic-analysis.js';
import { meetMinimums, SELECTABLE_COLLECTIONS } from '../../intelligence/capabilities/topic-fields.js';
import { MAX_TOPIC_CLARIFICATIONS, validateTopic, type TTopicValidation } from '../../intelligence/capabilities/validate-topic.js';
import { CapabilityError, runCapability } from '../../intelligence/engine.js';
import type { InteractionRecord } from '../../intelligence/types.js';
import { AppError } from '../../http/errors.js';
import type { TopicRow } from '../user-topics/topics.js';
import type { UserRow } from '../user-topics/user.js';
import { addMessage, answeredTurns, openConversation, saveState, startConversation, type ClarificationState } from '../user-topics/conversations.js';
import type { TopicContext } from '../user-topics/context.js';
import { topicEvidence } from '../user-topics/evidence.js';
import { afterTopicCreated } from '../user-topics/enrich.js';
import { activeTopics, createTopicOnce, presentTopic, profileColumns, sameTopic } from '../user-topics/topics.js';
import { loadUser, onboardingModel, profileHints, requireProfile } from '../user-topics/user.js';
import { usageMeter } from '../../billing/meter.js';

export interface ValidateTopicBody {
  topic: string;
  existing_topics: string[];
  sources: number[];
  answer?: string;
  conversation_id?: string;
}

interface ValidationState extends ClarificationState {
  topic: string;
  sources: number[];
}

const selectable = new Set(SELECTABLE_COLLECTIONS.map((c) => c.id));
const base = { success: false, topic: null, normalized_name: null, question: null, options: [], conversation_id: null, error: null };

/**
 * POST /topics/validate/: the topic is read by the user's
 * onboarding model (or the built-in engine) with what the store holds about it. A clear topic is
 * created at once with its whole profile and starts filling the feed; an unclear one gets a
 * question, and the answer comes back with the conversation id (any number of times, up to the
 * engine's limit); a topic the user already follows is 'duplicate'. A model failure creates
 * nothing and answers 'failed' with the spec's message.
 */
export async function validateTopicRequest(context: TopicContext, userId: string, body: ValidateTopicBody): Promise<TValidateTopicResponse> {
  const { db } = context.database;
  const user = await loadUser(db, userId);
  requireProfile(user);
  const sources = body.sources.filter((id) => selectable.has(id));

  let conversation;
  let state: ValidationState;
  if (body.conversation_id) {
    conversation = await openConversation(db, userId, body.conversation_id, 'topic_validation', TOPIC_MESSAGES.conversationRequired);
    state = conversation.state as ValidationState;
    const pending = state.turns[state.turns.length - 1];
    if (!pending || pending.answer !== null) throw new AppError(409, 'conversation_ended', TOPIC_MESSAGES.conversationRequired);
    pending.answer = body.answer!;
    await addMessage(db, conversation.id, 'user', body.answer!);
  } else {
    state = { topic: body.topic, sources, turns: [] };
    conversation = await startConversation(db, userId, 'topic_validation', state, onboardingModel(user));
    await addMessage(db, conversation.id, 'user', body.topic);
  }
  const conversationId = conversation.id;
  const finish = async (response: TValidateTopicResponse, record: InteractionRecord | null, say: string) => {
    await addMessage(db, conversationId, 'assistant', say, { interaction: record, options: response.options.length ? response.options : null });
    await saveState(db, conversationId, state, response.status !== 'clarification_needed');
    return response;
  };

  const outcome = await assessTopic(context, user, { topic: state.topic, turns: answeredTurns(state), sources: state.sources, existingNames: body.existing_topics });
  const response: TValidateTopicResponse = {
    ...base,
    status: outcome.status,
    success: outcome.status === 'validated',
    topic: outcome.row ? presentTopic(outcome.row) : null,
    normalized_name: outcome.name,
    question: outcome.question,
    options: outcome.options,
    conversation_id: conversationId,
    error: outcome.error,
  };
  if (outcome.status === 'clarification_needed') state.turns.push({ question: outcome.question!, options: outcome.options, answer: null });
  return finish(response, outcome.record, outcome.say);
}

export interface TopicOutcome {
  status: 'validated' | 'clarification_needed' | 'duplicate' | 'failed';
  row: TopicRow | null;
  name: string | null;
  question: string | null;
  options: { id: string; text: string }[];
  error: string | null;
  /** What the assistant says about it (conversation records, the add-topic chat). */
  say: string;
  record: InteractionRecord | null;
}

/**
 * Reads a topic with the answers given so far and, when it is clear and new, creates it with its
 * profile and starts its backfill. Shared by validation and the add-topic chat.
 */
export async function assessTopic(
  context: TopicContext,
  user: UserRow,
  request: { topic: string; turns: { question: string; answer: string }[]; sources: number[]; existingNames: string[] },
): Promise<TopicOutcome> {
  const { db } = context.database;
  const none = { row: null, name: null, question: null, options: [], error: null, record: null };
  const active = await activeTopics(db, user.id);
  const tracked = (name: string) => sameTopic(active, name) ?? (request.existingNames.some((e) => e.trim().toLowerCase() === name.trim().toLowerCase()) ? { name } : undefined);
  const duplicate = (name: string, record: InteractionRecord | null): TopicOutcome => ({ ...none, status: 'duplicate', name, error: TOPIC_MESSAGES.alreadyTracked, say: TOPIC_MESSAGES.alreadyTracked, record });
  if (request.turns.length === 0) {
    const already = tracked(normalizeTopicName(request.topic));
    if (already) return duplicate(already.name, null);
  }
  const { turns } = request;
  const evidence = await topicEvidence(context.database, context.search, [request.topic, ...turns.map((t) => t.answer)].join(' '), { collections: request.sources });
  let result: TTopicValidation;
  let record: InteractionRecord;
  try {
    ({ output: result, record } = await runCapability(
      validateTopic,
      { topic: request.topic, turns, sources: request.sources, existing: active.map((t) => t.name), profile: profileHints(user), evidence },
      onboardingModel(user),
      { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: user.id, topicId: null }) },
    ));
  } catch (error) {
    if (!(error instanceof CapabilityError)) throw error;
    context.logger.warn({ err: error, userId: user.id }, 'topic validation failed');
    return { ...none, status: 'failed', error: TOPIC_MESSAGES.rephrase, say: TOPIC_MESSAGES.rephrase, record: error.record };
  }
  if (result.status === 'clarification_needed' && turns.length >= MAX_TOPIC_CLARIFICATIONS) result = { ...result, status: 'failed', error: TOPIC_MESSAGES.rephrase };
  switch (result.status) {
    case 'clarification_needed': {
      const question = result.question?.trim() || TOPIC_MESSAGES.clarificationNeeded;
      return { ...none, status: 'clarification_needed', question, options: result.options, say: question, record };
    }
    case 'duplicate':
      return duplicate(result.normalized_name ?? request.topic, record);
    case 'failed': {
      const error = result.error?.trim() || TOPIC_MESSAGES.validationFailed;
      return { ...none, status: 'failed', error, say: error, record };
    }
    case 'validated': {
      const name = (result.normalized_name?.trim() || normalizeTopicName(request.topic)).slice(0, 200);
      const already = tracked(name);
      if (already) return duplicate(already.name, record);
      const fallback = () => buildTopicProfile({ name, context: turns.map((t) => t.answer), sources: request.sources, profilePlaces: user.placesJurisdictions, evidence });
      const fields = result.topic && record.model_used === 'builtin' ? result.topic : meetMinimums(result.topic ?? fallback(), fallback());
      const { row, created } = await createTopicOnce(db, user.id, {
        name,
        ...profileColumns(fields),
        sources: request.sources.length ? request.sources : fields.sources,
      });
      if (!created) return duplicate(row.name, record);
      await afterTopicCreated(context, row);
      return { ...none, status: 'validated', row, name: row.name, say: `Now tracking “${row.name}”.`, record };
    }
  }
}
