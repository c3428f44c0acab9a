import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, feedback, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';
import { feedKit } from '../feed/feed-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
beforeAll(async () => {
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'root-users@example.com' });
  kit = authKit(herald);
});
afterAll(async () => herald?.close());

const idOf = async (email: string) => (await herald.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
  herald.app!.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** An ADMIN with a MEMBER in the same account, and an outsider in another account. */
async function team() {
  const admin = await kit.signedIn();
  const member = await kit.signedIn();
  const outsider = await kit.signedIn();
  const adminId = await idOf(admin.email);
  const memberId = await idOf(member.email);
  const [adminRow] = await herald.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, adminId));
  await herald.database.db.update(users).set({ accountId: adminRow!.accountId, role: 'MEMBER' }).where(eq(users.id, memberId));
  return { admin, adminId, member, memberId, outsider, outsiderId: await idOf(outsider.email) };
}

describe('viewing as another user', () => {
  it('lets an admin of a multi-user account preview its members read-only, never another account', async () => {
    const t = await team();
    const me = (await inject('GET', '/api/me/', t.admin.access)).json();
    expect(me.account_count).toBe(2);
    const preview = await inject('GET', `/api/me/?user_id=${t.memberId}`, t.admin.access);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().email).toBe(t.member.email);
    // Another account's user: not found, whatever id is sent.
    expect((await inject('GET', `/api/me/?user_id=${t.outsiderId}`, t.admin.access)).statusCode).toBe(404);
    // Read-only: a change for the member is refused and nothing changes.
    const write = await inject('PATCH', `/api/me/models/?user_id=${t.memberId}`, t.admin.access, { qa_model: 'builtin' });
    expect(write.statusCode).toBe(403);
    expect((await inject('GET', `/api/me/?user_id=${t.memberId}`, t.admin.access)).json().qa_model).not.toBe('builtin');
    // Feedback is a change too: the admin cannot post it in the member's name.
    expect((await inject('POST', `/api/feedback/?user_id=${t.memberId}`, t.admin.access, { text: 'Posted as Mo' })).statusCode).toBe(403);
    expect(await herald.database.db.$count(feedback, eq(feedback.userId, t.memberId))).toBe(0);
  });

  it('refuses members and admins of single-user accounts', async () => {
    const t = await team();
    expect((await inject('GET', `/api/me/?user_id=${t.adminId}`, t.member.access)).statusCode).toBe(403);
    expect((await inject('GET', `/api/me/?user_id=${t.adminId}`, t.outsider.access)).statusCode).toBe(403);
    expect((await inject('GET', '/api/me/?user_id=not-a-uuid', t.admin.access)).statusCode).toBe(400);
  });

  it('lets a superuser act as anyone and audits each change with both identities', async () => {
    const root = await kit.signedIn('root-users@example.com');
    const rootId = await idOf('root-users@example.com');
    const t = await team();
    const write = await inject('PATCH', `/api/me/models/?user_id=${t.outsiderId}`, root.access, { qa_model: 'builtin' });
    expect(write.statusCode).toBe(200);
    const rows = await herald.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, rootId), eq(auditLog.subjectUserId, t.outsiderId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'act_as_user', method: 'PATCH', path: '/api/me/models/' });
    expect((await inject('GET', `/api/me/?user_id=00000000-0000-4000-8000-000000000000`, root.access)).statusCode).toBe(404);
  });
});

describe('GET /users/', () => {
  it('lists and searches users for superusers only', async () => {
    const root = await kit.signedIn('root-users-2@example.com');
    await herald.database.db.update(users).set({ isSuperuser: true }).where(eq(users.email, 'root-users-2@example.com'));
    const target = await kit.signedIn();
    await herald.database.db.update(users).set({ firstName: 'Grace', lastName: 'Hopper', title: 'Rear admiral' }).where(eq(users.email, target.email));
    const all = (await inject('GET', '/api/users/', root.access)).json();
    expect(all.count).toBeGreaterThanOrEqual(2);
    const found = (await inject('GET', '/api/users/?search=grace%20admiral', root.access)).json();
    expect(found.results.map((u: { email: string }) => u.email)).toEqual([target.email]);
    expect(found.results[0]).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', title: 'Rear admiral' });
    // A literal % matches nothing rather than everything.
    expect((await inject('GET', '/api/users/?search=%25', root.access)).json().results).toEqual([]);
    expect((await inject('GET', '/api/users/', target.access)).statusCode).toBe(403);
    expect((await herald.app!.inject({ method: 'GET', url: '/api/users/' })).statusCode).toBe(401);
  });
});

describe('POST /feedback/', () => {
  it('stores the text with the article it is about, only one of the reader’s own; blank text is refused', async () => {
    const feeds = feedKit(herald);
    const user = await feeds.reader();
    const article = await feeds.publish(user.userId, user.topics[0]!.id);
    const ok = await inject('POST', '/api/feedback/', user.access, { text: '  Great brief today  ', article_id: article });
    expect(ok.statusCode).toBe(201);
    const [row] = await herald.database.db.select().from(feedback).where(eq(feedback.id, ok.json().id));
    expect(row).toMatchObject({ text: 'Great brief today', articleId: article, userId: user.userId, actorId: null });
    // Another reader's article, or none at all: 404, nothing stored.
    const other = await feeds.reader();
    const theirs = await inject('POST', '/api/feedback/', other.access, { text: 'Not mine', article_id: article });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'not_found', fields: { article_id: [expect.any(String)] } });
    expect((await inject('POST', '/api/feedback/', other.access, { text: 'Nothing', article_id: 999_999 })).statusCode).toBe(404);
    expect(await herald.database.db.$count(feedback, eq(feedback.userId, other.userId))).toBe(0);
    const blank = await inject('POST', '/api/feedback/', user.access, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'validation_failed', fields: { text: ['Please enter your feedback'] } });
  });

  it('records activity pings', async () => {
    const user = await kit.signedIn();
    expect((await inject('POST', '/api/me/activity/', user.access)).statusCode).toBe(204);
    const [row] = await herald.database.db.select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.email, user.email));
    expect(row!.lastSeenAt).toBeInstanceOf(Date);
  });
});
