import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReaderArticle } from '../../contract/feed.js';
import { events } from '../db/schema/index.js';
import type { JobContext } from '../jobs/types.js';
import { feedKit, jobHerald } from '../modules/feed/feed-test-kit.js';
import type { TestHerald } from '../test/harness.js';
import { fillTakeawaysJob } from './fill-takeaways.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
let context: JobContext;
beforeAll(async () => ({ herald, kit, context } = await jobHerald()));
afterAll(async () => herald?.close());

const attempt = { id: 'fill', retryCount: 0, retryLimit: 0 };
const stored = async (id: number) => (await herald.database.db.select({ article: events.article }).from(events).where(eq(events.id, id)))[0]!.article as Record<string, unknown>;

describe('fill-takeaways: articles stored with empty takeaways get them', () => {
  it('fills an empty, a missing and an empty-list takeaway (and the impact an old article lacks), leaves a written one, and changes nothing when run again', async () => {
    const user = await kit.reader();
    const topic = user.topics[0]!.id;
    const [blank, missing, list, kept] = [await kit.publish(user.userId, topic), await kit.publish(user.userId, topic), await kit.publish(user.userId, topic), await kit.publish(user.userId, topic)];
    // As articles written before takeaways were always filled (and before impact assessments) were stored.
    await herald.database.db.execute(sql`UPDATE events SET article = (article - 'impact') || '{"actionable_takeaway": ""}'::jsonb WHERE id = ${blank}`);
    await herald.database.db.execute(sql`UPDATE events SET article = article - 'actionable_takeaway' - 'impact' WHERE id = ${missing}`);
    await herald.database.db.execute(sql`UPDATE events SET article = article || '{"actionable_takeaway": []}'::jsonb WHERE id = ${list}`);

    // Meanwhile the reader is served the article as stored, never a 500.
    const before = await kit.get(`/api/for-you/article/${missing}/`, user.access);
    expect(before.statusCode).toBe(200);
    expect(before.json<TReaderArticle>().impact).toBeNull();

    expect(await fillTakeawaysJob.handler({}, context, attempt)).toEqual({ filled: 3 });
    for (const id of [blank, missing, list]) {
      const article = await stored(id);
      // The feed kit's document: a plain-text report from the Federal Reserve, cited as [1], with no date of its own (not the time it was stored);
      // its byline is all it has, so the impact line stands in.
      expect(article.actionable_takeaway).toMatch(/^Severity \d of 5 for your topic “[^”]+” \((?:low|medium|high) confidence\): .+\.$/);
      expect(article.actionable_takeaway).not.toMatch(/no date/);
      expect(article.impact).toMatchObject({ severity: expect.any(Number), confidence: expect.any(String) });
    }
    expect((await stored(kept)).actionable_takeaway).toBe('Review variable-rate exposure before the next meeting. [1]');

    const after = await kit.get(`/api/for-you/article/${missing}/`, user.access);
    expect(after.statusCode).toBe(200);
    // ... and says it is the impact's own line, which the article page leaves to its impact card.
    expect(after.json<TReaderArticle>()).toMatchObject({ actionable_takeaway: expect.stringMatching(/^Severity \d of 5/), takeaway_basis: 'impact', impact: { severity: expect.any(Number) } });

    const again = await stored(blank);
    expect(await fillTakeawaysJob.handler({}, context, attempt)).toEqual({ filled: 0 });
    expect(await stored(blank)).toEqual(again);
  });

  it('keeps an article whose stored impact is valid, and skips one that cannot be read', async () => {
    const user = await kit.reader();
    const topic = user.topics[0]!.id;
    const withImpact = await kit.publish(user.userId, topic);
    const impact = { why_it_matters: null, severity: 4, confidence: 'medium', severity_basis: 'in the top quarter of your recent articles.', entities: [], horizon: [{ date: '2030-05-01', what: 'The committee meets again on May 1, 2030.', references: [1] }] };
    await herald.database.db.execute(sql`UPDATE events SET article = article || jsonb_build_object('actionable_takeaway', '', 'impact', ${JSON.stringify(impact)}::jsonb) WHERE id = ${withImpact}`);
    const broken = await kit.publish(user.userId, topic, { article: { title: 'Only a title', actionable_takeaway: '', references: 'not a list' } });
    expect(await fillTakeawaysJob.handler({}, context, attempt)).toEqual({ filled: 2 });
    const article = await stored(withImpact);
    expect(article.impact).toEqual(impact);
    expect(article.actionable_takeaway).toMatch(/Watch May 1, 2030: The committee meets again on May 1, 2030\. \[1\]$/);
    // Nothing to cite: what the document is, without a reference, and the impact line.
    expect((await stored(broken)).actionable_takeaway).toMatch(/^Severity \d of 5 for your topic “[^”]+” \((?:low|medium|high) confidence\): .+\.$/);
    expect((await kit.get(`/api/for-you/article/${broken}/`, user.access)).statusCode).toBe(200);
  });

  it("says what a story's report changes against the story's previous article: the figure that moved, dated by the previous one", async () => {
    const user = await kit.reader();
    const topic = user.topics[0]!.id;
    const storyId = await kit.story(user.userId);
    const [before, after] = [await kit.publish(user.userId, topic, { storyId }), await kit.publish(user.userId, topic, { storyId })];
    const texts: [number, string, string][] = [
      [before, '2015-10-28T18:00:00Z', 'The Committee today reaffirmed its view that the current 0 to 1/4 percent target range for the federal funds rate remains appropriate.'],
      [after, '2015-12-16T19:00:00Z', 'The Committee decided to raise the target range for the federal funds rate to 1/4 to 1/2 percent.'],
    ];
    // The documents as a replay stores them: what they are about in metadata, the later one arriving first.
    for (const [id, about, text] of texts) {
      await herald.database.db.execute(sql`UPDATE documents SET text = ${text}, metadata = jsonb_build_object('original_published_at', ${about}::text) FROM events WHERE events.id = ${id} AND documents.id = events.document_id`);
    }
    await herald.database.db.execute(sql`UPDATE events SET article = article || '{"actionable_takeaway": ""}'::jsonb WHERE id IN (${before}, ${after})`);
    await fillTakeawaysJob.handler({}, context, attempt);
    expect((await stored(after)).actionable_takeaway).toContain("The target range for the federal funds rate: 1/4 to 1/2 percent, against 0 to 1/4 percent in the story's last article (Oct 28, 2015). [1]");
    // The story's first report has nothing before it to compare with.
    expect((await stored(before)).actionable_takeaway).not.toMatch(/story's last article/);
  });
});
