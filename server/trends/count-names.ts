import { sql } from 'drizzle-orm';
import { rowsOf, type AppDb, type AppTx } from '../db/client.js';
import { displayNames } from '../intelligence/builtin/text-features.js';
import { upgradeJob } from '../jobs/upgrade-job.js';

export const COUNT_TOPIC_NAMES_JOB = 'count-topic-names';

/** Events whose names are written again per statement. */
const RENAME_BATCH = 500;

/**
 * The names of the topic's events as displayNames writes them now, where they were stored by an
 * older one (migration 0038: "Apple Inc" is "Apple"); only the events whose names change are written.
 * Run while the topic is not counted, so its trigger counts nothing meanwhile.
 */
async function renameTopicNames(tx: AppTx, topicId: number): Promise<void> {
  const rows = rowsOf<{ id: number; names: string[] }>(await tx.execute(sql`SELECT id, entity_names AS names FROM events WHERE topic_id = ${topicId} AND entity_names IS NOT NULL`));
  const changed = rows.flatMap((r) => {
    const names = displayNames(r.names);
    return names.join('\n') === r.names.join('\n') ? [] : [{ id: Number(r.id), names }];
  });
  for (let i = 0; i < changed.length; i += RENAME_BATCH) {
    const batch = JSON.stringify(changed.slice(i, i + RENAME_BATCH));
    await tx.execute(sql`UPDATE events e SET entity_names = ARRAY(SELECT jsonb_array_elements_text(v.names))
      FROM jsonb_to_recordset(${batch}::jsonb) AS v(id bigint, names jsonb) WHERE e.id = v.id`);
  }
}

/**
 * Counts one topic's names into topic_name_days from its published articles and marks it counted,
 * in one transaction: the topic's row is locked for update first, so an article written meanwhile
 * (whose trigger holds the row in key share) is either seen here or counted by its trigger after
 * this commits; never both, never neither. False when the topic is gone or already counted.
 */
export async function countTopicNames(db: AppDb, topicId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [topic] = rowsOf<{ counted: boolean }>(await tx.execute(sql`SELECT names_counted_at IS NOT NULL AS counted FROM topics WHERE id = ${topicId} FOR UPDATE`));
    if (!topic || topic.counted) return false;
    await renameTopicNames(tx, topicId);
    await tx.execute(sql`DELETE FROM topic_name_days WHERE topic_id = ${topicId}`);
    await tx.execute(sql`INSERT INTO topic_name_days (topic_id, day, name, n)
      SELECT ${topicId}::bigint, u.day, u.name, count(*)::int
      FROM (SELECT (published_at AT TIME ZONE 'UTC')::date AS day, unnest(entity_names) AS name FROM events
        WHERE topic_id = ${topicId} AND article_generated AND published_at IS NOT NULL) u
      WHERE u.name IS NOT NULL GROUP BY 1, 2, 3`);
    await tx.execute(sql`UPDATE topics SET names_counted_at = now() WHERE id = ${topicId}`);
    return true;
  });
}

/** Counts the names of every topic not counted yet, one topic a transaction; how many it counted. */
export async function countWaitingTopics(db: AppDb): Promise<number> {
  const waiting = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM topics WHERE names_counted_at IS NULL ORDER BY id`));
  let counted = 0;
  for (const { id } of waiting) if (await countTopicNames(db, Number(id))) counted++;
  return counted;
}

/**
 * The upgrade of topics that had articles before topic_name_days (migration 0036), or names written
 * before displayNames left legal forms out (migration 0038): each topic's names written again and
 * counted, one topic a transaction. Sent at every start by the scheduler (singleton); until
 * a topic is counted its trends read the articles, so the figures are the same before and after.
 */
export const countTopicNamesJob = upgradeJob(COUNT_TOPIC_NAMES_JOB, countWaitingTopics, 'topics whose names trends now count');
