import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { topics, users } from '../db/schema/index.js';
import type { Queue } from '../jobs/types.js';
import { writeInboxItems } from '../inbox/write.js';
import { dispatchEmails } from '../mail/outbox.js';
import { dispatchNotifications } from '../notifications/outbox.js';
import { seriesOf } from './topic-trends.js';
import { articlesBetween } from './trend-queries.js';

const DAY = 86_400_000;

export interface SpikeAlertContext {
  database: Database;
  config: { publicUrl: string };
  queue?: Queue;
}

/**
 * A spike notice: for each active topic of a reader with alerts on, a spike (against the 14 days
 * before it) that reaches today or yesterday and that they were not told of yet is emailed once,
 * with the article that leads it and a link to the topic's dashboard (in the app, by email and push per the reader's preferences). The topic keeps the spike's
 * start (topics.spike_notified_for), written in the email's transaction and guarded by it, so a
 * second run or process never sends it twice. Answers how many spikes were told.
 */
export async function notifySpikes(context: SpikeAlertContext, now = new Date()): Promise<number> {
  const { db } = context.database;
  const rows = await db
    .select({ id: topics.id, name: topics.name, createdAt: topics.createdAt, notified: topics.spikeNotifiedFor, userId: users.id, email: users.email, firstName: users.firstName })
    .from(topics)
    .innerJoin(users, eq(users.id, topics.userId))
    .where(and(eq(users.alerts, true), isNull(topics.retiredAt)));
  const emails: string[] = [];
  let told = 0;
  for (const topic of rows) {
    const s = await seriesOf(db, topic, '7d', now);
    const recent = s.spikes.filter((spike) => spike.until >= Math.floor(now.getTime() / DAY) * DAY).at(-1);
    if (!recent) continue;
    const start = new Date(recent.start);
    if (topic.notified?.getTime() === start.getTime()) continue;
    const [lead] = await articlesBetween(db, { topicId: topic.id, from: start, to: new Date(recent.until) }, 1);
    const id = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(topics)
        .set({ spikeNotifiedFor: start })
        .where(and(eq(topics.id, topic.id), or(isNull(topics.spikeNotifiedFor), sql`${topics.spikeNotifiedFor} <> ${start.toISOString()}::timestamptz`)))
        .returning({ id: topics.id });
      if (claimed.length === 0) return undefined;
      const day = start.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      const link = `${context.config.publicUrl}/topics/${topic.id}`;
      const { emails: written } = await writeInboxItems(
        tx,
        [
          {
            userId: topic.userId,
            kind: 'spike',
            key: `spike:${topic.id}:${start.getTime()}`,
            title: `${topic.name}: ${recent.count} articles on ${day}`,
            body: lead ? `Leading: ${lead.title}` : null,
            eventId: lead?.id ?? null,
            topicId: topic.id,
            email: {
              template: 'trend-spike',
              publicUrl: context.config.publicUrl,
              data: {
                firstName: topic.firstName,
                topicName: topic.name,
                day,
                count: recent.count,
                baseline: Math.round(recent.mean * 10) / 10,
                ...(lead ? { lead: lead.title, leadLink: `${context.config.publicUrl}/a/${lead.id}` } : {}),
                link,
              },
            },
          },
        ],
        now,
      );
      return written;
    });
    if (id) {
      emails.push(...id);
      told++;
    }
  }
  await dispatchEmails(context.queue, db, emails);
  if (told) await dispatchNotifications(context.queue);
  return told;
}
