import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleOf } from '../../../contract/comment-text.js';
import { COMMENT_MAX, COMMENT_MESSAGES, COMMENTS_PER_MINUTE, MENTIONS_PER_COMMENT, MENTIONS_PER_MINUTE } from '../../../contract/comments.js';
import { articleCommentMentions, articleComments, inboxItems, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';
import { feedKit } from '../feed/feed-test-kit.js';

let herald: TestHerald;
let accounts: ReturnType<typeof accountKit>;
let feed: ReturnType<typeof feedKit>;
/** One account (owner ADMIN, viewer ADMIN, member, root) and another (outsider, outsiderMember). */
let people: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
/** The owner's article, shared with member and viewer (not with root). */
let shared: number;
/** The outsider's article. */
let theirs: number;

beforeAll(async () => {
  herald = await createTestHerald();
  accounts = accountKit(herald);
  feed = feedKit(herald);
  people = await accounts.team();
  shared = await articleOf(people.owner, 'Fed raises the target range');
  theirs = await articleOf(people.outsider, 'Their own article');
  await share(people.owner, shared, [people.member.id, people.viewer.id]);
  await share(people.outsider, theirs, [people.outsiderMember.id]);
  await clearInboxes();
});
afterAll(async () => {
  await herald?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: Person, payload?: unknown) =>
  herald.app!.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${who.access}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

const articleOf = (who: Person, title: string) => feed.articleOnNewTopic(who.id, title);

async function share(who: Person, article: number, userIds: string[], wholeAccount = false) {
  const answer = await call('POST', `/articles/${article}/shares/`, who, { user_ids: userIds, whole_account: wholeAccount });
  expect(answer.statusCode).toBe(201);
}

async function clearInboxes() {
  const ids = Object.values(people).map((p) => p.id);
  await herald.database.db.delete(inboxItems).where(inArray(inboxItems.userId, ids));
}

const at = (who: Person) => `@${handleOf(who.email)}`;
const post = (who: Person, article: number, body: string) => call('POST', `/articles/${article}/comments/`, who, { body });
const thread = async (who: Person, article = shared) => (await call('GET', `/articles/${article}/comments/`, who)).json();
const itemsOf = (who: Person) => herald.database.db.select().from(inboxItems).where(eq(inboxItems.userId, who.id));

describe('the thread under an article', () => {
  it('posts plain text; a mentioned teammate gets a mention, the other readers a comment, the author nothing; another account’s handle names nobody', async () => {
    const { owner, member, viewer, root, outsider } = people;
    await clearInboxes();
    const text = `  ${at(member)} see https://example.com/a?b=1 <b>bold</b> and ${at(outsider)} ${at(owner)}  `;
    const posted = await post(owner, shared, text);
    expect(posted.statusCode).toBe(201);
    const comment = posted.json();
    expect(comment).toMatchObject({ article_id: shared, mine: true, can_edit: true, can_delete: true, edited_at: null, author_handle: handleOf(owner.email) });
    // Kept as written (trimmed), never as markup; only the teammate is a mention (not the author, not another account).
    expect(comment.body).toBe(text.trim());
    expect(comment.mentions).toEqual([handleOf(member.email)]);

    const [mention] = await itemsOf(member);
    expect(mention).toMatchObject({ kind: 'mention', eventId: shared, commentId: comment.id, actorId: owner.id, body: text.trim() });
    expect(mention!.title).toContain('mentioned you on “Fed raises the target range”');
    expect((await call('GET', '/inbox/?tab=mentions', member)).json().items[0]).toMatchObject({ kind: 'mention', article_id: shared, comment_id: comment.id });
    expect((await itemsOf(viewer)).map((i) => i.kind)).toEqual(['comment']);
    for (const nobody of [owner, root, outsider, people.outsiderMember]) expect(await itemsOf(nobody)).toHaveLength(0);

    // The member answers, naming the owner: the owner is mentioned, the viewer told of a comment, the member nothing.
    const reply = await post(member, shared, `Thanks ${at(owner)}.`);
    expect(reply.json().mentions).toEqual([handleOf(owner.email)]);
    expect((await itemsOf(owner)).map((i) => i.kind)).toEqual(['mention']);
    expect((await itemsOf(viewer)).map((i) => i.kind).sort()).toEqual(['comment', 'comment']);
    expect(await itemsOf(member)).toHaveLength(1);

    // Every reader sees the thread, oldest first, with what each may do: the admin may remove, not edit.
    const seen = await thread(viewer);
    expect(seen.count).toBeGreaterThanOrEqual(2);
    const [first, second] = seen.comments.slice(-2);
    expect(first).toMatchObject({ id: comment.id, mine: false, can_edit: false, can_delete: true });
    expect(second).toMatchObject({ id: reply.json().id, author_name: 'Mo Member', can_edit: false, can_delete: true });
    expect((await thread(member)).comments.at(-2)).toMatchObject({ id: comment.id, can_edit: false, can_delete: false });
    // A teammate the article was not shared with cannot read or post to it.
    expect((await call('GET', `/articles/${shared}/comments/`, root)).statusCode).toBe(404);
    expect((await post(root, shared, 'hello')).statusCode).toBe(404);
  });

  it('refuses to mention a teammate who cannot read the article, writing nothing', async () => {
    const { owner, root } = people;
    const before = (await thread(owner)).count;
    const refused = await post(owner, shared, `Look ${at(root)}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'comment_mention_cannot_read', fields: { body: [COMMENT_MESSAGES.cannotRead] } });
    expect(refused.json().error).toContain('Sam Super');
    expect((await thread(owner)).count).toBe(before);
    expect(await itemsOf(root)).toHaveLength(0);
  });

  it('edits one’s own (new mentions told, dropped ones taken back), deletes one’s own; an admin removes any; nobody edits another’s', async () => {
    const { owner, member, viewer } = people;
    await clearInboxes();
    const mine = (await post(member, shared, `For ${at(owner)}`)).json();
    expect((await itemsOf(owner)).map((i) => i.kind)).toEqual(['mention']);
    const edited = await call('PATCH', `/articles/${shared}/comments/${mine.id}/`, member, { body: `For ${at(viewer)} now` });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: `For ${at(viewer)} now`, mentions: [handleOf(viewer.email)] });
    expect(edited.json().edited_at).not.toBeNull();
    expect(await itemsOf(owner)).toHaveLength(0);
    expect((await itemsOf(viewer)).map((i) => i.kind).sort()).toEqual(['comment', 'mention']);

    // Not the owner's to edit or delete; the member cannot delete the owner's either.
    const theirsToEdit = await call('PATCH', `/articles/${shared}/comments/${mine.id}/`, owner, { body: 'changed' });
    expect(theirsToEdit.statusCode).toBe(403);
    expect(theirsToEdit.json()).toMatchObject({ code: 'comment_not_yours', error: COMMENT_MESSAGES.notYours });
    const ownerComment = (await post(owner, shared, 'Mine alone')).json();
    const notTheirs = await call('DELETE', `/articles/${shared}/comments/${ownerComment.id}/`, member);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().code).toBe('comment_not_yours');
    // The viewer (an admin of the account) removes the member's comment; its notifications go with it.
    expect((await call('DELETE', `/articles/${shared}/comments/${mine.id}/`, viewer)).statusCode).toBe(204);
    expect((await itemsOf(viewer)).filter((i) => i.commentId === mine.id)).toHaveLength(0);
    expect(await herald.database.db.select().from(articleCommentMentions).where(eq(articleCommentMentions.commentId, mine.id))).toHaveLength(0);
    expect((await call('PATCH', `/articles/${shared}/comments/${mine.id}/`, member, { body: 'again' })).statusCode).toBe(404);
    expect((await call('DELETE', `/articles/${shared}/comments/${ownerComment.id}/`, owner)).statusCode).toBe(204);
    expect((await thread(owner)).comments.map((c: { id: number }) => c.id)).not.toContain(ownerComment.id);
  });

  it('keeps a removed member’s comments readable under their name; they are told nothing more', async () => {
    const { owner, viewer } = people;
    const leaver = await accounts.join(owner, 'MEMBER', { first: 'Lee', last: 'Leaving' });
    await share(owner, shared, [leaver.id]);
    const said = (await post(leaver, shared, `Bye ${at(viewer)}`)).json();
    await herald.database.db.delete(users).where(eq(users.id, leaver.id));
    const kept = (await thread(viewer)).comments.find((c: { id: number }) => c.id === said.id);
    expect(kept).toMatchObject({ author_name: 'Lee Leaving', author_handle: null, mine: false, can_edit: false, can_delete: true, body: `Bye ${at(viewer)}` });
    expect((await post(owner, shared, 'After Lee left')).statusCode).toBe(201);
    expect(await herald.database.db.select().from(inboxItems).where(eq(inboxItems.userId, leaver.id))).toHaveLength(0);
  });
});

describe('teammates to mention', () => {
  it('lists the account’s others by handle or name prefix, with whether they can read the article; never another account, never oneself', async () => {
    const { owner, member, root, outsider } = people;
    const byHandle = (await call('GET', `/articles/${shared}/comments/mentionable/?q=${encodeURIComponent(handleOf(member.email))}`, owner)).json();
    expect(byHandle.teammates).toEqual([{ id: member.id, name: 'Mo Member', handle: handleOf(member.email), can_read: true }]);
    const byName = (await call('GET', `/articles/${shared}/comments/mentionable/?q=sam`, owner)).json();
    expect(byName.teammates).toEqual([expect.objectContaining({ id: root.id, can_read: false })]);
    expect((await call('GET', `/articles/${shared}/comments/mentionable/?q=${handleOf(outsider.email)}`, owner)).json().teammates).toEqual([]);
    const all = (await call('GET', `/articles/${shared}/comments/mentionable/`, owner)).json().teammates as { id: string }[];
    expect(all.map((t) => t.id)).not.toContain(owner.id);
    expect(all.map((t) => t.id)).not.toContain(outsider.id);
    expect((await call('GET', `/articles/${shared}/comments/mentionable/?q=%25`, owner)).json().teammates).toEqual([]);
    expect((await call('GET', `/articles/${shared}/comments/mentionable/?q=${'a'.repeat(65)}`, owner)).json().code).toBe('validation_failed');
  });
});

describe('tenancy', () => {
  it('another account can neither read, guess, post to, edit nor delete a thread or its comments: not found, as for articles', async () => {
    const { owner, member, outsider, outsiderMember } = people;
    const comment = (await post(member, shared, 'Inside the team')).json();
    const foreign = (await post(outsider, theirs, `Ours ${at(outsiderMember)}`)).json();
    expect(foreign.mentions).toEqual([handleOf(outsiderMember.email)]);
    const attempts: [Method, string, unknown?][] = [
      ['GET', `/articles/${shared}/comments/`],
      ['GET', `/articles/${shared}/comments/mentionable/?q=`],
      ['POST', `/articles/${shared}/comments/`, { body: 'hi' }],
      ['PATCH', `/articles/${shared}/comments/${comment.id}/`, { body: 'mine now' }],
      ['DELETE', `/articles/${shared}/comments/${comment.id}/`],
      // Their own article's path with our comment's id: not in that thread.
      ['PATCH', `/articles/${theirs}/comments/${comment.id}/`, { body: 'mine now' }],
      ['DELETE', `/articles/${theirs}/comments/${comment.id}/`],
      ['DELETE', `/articles/${shared}/comments/99999999999/`],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(method, url, outsider, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().code).toBe('not_found');
    }
    // And the other way: the owner (an admin) cannot touch the outsider's thread.
    for (const [method, url, body] of [
      ['GET', `/articles/${theirs}/comments/`],
      ['POST', `/articles/${theirs}/comments/`, { body: 'hi' }],
      ['DELETE', `/articles/${theirs}/comments/${foreign.id}/`],
      ['DELETE', `/articles/${shared}/comments/${foreign.id}/`],
    ] as [Method, string, unknown?][]) {
      expect((await call(method, url, owner, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await herald.database.db.select().from(articleComments).where(eq(articleComments.id, comment.id));
    expect(row!.body).toBe('Inside the team');
    expect((await herald.app!.inject({ method: 'GET', url: `/api/articles/${shared}/comments/` })).statusCode).toBe(401);
    // A personal API token reads the feed, not the team's threads: sessions only.
    const made = await call('POST', '/me/tokens/', member, { name: 'Script', scopes: ['feed:read'], expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    const byToken = await herald.app!.inject({ method: 'GET', url: `/api/articles/${shared}/comments/`, headers: { authorization: `Bearer ${made.json().token}` } });
    expect(byToken.statusCode).toBe(403);
  });
});

describe('bad input and limits', () => {
  it('answers bad input in its own words', async () => {
    const { owner } = people;
    for (const [method, url, body, field] of [
      ['POST', `/articles/${shared}/comments/`, { body: '   ' }, 'body'],
      ['POST', `/articles/${shared}/comments/`, { body: 'x'.repeat(COMMENT_MAX + 1) }, 'body'],
      ['POST', `/articles/${shared}/comments/`, { body: 'hi', html: '<b>' }, ''],
      ['POST', `/articles/${shared}/comments/`, {}, 'body'],
      ['POST', `/articles/abc/comments/`, { body: 'hi' }, 'id'],
      ['PATCH', `/articles/${shared}/comments/x/`, { body: 'hi' }, 'comment'],
    ] as [Method, string, unknown, string][]) {
      const answer = await call(method, url, owner, body);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
      if (field) expect(Object.keys(answer.json().fields)).toContain(field);
    }
    expect((await post(owner, shared, '   ')).json().fields.body).toEqual([COMMENT_MESSAGES.empty]);
    expect((await call('GET', '/articles/99999999999/comments/', owner)).json()).toMatchObject({ code: 'not_found', error: COMMENT_MESSAGES.articleNotFound });
  });

  it('limits mentions per comment and per minute, and comments per minute', async () => {
    const { owner } = people;
    const [account] = await herald.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, owner.id));
    const crowd = await herald.database.db
      .insert(users)
      .values(Array.from({ length: MENTIONS_PER_COMMENT + 1 }, (_, i) => ({ accountId: account!.accountId, email: `crowd${i}.${Date.now()}@example.com`, firstName: 'Crowd', lastName: String(i) })))
      .returning({ id: users.id, email: users.email });
    // Two who have written nothing yet this minute: one mentions, one writes.
    const mentioner = await accounts.join(owner, 'MEMBER', { first: 'Max', last: 'Mentions' });
    const writer = await accounts.join(owner, 'MEMBER', { first: 'Rita', last: 'Rapid' });
    const busy = await articleOf(owner, 'A busy article');
    await share(owner, busy, [], true);
    const handles = crowd.map((u) => `@${handleOf(u.email)}`);

    const tooMany = await post(mentioner, busy, handles.join(' '));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'comment_too_many_mentions', error: COMMENT_MESSAGES.tooManyMentions });

    const ten = handles.slice(0, MENTIONS_PER_COMMENT).join(' ');
    for (let sent = 0; sent + MENTIONS_PER_COMMENT <= MENTIONS_PER_MINUTE; sent += MENTIONS_PER_COMMENT) {
      const ok = await post(mentioner, busy, ten);
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const limited = await post(mentioner, busy, handles.at(-1)!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', error: COMMENT_MESSAGES.mentionsRateLimited });
    expect(limited.headers['retry-after']).toBe('60');
    // Nothing was written for the refused comment.
    expect(await herald.database.db.select().from(inboxItems).where(and(eq(inboxItems.userId, crowd.at(-1)!.id), eq(inboxItems.kind, 'mention')))).toHaveLength(0);
    // A comment without new mentions still goes.
    expect((await post(mentioner, busy, 'No names here')).statusCode).toBe(201);

    let last = 0;
    for (let i = 0; i <= COMMENTS_PER_MINUTE; i++) last = (await post(writer, busy, `Note ${i}`)).statusCode;
    expect(last).toBe(429);
    const again = await post(writer, busy, 'One more');
    expect(again.json().code).toBe('rate_limited');
    expect(again.headers['retry-after']).toBeTruthy();
  });
});
