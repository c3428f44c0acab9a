import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_MESSAGES, SHARES_PER_MINUTE } from '../../../contract/inbox.js';
import { events, inboxItems, users } from '../../db/schema/index.js';
import { addInboxItems } from '../../inbox/write.js';
import { sendAlert } from '../../pipeline/alert.js';
import { startFixtureServer, type FixtureServer } from '../../sources/fixture-server.js';
import { MAX_CONSECUTIVE_FAILURES, runSource } from '../../sources/runner.js';
import { addSource } from '../../sources/service.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';
import { feedKit } from '../feed/feed-test-kit.js';
import { createTopic } from '../user-topics/topics.js';

let herald: TestHerald;
let accounts: ReturnType<typeof accountKit>;
let feed: ReturnType<typeof feedKit>;
let server: FixtureServer;
beforeAll(async () => {
  herald = await createTestHerald();
  accounts = accountKit(herald);
  feed = feedKit(herald);
  server = await startFixtureServer([{ path: '/broken.xml', status: 500, body: 'oops' }]);
});
afterAll(async () => {
  await server?.close();
  await herald?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Person, payload?: unknown) =>
  herald.app!.inject({ method, url, headers: { authorization: `Bearer ${who.access}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** An article of `who` (a published event with its topic). */
async function articleOf(who: Person, title = 'Fed raises the target range'): Promise<number> {
  const topic = await createTopic(herald.database.db, who.id, { name: `Monetary policy ${Math.random().toString(36).slice(2, 7)}`, description: 'About rates.', query: 'rates' });
  return feed.publish(who.id, topic.id, { title });
}

/** A team (accountKit) whose inboxes start empty: the join notices its making wrote are tested apart, below. */
async function team() {
  const people = await accounts.team();
  await herald.database.db.delete(inboxItems).where(inArray(inboxItems.userId, Object.values(people).map((p) => p.id)));
  return people;
}

const inbox = async (who: Person, query = '') => (await call('GET', `/api/inbox/${query}`, who)).json();

describe('sharing an article with teammates', () => {
  it('lands in the chosen teammates’ inboxes with the note; they read the article and see who shared it', async () => {
    const { owner, member, viewer } = await team();
    const id = await articleOf(owner);
    const teammates = (await call('GET', '/api/me/teammates/', owner)).json().teammates as { id: string; name: string }[];
    expect(teammates.map((t) => t.name)).toEqual(expect.arrayContaining(['Mo Member', 'Vera Viewer', 'Sam Super']));
    expect(teammates.find((t) => t.id === owner.id)).toBeUndefined();

    // Before the share the member cannot read it: another user's article is not found.
    expect((await call('GET', `/api/for-you/article/${id}/`, member)).statusCode).toBe(404);
    const shared = await call('POST', `/api/articles/${id}/shares/`, owner, { user_ids: [member.id], note: '  Look at the second point.  ' });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ mine: true, note: 'Look at the second point.', recipients: ['Mo Member'], whole_account: false });

    const page = await inbox(member);
    expect(page.counts).toMatchObject({ unread: 1, mentions: 0 });
    expect(page.items[0]).toMatchObject({ kind: 'share', article_id: id, body: 'Look at the second point.', read: false });
    expect(page.items[0].title).toContain('Fed raises the target range');
    expect((await inbox(viewer)).items).toHaveLength(0);

    const article = await call('GET', `/api/for-you/article/${id}/`, member);
    expect(article.statusCode).toBe(200);
    expect(article.json().title).toBe('Fed raises the target range');
    const shares = (await call('GET', `/api/articles/${id}/shares/`, member)).json();
    expect(shares.owned).toBe(false);
    expect(shares.shares).toEqual([expect.objectContaining({ note: 'Look at the second point.', mine: false, recipients: ['Mo Member'] })]);
    expect(shares.shares[0].sharer_name).toMatch(/\S/);
    // The one who was not chosen still cannot read it.
    expect((await call('GET', `/api/for-you/article/${id}/`, viewer)).statusCode).toBe(404);
    expect((await call('GET', `/api/articles/${id}/shares/`, viewer)).statusCode).toBe(404);
  });

  it('shares with the whole account (its members now), and a recipient may share it on', async () => {
    const { owner, member, viewer, root, outsider } = await team();
    const id = await articleOf(owner);
    const shared = await call('POST', `/api/articles/${id}/shares/`, owner, { whole_account: true });
    expect(shared.statusCode).toBe(201);
    expect(shared.json().recipients).toHaveLength(3);
    for (const who of [member, viewer, root]) expect((await inbox(who)).counts.unread).toBe(1);
    expect((await inbox(outsider)).counts.unread).toBe(0);
    const onward = await call('POST', `/api/articles/${id}/shares/`, member, { user_ids: [viewer.id], note: 'Agree with this' });
    expect(onward.statusCode).toBe(201);
    expect((await inbox(viewer)).counts.unread).toBe(2);
  });

  it('refuses a recipient of another account, an article of another account, no recipients, bad input, and too many shares', async () => {
    const { owner, member, outsider, outsiderMember } = await team();
    const id = await articleOf(owner);
    const theirs = await articleOf(outsider);

    const across = await call('POST', `/api/articles/${id}/shares/`, owner, { user_ids: [member.id, outsiderMember.id], note: 'x' });
    expect(across.statusCode).toBe(400);
    expect(across.json()).toMatchObject({ code: 'share_recipient_outside_account', error: INBOX_MESSAGES.recipientOutsideAccount });
    // Nothing was written, not even for the teammate in the same request.
    expect((await inbox(member)).counts.unread).toBe(0);
    expect((await inbox(outsiderMember)).counts.unread).toBe(0);
    // An id that is no user is refused the same way (nothing to learn about other accounts).
    expect((await call('POST', `/api/articles/${id}/shares/`, owner, { user_ids: ['00000000-0000-4000-8000-000000000000'] })).json().code).toBe('share_recipient_outside_account');

    // Another account's article cannot be shared, even into that account.
    const foreign = await call('POST', `/api/articles/${theirs}/shares/`, owner, { user_ids: [outsiderMember.id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found', error: INBOX_MESSAGES.articleNotFound });
    expect((await call('GET', `/api/articles/${theirs}/shares/`, owner)).statusCode).toBe(404);

    const none = await call('POST', `/api/articles/${id}/shares/`, owner, { note: 'to nobody' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'share_no_recipients', error: INBOX_MESSAGES.noRecipients });
    expect((await call('POST', `/api/articles/${id}/shares/`, owner, { user_ids: [owner.id] })).json().code).toBe('share_no_recipients');
    const lonely = await accounts.admin();
    expect((await call('POST', `/api/articles/${await articleOf(lonely)}/shares/`, lonely, { whole_account: true })).json()).toMatchObject({ code: 'share_no_recipients', error: INBOX_MESSAGES.nobodyToShareWith });

    for (const [body, field] of [
      [{ user_ids: ['nope'] }, 'user_ids.0'],
      [{ user_ids: [member.id], note: 'x'.repeat(1001) }, 'note'],
      [{ user_ids: [member.id], extra: 1 }, ''],
      [{ whole_account: 'yes' }, 'whole_account'],
    ] as const) {
      const bad = await call('POST', `/api/articles/${id}/shares/`, owner, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
      if (field) expect(Object.keys(bad.json().fields)).toContain(field);
    }
    expect((await call('POST', `/api/articles/abc/shares/`, owner, { user_ids: [member.id] })).statusCode).toBe(400);
    expect((await call('POST', `/api/articles/99999999999/shares/`, owner, { user_ids: [member.id] })).json().code).toBe('not_found');

    let last = 0;
    for (let i = 0; i <= SHARES_PER_MINUTE; i++) last = (await call('POST', `/api/articles/${id}/shares/`, owner, { user_ids: [member.id] })).statusCode;
    expect(last).toBe(429);
    const limited = await call('POST', `/api/articles/${id}/shares/`, owner, { user_ids: [member.id] });
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeTruthy();
  });
});

describe('the inbox', () => {
  it('pages 25 at a time, marks read and unread, marks all read, archives; counts follow; Mentions has its own', async () => {
    const { owner, member } = await team();
    const items = Array.from({ length: 30 }, (_, i) => ({ userId: member.id, kind: 'member_joined' as const, key: `test:${i}`, title: `Item ${i}` }));
    await addInboxItems(herald.database.db, [...items, { userId: member.id, kind: 'mention', key: 'test:mention', title: 'Mo, see this' }]);
    // Written once per key: a retried writer adds nothing.
    expect(await addInboxItems(herald.database.db, items.slice(0, 3))).toBe(0);

    const first = await inbox(member);
    expect(first.items).toHaveLength(25);
    expect(first.items[0].title).toBe('Mo, see this');
    expect(first.counts).toMatchObject({ unread: 31, mentions: 1 });
    expect(first.counts.latest_id).toBe(first.items[0].id);
    const second = await inbox(member, `?before=${first.next_cursor}`);
    expect(second.items).toHaveLength(6);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((i: { id: number }) => i.id)).size).toBe(31);
    const mentions = await inbox(member, '?tab=mentions');
    expect(mentions.items.map((i: { kind: string }) => i.kind)).toEqual(['mention']);

    const target = first.items[1].id;
    expect((await call('PATCH', `/api/inbox/${target}/`, member, { read: true })).json()).toMatchObject({ id: target, read: true });
    expect((await call('GET', '/api/inbox/counts/', member)).json()).toMatchObject({ unread: 30, mentions: 1 });
    expect((await call('PATCH', `/api/inbox/${target}/`, member, { read: false })).json().read).toBe(false);
    expect((await call('PATCH', `/api/inbox/${target}/`, member, { archived: true })).json().read).toBe(true);
    expect((await inbox(member)).items.find((i: { id: number }) => i.id === target)).toBeUndefined();
    expect((await call('POST', '/api/inbox/read-all/', member, { tab: 'mentions' })).json()).toMatchObject({ unread: 29, mentions: 0 });
    expect((await call('POST', '/api/inbox/read-all/', member, {})).json()).toMatchObject({ unread: 0, mentions: 0 });

    // Another user (same account or not) cannot read, mark or archive them: not found, nothing changed.
    const other = first.items[2].id;
    expect((await call('PATCH', `/api/inbox/${other}/`, member, { read: false })).statusCode).toBe(200);
    for (const who of [owner, (await accounts.admin())]) {
      expect((await inbox(who)).items).toHaveLength(0);
      for (const body of [{ read: true }, { archived: true }]) {
        const refused = await call('PATCH', `/api/inbox/${other}/`, who, body);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ code: 'not_found', error: INBOX_MESSAGES.itemNotFound });
      }
      await call('POST', '/api/inbox/read-all/', who, {});
    }
    expect((await call('GET', '/api/inbox/counts/', member)).json().unread).toBe(1);
  });

  it('answers bad input in its own words, and refuses without a session', async () => {
    const { member } = await team();
    for (const [method, url, body] of [
      ['GET', '/api/inbox/?tab=starred', undefined],
      ['GET', '/api/inbox/?before=abc', undefined],
      ['PATCH', '/api/inbox/1/', {}],
      ['PATCH', '/api/inbox/1/', { archived: false }],
      ['PATCH', '/api/inbox/x/', { read: true }],
      ['POST', '/api/inbox/read-all/', { tab: 'nope' }],
    ] as const) {
      const answer = await call(method, url, member, body);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
    }
    expect((await call('GET', '/api/inbox/?before=abc', member)).json().fields.before).toEqual([INBOX_MESSAGES.cursorInvalid]);
    expect((await herald.app!.inject({ method: 'GET', url: '/api/inbox/counts/' })).statusCode).toBe(401);
  });
});

describe('items written where the events happen', () => {
  it('a breaking alert lands in the reader’s inbox once, in the decision’s transaction, and opens its article', async () => {
    const reader = await feed.reader();
    const topicId = reader.topics[0]!.id;
    for (let i = 0; i < 25; i++) await feed.publish(reader.userId, topicId, { finalRank: 0.6 + i * 0.01, publishedAt: new Date(Date.now() - 86_400_000 + i * 1000) });
    const story = await feed.story(reader.userId);
    const breaking = await feed.publish(reader.userId, topicId, { title: 'Emergency rate cut', finalRank: 0.97, storyId: story });
    const stage = { database: herald.database, search: herald.search, config: herald.config, logger: herald.logger };
    expect((await Promise.all([sendAlert(stage, breaking), sendAlert(stage, breaking)])).sort()).toEqual(['already', 'sent']);
    const rows = await herald.database.db.select().from(inboxItems).where(eq(inboxItems.userId, reader.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'alert', eventId: breaking, topicId, title: 'Emergency rate cut', readAt: null });
    const [event] = await herald.database.db.select({ alertedAt: events.alertedAt }).from(events).where(eq(events.id, breaking));
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(event!.alertedAt!.getTime() - 1000);
  });

  it('a teammate joining tells the others; a source disabled after failures tells the superusers', async () => {
    const { owner, member, root, outsider } = await accounts.team();
    const joined = await accounts.join(owner, 'MEMBER', { first: 'Nina', last: 'New' });
    for (const who of [owner, member, root]) {
      const items = (await inbox(who)).items as { kind: string; title: string }[];
      expect(items.find((i) => i.kind === 'member_joined' && i.title === 'Nina New joined your team')).toBeTruthy();
    }
    expect((await inbox(joined)).items.filter((i: { title: string }) => i.title.startsWith('Nina'))).toHaveLength(0);
    expect((await inbox(outsider)).items.filter((i: { title: string }) => i.title.startsWith('Nina'))).toHaveLength(0);

    const source = await addSource(herald.database.db, { kind: 'feed', name: 'Broken wire', config: { url: `${server.url}/broken.xml` } });
    const fast = { http: { baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 2000, maxRetries: 1 } };
    const context = { database: herald.database, search: herald.search, logger: herald.logger, config: herald.config };
    for (let i = 0; i < MAX_CONSECUTIVE_FAILURES + 1; i++) await runSource(context, source.id, fast);
    const told = await herald.database.db.select().from(inboxItems).where(and(eq(inboxItems.kind, 'source_disabled'), eq(inboxItems.sourceId, source.id)));
    const superusers = await herald.database.db.select({ id: users.id }).from(users).where(eq(users.isSuperuser, true));
    expect(told.map((t) => t.userId).sort()).toEqual(superusers.map((u) => u.id).sort());
    expect(told.map((t) => t.userId)).toContain(root.id);
    expect(told[0]).toMatchObject({ title: 'Source disabled: Broken wire' });
    expect(told[0]!.body).toMatch(/5 failed run\(s\)/);
    expect((await inbox(member)).items.find((i: { kind: string }) => i.kind === 'source_disabled')).toBeUndefined();
  });
});
