import { and, eq } from 'drizzle-orm';
import { topics } from '../../db/schema/index.js';
import { buildTopicProfile } from '../../intelligence/builtin/topic-profile.js';
import { meetMinimums } from '../../intelligence/capabilities/topic-fields.js';
import { validateTopic } from '../../intelligence/capabilities/validate-topic.js';
import { CapabilityError, runCapability } from '../../intelligence/engine.js';
import { queueCatchUp } from '../../pipeline/backfill.js';
import type { TopicContext } from './context.js';
import { topicEvidence } from './evidence.js';
import { profileColumns, type TopicRow } from './topics.js';
import { loadUser, onboardingModel, profileHints } from './user.js';
import { usageMeter } from '../../billing/meter.js';

/*
 * After a topic is stored: its profile written when it has only a name (the topic-enrich job,
 * topics/jobs.ts, or at once with the built-in engine), then the catch-up (pipeline-backfill).
 */

export const TOPIC_ENRICH_JOB = 'topic-enrich';

/**
 * What happens after a topic is stored, as jobs: one added by name only (a suggestion, a bulk
 * save) gets its profile written in the background while it shows 'Processing...'; one with a
 * profile is matched against the store at once (the catch-up).
 */
export async function afterTopicCreated(context: TopicContext, row: TopicRow): Promise<void> {
  if (row.description.trim() === '') await context.queue.boss.send(TOPIC_ENRICH_JOB, { topicId: row.id }, { singletonKey: `enrich-${row.id}` });
  else await queueCatchUp(context.queue, row.id);
}

/**
 * Writes the profile of a topic that has only a name. The topic cannot be asked about (no one is
 * waiting for a question), so a reading that would need clarification gets the built-in profile
 * of the name as it stands; so does a model that keeps failing on the last attempt, so no topic
 * stays 'Processing...' for ever. The update only lands while the description is still empty.
 */
export async function enrichTopic(context: TopicContext, topicId: number, lastAttempt: boolean): Promise<'enriched' | 'skipped'> {
  const { db } = context.database;
  const [row] = await db.select().from(topics).where(eq(topics.id, topicId));
  if (!row || row.retiredAt || row.description.trim() !== '') return 'skipped';
  const user = await loadUser(db, row.userId);
  const evidence = await topicEvidence(context.database, context.search, row.name, { collections: row.sources });
  // The built-in profile, built once and only when needed (it reads every evidence document).
  const fallback = () => buildTopicProfile({ name: row.name, context: [], sources: row.sources, profilePlaces: user.placesJurisdictions, evidence });
  let fields: ReturnType<typeof fallback> | undefined;
  try {
    const { output, record } = await runCapability(
      validateTopic,
      { topic: row.name, turns: [], sources: row.sources, existing: [], profile: profileHints(user), evidence },
      onboardingModel(user),
      { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: user.id, topicId: row.id }) },
    );
    if (output.status === 'validated' && output.topic) fields = { ...(record.model_used === 'builtin' ? output.topic : meetMinimums(output.topic, fallback())) };
  } catch (error) {
    if (!(error instanceof CapabilityError) || !lastAttempt) throw error;
    context.logger.warn({ err: error, topicId }, 'topic profile by the model failed; using the built-in profile');
  }
  fields ??= fallback();
  const updated = await db
    .update(topics)
    .set({
      ...profileColumns(fields),
      sources: row.sources.length ? row.sources : fields.sources,
    })
    .where(and(eq(topics.id, topicId), eq(topics.description, '')))
    .returning({ id: topics.id });
  return updated.length ? 'enriched' : 'skipped';
}
