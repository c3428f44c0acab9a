import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, outboxEmails, users } from '../db/schema/index.js';
import { feedKit } from '../modules/feed/feed-test-kit.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { sendAlert, STORY_WAIT_SECONDS } from './alert.js';
import { sendBrief } from './brief.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = feedKit(herald);
});
afterAll(async () => {
  await herald?.close();
});

const stage = () => ({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger });
const decisionOf = async (id: number) => (await herald.database.db.select().from(events).where(eq(events.id, id)))[0]!.alertDecision;

describe('breaking alerts: rare and earned (alert-policy.ts)', () => {
  it('sends only top-ranked articles, one per story, at most the daily cap, and the brief leads with what was held', async () => {
    const reader = await kit.reader();
    const topicId = reader.topics[0]!.id;
    // A month of articles ranked as the built-in engine ranks them (0.69-0.81): the bar is their top 5%.
    const past = Date.now() - 3 * 86_400_000;
    for (let i = 0; i < 40; i++) await kit.publish(reader.userId, topicId, { finalRank: 0.69 + (0.12 * i) / 39, publishedAt: new Date(past + i * 60_000) });
    const [one, two, three, four] = [await kit.story(reader.userId), await kit.story(reader.userId), await kit.story(reader.userId), await kit.story(reader.userId)];

    const first = await kit.publish(reader.userId, topicId, { title: 'Fed raises the target range', finalRank: 0.85, storyId: one });
    const results = await Promise.all([sendAlert(stage(), first), sendAlert(stage(), first)]);
    expect(results.sort()).toEqual(['already', 'sent']);
    expect(await decisionOf(first)).toMatchObject({ decision: 'sent', reason: 'top_rank', basis: 'user', sample: 40 });
    const mails = await herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, reader.email), eq(outboxEmails.template, 'breaking-alert')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Herald breaking: Fed raises the target range');
    expect(mails[0]!.text).toContain(`/a/${first}`);
    // "More like this" / "Less like this" open the article, which applies the judgement there.
    expect(mails[0]!.text).toContain(`Less like this: ${herald.config.publicUrl}/a/${first}?judgement=less`);
    expect(mails[0]!.text).not.toMatch(/\[\d+\]/);

    // A typical article of the day: not breaking, whatever the old constant bar said.
    const ordinary = await kit.publish(reader.userId, topicId, { finalRank: 0.75, storyId: two });
    expect(await sendAlert(stage(), ordinary)).toBe('not_breaking');
    // The same story again within 24 h: in the feed and the brief, not in the inbox.
    const followUp = await kit.publish(reader.userId, topicId, { title: 'Markets react to the Fed', finalRank: 0.9, storyId: one });
    expect(await sendAlert(stage(), followUp)).toBe('held');
    expect(await decisionOf(followUp)).toMatchObject({ decision: 'held', reason: 'story', story_event_id: first });
    // Two more stories fill the daily cap of 3; the fourth is held.
    expect(await sendAlert(stage(), await kit.publish(reader.userId, topicId, { finalRank: 0.86, storyId: two }))).toBe('sent');
    expect(await sendAlert(stage(), await kit.publish(reader.userId, topicId, { finalRank: 0.87, storyId: three }))).toBe('sent');
    const capped = await kit.publish(reader.userId, topicId, { title: 'Swap lines extended', finalRank: 0.95, storyId: four });
    expect(await sendAlert(stage(), capped)).toBe('held');
    expect(await decisionOf(capped)).toMatchObject({ reason: 'cap' });
    expect(await herald.database.db.$count(outboxEmails, and(eq(outboxEmails.to, reader.email), eq(outboxEmails.template, 'breaking-alert')))).toBe(3);
    // Only emailed articles wear the Alert badge.
    const feed = (await kit.get('/api/for-you/latest/?per_page=50', reader.access)).json() as { articles: { id: number; alerted: boolean }[] };
    expect(feed.articles.filter((a) => a.alerted)).toHaveLength(3);
    expect(feed.articles.find((a) => a.id === capped)?.alerted).toBe(false);

    // The brief leads with the held-back breaking articles, marked as such.
    expect(await sendBrief(stage(), reader.userId)).toBe('sent');
    const [brief] = await herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, reader.email), eq(outboxEmails.template, 'daily-brief')));
    const lines = brief!.text.split('\n').filter((l) => /^\d+\. /.test(l));
    expect(lines[0]).toBe('1. Breaking: Swap lines extended (Federal Reserve monetary policy)');
    expect(lines[1]).toBe('2. Breaking: Markets react to the Fed (Federal Reserve monetary policy)');
    expect(lines.slice(2).every((l) => !l.includes('Breaking:'))).toBe(true);
  });

  it('waits for the story of a breaking article, never alerts a catch-up article, and respects the switch', async () => {
    const reader = await kit.reader();
    const topicId = reader.topics[0]!.id;
    for (let i = 0; i < 25; i++) await kit.publish(reader.userId, topicId, { finalRank: 0.6 + i * 0.01, publishedAt: new Date(Date.now() - 86_400_000 + i * 1000) });
    const unassigned = await kit.publish(reader.userId, topicId, { finalRank: 0.95 });
    expect(await sendAlert(stage(), unassigned)).toBe('waiting_for_story');
    expect(await decisionOf(unassigned)).toBeNull();
    // No story after the wait: decided without it.
    expect(await sendAlert(stage(), unassigned, new Date(Date.now() + (STORY_WAIT_SECONDS + 1) * 1000))).toBe('sent');

    const catchUp = await kit.publish(reader.userId, topicId, { finalRank: 0.99, storyId: await kit.story(reader.userId) });
    await herald.database.db.update(events).set({ initialization: true }).where(eq(events.id, catchUp));
    expect(await sendAlert(stage(), catchUp)).toBe('not_breaking');
    expect(await decisionOf(catchUp)).toMatchObject({ reason: 'catch_up' });

    await herald.database.db.update(users).set({ alerts: false }).where(eq(users.id, reader.userId));
    const off = await kit.publish(reader.userId, topicId, { finalRank: 0.99, storyId: await kit.story(reader.userId) });
    expect(await sendAlert(stage(), off)).toBe('not_breaking');
    expect(await decisionOf(off)).toMatchObject({ reason: 'alerts_off' });
  });
});
