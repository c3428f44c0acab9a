import { and, eq, isNull } from 'drizzle-orm';
import { TOPIC_MESSAGES, type TModifyTopicResponse } from '../../../contract/topics.js';
import { topics } from '../../db/schema/index.js';
import { buildTopicProfile } from '../../intelligence/builtin/topic-profile.js';
import { modifyTopic, type TopicChanges, type TTopicModification } from '../../intelligence/capabilities/modify-topic.js';
import { meetMinimums, SELECTABLE_COLLECTIONS } from '../../intelligence/capabilities/topic-fields.js';
import { MAX_TOPIC_CLARIFICATIONS } from '../../intelligence/capabilities/validate-topic.js';
import { CapabilityError, runCapability } from '../../intelligence/engine.js';
import type { InteractionRecord } from '../../intelligence/types.js';
import { AppError } from '../../http/errors.js';
import { queueCatchUp } from '../../pipeline/backfill.js';
import { addMessage, answeredTurns, openConversation, saveState, startConversation, type ClarificationState } from '../user-topics/conversations.js';
import type { TopicContext } from '../user-topics/context.js';
import { topicEvidence } from '../user-topics/evidence.js';
import { activeTopics, presentTopic, profileColumns, profileFields, sameTopic } from '../user-topics/topics.js';
import { loadUser, onboardingModel, requireProfile } from '../user-topics/user.js';
import { usageMeter } from '../../billing/meter.js';

interface ModifyState extends ClarificationState {
  topicId: number;
  changes: TopicChanges;
}

const selectable = new Set(SELECTABLE_COLLECTIONS.map((c) => c.id));
const base = { topic: null, question: null, options: [], conversation_id: null, error: null };

/**
 * POST /topics/{id}/modify/: the edits go through the user's
 * onboarding model, which keeps what the user wrote and rewrites what a new name makes stale; an
 * unclear new name is asked about (the answer comes back with the conversation id). Renaming to
 * a topic the user already follows fails. A changed topic is matched against the store again.
 */
export async function modifyTopicRequest(
  context: TopicContext,
  userId: string,
  topicId: number,
  body: { changes: TopicChanges; answer?: string; conversation_id?: string },
): Promise<TModifyTopicResponse> {
  const { db } = context.database;
  const user = await loadUser(db, userId);
  requireProfile(user, true);
  const active = await activeTopics(db, userId);
  const row = active.find((t) => t.id === topicId);
  if (!row) throw new AppError(404, 'not_found', TOPIC_MESSAGES.notFound);

  let conversation;
  let state: ModifyState;
  if (body.conversation_id) {
    conversation = await openConversation(db, userId, body.conversation_id, 'topic_modify', TOPIC_MESSAGES.conversationRequired);
    state = conversation.state as ModifyState;
    const pending = state.turns[state.turns.length - 1];
    if (state.topicId !== topicId || !pending || pending.answer !== null) throw new AppError(409, 'conversation_ended', TOPIC_MESSAGES.conversationRequired);
    pending.answer = body.answer!;
    await addMessage(db, conversation.id, 'user', body.answer!);
  } else {
    const changes = { ...body.changes, ...(body.changes.collections ? { collections: body.changes.collections.filter((id) => selectable.has(id)) } : {}) };
    if (Object.values(changes).every((v) => v === undefined)) throw new AppError(400, 'validation_failed', 'There is nothing to change.', { changes: ['There is nothing to change.'] });
    state = { topicId, changes, turns: [] };
    conversation = await startConversation(db, userId, 'topic_modify', state, onboardingModel(user));
    await addMessage(db, conversation.id, 'user', JSON.stringify(changes));
  }
  const conversationId = conversation.id;
  const finish = async (response: TModifyTopicResponse, record: InteractionRecord | null, say: string) => {
    await addMessage(db, conversationId, 'assistant', say, { interaction: record, options: response.options.length ? response.options : null });
    await saveState(db, conversationId, state, response.status !== 'clarification_needed');
    return { ...response, conversation_id: conversationId };
  };
  const others = active.filter((t) => t.id !== topicId);
  const clash = (name: string | undefined) => (name ? sameTopic(others, name) : undefined);
  if (clash(state.changes.name)) return finish({ ...base, status: 'failed', error: TOPIC_MESSAGES.alreadyTracked }, null, TOPIC_MESSAGES.alreadyTracked);

  const turns = answeredTurns(state);
  const evidence = await topicEvidence(context.database, context.search, [state.changes.name ?? row.name, ...turns.map((t) => t.answer)].join(' '), { collections: state.changes.collections ?? row.sources });
  const current = {
    name: row.name,
    ...profileFields(row),
    relevance_matrix: row.relevanceMatrix ?? buildTopicProfile({ name: row.name, context: [], sources: row.sources, profilePlaces: user.placesJurisdictions, evidence }).relevance_matrix,
    sources: row.sources,
  };
  let result: TTopicModification;
  let record: InteractionRecord;
  try {
    ({ output: result, record } = await runCapability(modifyTopic, { current, changes: state.changes, turns, profile: { places: user.placesJurisdictions }, evidence }, onboardingModel(user), {
      llm: context.config.llm,
      logger: context.logger,
      meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: userId, topicId: topicId }),
    }));
  } catch (error) {
    if (!(error instanceof CapabilityError)) throw error;
    context.logger.warn({ err: error, topicId }, 'topic modification failed');
    return finish({ ...base, status: 'failed', error: TOPIC_MESSAGES.modificationFailed }, error.record, TOPIC_MESSAGES.modificationFailed);
  }
  if (result.status === 'clarification_needed' && turns.length >= MAX_TOPIC_CLARIFICATIONS) result = { ...result, status: 'failed', error: TOPIC_MESSAGES.modificationFailed };
  if (result.status === 'clarification_needed') {
    const question = result.question?.trim() || TOPIC_MESSAGES.clarificationNeeded;
    state.turns.push({ question, options: result.options, answer: null });
    return finish({ ...base, status: 'clarification_needed', question, options: result.options }, record, question);
  }
  if (result.status === 'failed' || !result.topic) {
    const error = result.error?.trim() || TOPIC_MESSAGES.modificationFailed;
    return finish({ ...base, status: 'failed', error }, record, error);
  }
  const name = (result.name?.trim() || state.changes.name || row.name).slice(0, 200);
  if (clash(name)) return finish({ ...base, status: 'failed', error: TOPIC_MESSAGES.alreadyTracked }, record, TOPIC_MESSAGES.alreadyTracked);
  const fields = record.model_used === 'builtin' ? result.topic : meetMinimums(result.topic, buildTopicProfile({ name, context: [], sources: current.sources, profilePlaces: user.placesJurisdictions, evidence }));
  const sources = state.changes.collections ?? fields.sources;
  const [updated] = await db
    .update(topics)
    .set({
      name,
      ...profileColumns(fields),
      sources: sources.filter((id) => selectable.has(id)),
    })
    .where(and(eq(topics.id, topicId), eq(topics.userId, userId), isNull(topics.retiredAt)))
    .returning()
    .catch((error: unknown) => {
      // The unique index on the active name: another request took the name meanwhile.
      if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return [];
      throw error;
    });
  if (!updated) return finish({ ...base, status: 'failed', error: TOPIC_MESSAGES.alreadyTracked }, record, TOPIC_MESSAGES.alreadyTracked);
  await queueCatchUp(context.queue, topicId);
  return finish({ ...base, status: 'updated', topic: presentTopic(updated) }, record, TOPIC_MESSAGES.updated);
}
