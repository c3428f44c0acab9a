import { eq, inArray } from 'drizzle-orm';
import { parseJsonFeed, parseRssFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleOf } from '../../../contract/comment-text.js';
import { BOARD_MESSAGES, BOARD_NAME_MAX, BOARD_NOTE_MAX, BOARD_PAGE_SIZE } from '../../../contract/boards.js';
import { boardItems, inboxItems, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';
import { feedKit } from '../feed/feed-test-kit.js';
import { createTopic } from '../user-topics/topics.js';

let herald: TestHerald;
let accounts: ReturnType<typeof accountKit>;
let feed: ReturnType<typeof feedKit>;
/** One account (owner ADMIN, viewer ADMIN, member, root) and another (outsider, outsiderMember). */
let people: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
/** The owner's article; the member's; root's (read by root alone); the outsider's. */
let ownerArticle: number;
let memberArticle: number;
let rootArticle: number;
let outsiderArticle: number;

beforeAll(async () => {
  herald = await createTestHerald({ PUBLIC_URL: 'https://herald.example.com' });
  accounts = accountKit(herald);
  feed = feedKit(herald);
  people = await accounts.team();
  ownerArticle = await articleOf(people.owner, 'Fed raises the target range');
  memberArticle = await articleOf(people.member, 'Basel endgame revised');
  rootArticle = await articleOf(people.root, 'Root’s own reading');
  outsiderArticle = await articleOf(people.outsider, 'Their own article');
});
afterAll(async () => {
  await herald?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: Person, payload?: unknown) =>
  herald.app!.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${who.access}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

const articleOf = (who: Person, title: string) => feed.articleOnNewTopic(who.id, title);

let named = 0;
async function board(who: Person, visibility: 'account' | 'private' = 'account', name = `Board ${++named}`): Promise<number> {
  const made = await call('POST', '/boards/', who, { name, visibility });
  expect(made.statusCode).toBe(201);
  return made.json().id;
}
const add = (who: Person, boardId: number, articleId: number, note?: string) => call('POST', `/boards/${boardId}/items/`, who, { article_id: articleId, ...(note === undefined ? {} : { note }) });
const pageOf = async (who: Person, boardId: number, before?: number) => (await call('GET', `/boards/${boardId}/${before ? `?before=${before}` : ''}`, who)).json();
const listed = async (who: Person) => ((await call('GET', '/boards/', who)).json().boards as { id: number }[]).map((b) => b.id);
const inboxCount = async () => (await herald.database.db.select().from(inboxItems).where(inArray(inboxItems.userId, Object.values(people).map((p) => p.id)))).length;

describe('boards', () => {
  it('creates, lists, renames and deletes; names are 1–80 characters and unique per account whatever their case', async () => {
    const { owner, member, viewer, outsider } = people;
    const made = await call('POST', '/boards/', member, { name: '  Rates   watch ' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Rates watch', visibility: 'account', owner_name: 'Mo Member', mine: true, can_manage: true, item_count: 0 });
    const id = made.json().id;

    const taken = await call('POST', '/boards/', owner, { name: 'RATES WATCH' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'board_name_taken', error: BOARD_MESSAGES.nameTaken });
    // Another account may use the name.
    expect((await call('POST', '/boards/', outsider, { name: 'Rates watch' })).statusCode).toBe(201);
    for (const name of ['', '   ', 'x'.repeat(BOARD_NAME_MAX + 1)]) {
      const refused = await call('POST', '/boards/', owner, { name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('validation_failed');
    }
    expect((await call('POST', '/boards/', owner, { name: 'x'.repeat(BOARD_NAME_MAX) })).statusCode).toBe(201);
    expect((await call('POST', '/boards/', owner, { name: 'Odd', visibility: 'team' })).statusCode).toBe(400);

    // Listed for the account, seen by the owner as not theirs, manageable by an admin.
    const seenByOwner = (await call('GET', '/boards/', owner)).json().boards.find((b: { id: number }) => b.id === id);
    expect(seenByOwner).toMatchObject({ mine: false, can_manage: true, owner_name: 'Mo Member' });
    expect(await listed(outsider)).not.toContain(id);

    // Renamed by its owner or an admin; not by another member; only its owner makes it private.
    expect((await call('PATCH', `/boards/${id}/`, viewer, { name: 'Rates and banks' })).json()).toMatchObject({ name: 'Rates and banks' });
    const other = await board(owner);
    const notTheirs = await call('PATCH', `/boards/${other}/`, member, { name: 'Mine now' });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'board_not_yours', error: BOARD_MESSAGES.notYours });
    expect((await call('PATCH', `/boards/${id}/`, viewer, { visibility: 'private' })).json().code).toBe('board_not_yours');
    expect((await call('PATCH', `/boards/${id}/`, owner, { name: 'rates AND banks' })).statusCode).toBe(200);
    expect((await call('PATCH', `/boards/${other}/`, owner, { name: 'Rates and banks' })).json().code).toBe('board_name_taken');
    expect((await call('DELETE', `/boards/${other}/`, member)).statusCode).toBe(403);
    expect((await call('DELETE', `/boards/${other}/`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/boards/${other}/`, owner)).statusCode).toBe(404);
  });

  it('adds readable articles with a note, once each (409 board_item_exists); any member edits notes and removes items; newest first, paged; nobody is notified', async () => {
    const { owner, member, viewer, root } = people;
    const id = await board(owner);
    const before = await inboxCount();
    const first = await add(owner, id, ownerArticle, '  Read the second paragraph.  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ board_id: id, note: 'Read the second paragraph.', added_by_name: expect.any(String), added_by_me: true, article: { id: ownerArticle, title: 'Fed raises the target range' } });
    const again = await add(member, id, ownerArticle);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'board_item_exists', error: BOARD_MESSAGES.alreadyOnBoard });
    expect((await add(member, id, memberArticle)).statusCode).toBe(201);
    // Root's article is root's alone: the member cannot add an article they cannot read.
    expect((await add(member, id, rootArticle)).statusCode).toBe(404);
    expect((await add(member, id, rootArticle)).json()).toMatchObject({ code: 'not_found', error: BOARD_MESSAGES.articleNotFound });
    expect((await add(member, id, 987654321)).statusCode).toBe(404);
    expect((await add(member, id, ownerArticle, 'x'.repeat(BOARD_NOTE_MAX + 1))).statusCode).toBe(400);
    expect(await inboxCount()).toBe(before);

    // Everyone in the account reads the board, newest first, and the article through it.
    const seen = await pageOf(viewer, id);
    expect(seen.board).toMatchObject({ id, item_count: 2 });
    expect(seen.items.map((i: { article: { id: number } }) => i.article.id)).toEqual([memberArticle, ownerArticle]);
    expect(seen.items[1]).toMatchObject({ note: 'Read the second paragraph.', added_by_me: false });
    expect(seen.feeds.rss).toMatch(/^https:\/\/herald\.example\.com\/api\/feeds\/[\w-]{54}\/rss\.xml\?board_id=\d+$/);
    expect((await call('GET', `/articles/${ownerArticle}/`, root)).statusCode).toBe(200);
    expect((await call('GET', `/articles/${ownerArticle}/comments/`, root)).statusCode).toBe(200);
    // The picker's mark: which boards hold the article.
    const marks = (await call('GET', `/boards/?article_id=${memberArticle}`, root)).json().boards;
    expect(marks.find((b: { id: number }) => b.id === id)).toMatchObject({ has_article: true, item_count: 2 });

    // Any member edits a note (empty clears it) and removes an item.
    const item = seen.items[1].id;
    const edited = await call('PATCH', `/boards/${id}/items/${item}/`, member, { note: 'Line one\r\nLine two' });
    expect(edited.json()).toMatchObject({ note: 'Line one\nLine two' });
    expect(edited.json().note_updated_at).not.toBeNull();
    expect((await call('PATCH', `/boards/${id}/items/${item}/`, member, { note: '   ' })).json().note).toBeNull();
    expect((await call('PATCH', `/boards/${id}/items/${item}/`, member, { note: 'x'.repeat(BOARD_NOTE_MAX + 1) })).statusCode).toBe(400);
    expect((await call('DELETE', `/boards/${id}/items/${seen.items[0].id}/`, member)).statusCode).toBe(204);
    expect((await call('DELETE', `/boards/${id}/items/${seen.items[0].id}/`, member)).json().error).toBe(BOARD_MESSAGES.itemNotFound);
    expect((await pageOf(owner, id)).items).toHaveLength(1);
    expect(await inboxCount()).toBe(before);

    // Pages of BOARD_PAGE_SIZE: `next_before` leads on; null at the end.
    const many = await feed.publishMany(owner.id, (await createTopic(herald.database.db, owner.id, { name: 'Paging', description: 'Pages.', query: 'pages' })).id, BOARD_PAGE_SIZE + 1);
    for (const article of many) expect((await add(owner, id, article)).statusCode).toBe(201);
    const one = await pageOf(member, id);
    expect(one.items).toHaveLength(BOARD_PAGE_SIZE);
    expect(one.items[0].article.id).toBe(many.at(-1));
    const two = await pageOf(member, id, one.next_before);
    expect(two.items.map((i: { article: { id: number } }) => i.article.id)).toEqual([many[0], ownerArticle]);
    expect(two.next_before).toBeNull();
  });

  it('keeps a private board to its owner: listed, read, filled and fed to nobody else', async () => {
    const { owner, member, viewer } = people;
    const mine = await board(member, 'private');
    const kept = await articleOf(member, 'Kept to myself');
    expect((await add(member, mine, kept, 'For me')).statusCode).toBe(201);
    expect(await listed(owner)).not.toContain(mine);
    for (const other of [owner, viewer]) {
      expect((await call('GET', `/boards/${mine}/`, other)).statusCode).toBe(404);
      expect((await add(other, mine, ownerArticle)).statusCode).toBe(404);
      expect((await call('PATCH', `/boards/${mine}/`, other, { name: 'Taken over' })).statusCode).toBe(404);
      expect((await call('DELETE', `/boards/${mine}/`, other)).statusCode).toBe(404);
    }
    // The member's own article stays theirs: a private board opens it to nobody.
    expect((await call('GET', `/articles/${kept}/`, owner)).statusCode).toBe(404);
    const page = await pageOf(member, mine);
    expect((await herald.app!.inject({ method: 'GET', url: new URL(page.feeds.json).pathname + new URL(page.feeds.json).search })).statusCode).toBe(200);
    const ownersKey = (await pageOf(owner, await board(owner))).feeds.json.replace(/board_id=\d+/, `board_id=${mine}`);
    expect((await herald.app!.inject({ method: 'GET', url: new URL(ownersKey).pathname + new URL(ownersKey).search })).statusCode).toBe(404);
    // Its owner may share it with the account.
    expect((await call('PATCH', `/boards/${mine}/`, member, { visibility: 'account' })).json()).toMatchObject({ visibility: 'account' });
    expect(await listed(owner)).toContain(mine);
  });

  it('answers another account’s members 404 on every call with a guessed id, and never lets them add', async () => {
    const { owner, outsider, outsiderMember } = people;
    const id = await board(owner);
    const item = (await add(owner, id, ownerArticle, 'Ours')).json().id;
    for (const stranger of [outsider, outsiderMember]) {
      const answers = [
        await call('GET', `/boards/${id}/`, stranger),
        await call('PATCH', `/boards/${id}/`, stranger, { name: 'Hijacked' }),
        await call('DELETE', `/boards/${id}/`, stranger),
        await add(stranger, id, outsiderArticle),
        await add(stranger, id, ownerArticle),
        await call('PATCH', `/boards/${id}/items/${item}/`, stranger, { note: 'Hijacked' }),
        await call('DELETE', `/boards/${id}/items/${item}/`, stranger),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json().code).toBe('not_found');
      }
      expect(await listed(stranger)).not.toContain(id);
      // Nor can they read our article, or put it on their own board.
      expect((await call('GET', `/articles/${ownerArticle}/`, stranger)).statusCode).toBe(404);
      expect((await add(stranger, await board(stranger), ownerArticle)).statusCode).toBe(404);
    }
    // Their own board's id under our item, and ours under theirs: not found either way.
    const theirs = await board(outsider);
    expect((await call('PATCH', `/boards/${theirs}/items/${item}/`, outsider, { note: 'x' })).statusCode).toBe(404);
    // The board's feed under a stranger's key: not found.
    const strangersFeed = (await pageOf(outsider, theirs)).feeds.rss.replace(/board_id=\d+/, `board_id=${id}`);
    expect((await herald.app!.inject({ method: 'GET', url: new URL(strangersFeed).pathname + new URL(strangersFeed).search })).statusCode).toBe(404);
    expect((await pageOf(owner, id)).items[0]).toMatchObject({ note: 'Ours' });
    expect((await pageOf(owner, id)).board.name).not.toBe('Hijacked');
  });

  it('keeps a removed member’s items readable to the team under their name; they are told nothing', async () => {
    const { owner, viewer } = people;
    const leaver = await accounts.join(owner, 'MEMBER', { first: 'Lee', last: 'Leaving' });
    const id = await board(owner);
    const theirs = await board(leaver);
    expect((await add(leaver, id, ownerArticle, 'Worth a look')).statusCode).toBe(201);
    await herald.database.db.delete(users).where(eq(users.id, leaver.id));
    const page = await pageOf(viewer, id);
    expect(page.items[0]).toMatchObject({ note: 'Worth a look', added_by_name: 'Lee Leaving', added_by_me: false, article: { id: ownerArticle } });
    // Their shared board stays, managed by an admin.
    expect((await pageOf(viewer, theirs)).board).toMatchObject({ owner_name: 'Lee Leaving', mine: false, can_manage: true });
    expect((await add(viewer, theirs, ownerArticle)).statusCode).toBe(201);
    expect(await herald.database.db.select().from(inboxItems).where(eq(inboxItems.userId, leaver.id))).toHaveLength(0);
    expect(await herald.database.db.select().from(boardItems).where(eq(boardItems.boardId, id))).toHaveLength(1);
  });

  it('lets a comment mention a teammate who reads the article through a board; the board’s readers do not follow its thread', async () => {
    const { owner, root, viewer } = people;
    const article = await articleOf(owner, 'Mentioned on a board');
    const id = await board(owner);
    await add(owner, id, article);
    const handle = handleOf(root.email);
    const found = (await call('GET', `/articles/${article}/comments/mentionable/?q=${encodeURIComponent(handle)}`, owner)).json().teammates;
    expect(found).toEqual([expect.objectContaining({ id: root.id, can_read: true })]);
    await herald.database.db.delete(inboxItems).where(inArray(inboxItems.userId, [root.id, viewer.id]));
    expect((await call('POST', `/articles/${article}/comments/`, owner, { body: `See this @${handle}` })).statusCode).toBe(201);
    expect((await herald.database.db.select().from(inboxItems).where(eq(inboxItems.userId, root.id))).map((i) => i.kind)).toEqual(['mention']);
    expect(await herald.database.db.select().from(inboxItems).where(eq(inboxItems.userId, viewer.id))).toHaveLength(0);
  });

  it('serves a board as RSS and JSON Feed under the reader’s feed key, newest item first, 304 when unchanged', async () => {
    const { owner, member } = people;
    const id = await board(owner, 'account', 'Feed board');
    await add(owner, id, ownerArticle);
    await add(member, id, memberArticle);
    const { feeds } = await pageOf(member, id);
    const get = (url: string, headers: Record<string, string> = {}) => herald.app!.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search, headers });
    const rss = await get(feeds.rss);
    expect(rss.statusCode).toBe(200);
    const parsed = parseRssFeed(rss.body);
    expect(parsed.title).toBe('Herald board: Feed board');
    expect(parsed.items?.map((i) => i.title)).toEqual(['Basel endgame revised', 'Fed raises the target range']);
    const json = parseJsonFeed((await get(feeds.json)).body);
    expect(json.items?.[0]?.url).toBe(`https://herald.example.com/a/${memberArticle}`);
    expect((await get(feeds.rss, { 'if-none-match': rss.headers.etag as string })).statusCode).toBe(304);
    await add(member, id, await articleOf(member, 'Third'));
    expect((await get(feeds.rss, { 'if-none-match': rss.headers.etag as string })).statusCode).toBe(200);
  });
});
