import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, type TAccountUser } from '../../../contract/accounts.js';
import { accounts, auditLog, invites, users } from '../../db/schema/index.js';
import type { TestHerald } from '../../test/harness.js';
import { accountHerald, accountKit, type Person } from './account-test-kit.js';
import { pngOf } from './test-images.js';

let herald: TestHerald;
let kit: ReturnType<typeof accountKit>;
let team: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
beforeAll(async () => {
  herald = await accountHerald();
  kit = accountKit(herald);
  team = await kit.team();
});
afterAll(async () => herald?.close());

const accountOf = async (person: Person) => (await herald.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, person.id)))[0]!.accountId;
const usersOf = async (person: Person) => (await kit.call('GET', '/api/a/users/', person.access)).json().results as TAccountUser[];

describe('GET /a/info/ and POST /a/update-info/', () => {
  it('shows the account with can_edit for each role; MEMBERs are turned away with the spec sentence', async () => {
    const info = (person: Person) => kit.call('GET', '/api/a/info/', person.access);
    expect((await info(team.owner)).json()).toEqual({ name: 'Ada Lovelace', company: null, logo_url: null, sso_domain: null, can_edit: true });
    expect((await info(team.viewer)).json()).toMatchObject({ name: 'Ada Lovelace', can_edit: false });
    expect((await info(team.root)).json()).toMatchObject({ name: 'Ada Lovelace', can_edit: true });
    const member = await info(team.member);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ code: 'forbidden', error: ACCOUNT_TEXT.adminsOnly });
    expect((await kit.call('GET', '/api/a/info/')).statusCode).toBe(401);
  });

  it('lets an ADMIN with can_edit change name and company, trimmed; an empty company clears it', async () => {
    const owner = await kit.admin();
    const response = await kit.call('POST', '/api/a/update-info/', owner.access, { name: '  Acme Research ', company: ' Acme Ltd ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Acme Research', company: 'Acme Ltd', logo_url: null, sso_domain: null, can_edit: true });
    expect((await kit.call('GET', '/api/me/', owner.access)).json()).toMatchObject({ account_name: 'Acme Research' });
    expect((await kit.call('POST', '/api/a/update-info/', owner.access, { name: 'Acme', company: '' })).json()).toMatchObject({ name: 'Acme', company: null });
  });

  it('refuses a blank name and unknown fields, changing nothing', async () => {
    const owner = await kit.admin();
    const blank = await kit.call('POST', '/api/a/update-info/', owner.access, { name: '   ', company: 'X' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'validation_failed', fields: { name: ['Name is required'] } });
    expect((await kit.call('POST', '/api/a/update-info/', owner.access, { name: 'X', account_id: team.owner.id })).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/a/info/', owner.access)).json().name).toBe('Ada Lovelace');
  });

  it('refuses an ADMIN without can_edit and a MEMBER; a superuser may edit', async () => {
    const viewer = await kit.call('POST', '/api/a/update-info/', team.viewer.access, { name: 'Hijacked' });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ code: 'account_read_only', error: ACCOUNT_ERRORS.readOnly });
    expect((await kit.call('POST', '/api/a/update-info/', team.member.access, { name: 'Hijacked' })).statusCode).toBe(403);
    const root = await kit.call('POST', '/api/a/update-info/', team.root.access, { name: 'Ada Lovelace', company: 'Analytical Engines' });
    expect(root.statusCode).toBe(200);
    expect(root.json()).toMatchObject({ company: 'Analytical Engines' });
  });
});

describe('GET /a/users/', () => {
  it('lists the account’s users with role, status and can_edit, and invited people as INVITED rows', async () => {
    await kit.call('POST', '/api/a/send-invite/', team.owner.access, { first_name: 'Ivy', last_name: 'Invited', email: 'ivy.listed@example.com', role: 'ADMIN' });
    const response = await kit.call('GET', '/api/a/users/', team.viewer.access);
    expect(response.statusCode).toBe(200);
    const { results, count } = response.json() as { results: TAccountUser[]; count: number };
    expect(count).toBe(results.length);
    const byEmail = Object.fromEntries(results.map((row) => [row.email, row]));
    expect(byEmail[team.owner.email]).toMatchObject({ id: team.owner.id, first_name: 'Ada', role: 'ADMIN', status: 'ACTIVE', can_edit: true, invite_info: null });
    expect(byEmail[team.viewer.email]).toMatchObject({ role: 'ADMIN', status: 'ACTIVE', can_edit: false });
    expect(byEmail[team.member.email]).toMatchObject({ role: 'MEMBER', status: 'ACTIVE', can_edit: false });
    expect(byEmail[team.root.email]).toMatchObject({ role: 'MEMBER', can_edit: true });
    const ivy = byEmail['ivy.listed@example.com']!;
    expect(ivy).toMatchObject({ first_name: 'Ivy', last_name: 'Invited', role: 'ADMIN', status: 'INVITED' });
    expect(ivy.invite_info).toMatchObject({ expired: false, invited_by: 'Ada Lovelace' });
    expect(new Date(ivy.invite_info!.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // ACTIVE rows come before INVITED ones.
    expect(results.findIndex((row) => row.status === 'INVITED')).toBeGreaterThan(results.findLastIndex((row) => row.status === 'ACTIVE'));
  });

  it('shows the profile’s city and country as location when no location was given', async () => {
    const owner = await kit.admin();
    await herald.database.db.update(users).set({ city: 'Oslo', country: 'Norway', title: 'Analyst' }).where(eq(users.id, owner.id));
    expect((await usersOf(owner))[0]).toMatchObject({ location: 'Oslo, Norway', title: 'Analyst' });
  });

  it('is refused to MEMBERs and shows nothing of another account', async () => {
    expect((await kit.call('GET', '/api/a/users/', team.member.access)).statusCode).toBe(403);
    const outsiders = await usersOf(team.outsider);
    expect(outsiders.map((row) => row.email).sort()).toEqual([team.outsider.email, team.outsiderMember.email].sort());
  });
});

describe('POST /a/update-user/', () => {
  it('changes another user’s role and editing right, and an open invitation’s role', async () => {
    const owner = await kit.admin();
    const other = await kit.join(owner, 'MEMBER');
    const promote = await kit.call('POST', '/api/a/update-user/', owner.access, { user_id: other.id, role: 'ADMIN' });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().user).toMatchObject({ id: other.id, role: 'ADMIN', can_edit: true });
    expect((await kit.call('GET', '/api/a/info/', other.access)).json().can_edit).toBe(true);
    const readOnly = await kit.call('POST', '/api/a/update-user/', owner.access, { user_id: other.id, can_edit: false });
    expect(readOnly.json().user).toMatchObject({ role: 'ADMIN', can_edit: false });
    expect((await kit.call('POST', '/api/a/update-info/', other.access, { name: 'Nope' })).statusCode).toBe(403);

    const sent = await kit.call('POST', '/api/a/send-invite/', owner.access, { first_name: 'In', last_name: 'Vitee', email: kit.newEmail(), role: 'MEMBER' });
    const inviteId = sent.json().user.id as string;
    const invite = await kit.call('POST', '/api/a/update-user/', owner.access, { user_id: inviteId, role: 'ADMIN' });
    expect(invite.json().user).toMatchObject({ id: inviteId, status: 'INVITED', role: 'ADMIN' });
    expect((await herald.database.db.select({ role: invites.role }).from(invites).where(eq(invites.id, inviteId)))[0]!.role).toBe('ADMIN');
  });

  it('refuses changing one’s own role, MEMBERs, read-only ADMINs and users of another account', async () => {
    const self = await kit.call('POST', '/api/a/update-user/', team.owner.access, { user_id: team.owner.id, role: 'MEMBER' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'cannot_change_self' });
    expect((await kit.call('POST', '/api/a/update-user/', team.member.access, { user_id: team.member.id, role: 'ADMIN' })).statusCode).toBe(403);
    expect((await kit.call('POST', '/api/a/update-user/', team.member.access, { user_id: team.owner.id, role: 'MEMBER' })).statusCode).toBe(403);
    expect((await kit.call('POST', '/api/a/update-user/', team.viewer.access, { user_id: team.member.id, role: 'ADMIN' })).statusCode).toBe(403);
    const cross = await kit.call('POST', '/api/a/update-user/', team.outsider.access, { user_id: team.member.id, role: 'ADMIN' });
    expect(cross.statusCode).toBe(404);
    const [member] = await herald.database.db.select({ role: users.role }).from(users).where(eq(users.id, team.member.id));
    expect(member!.role).toBe('MEMBER');
    expect((await kit.call('POST', '/api/a/update-user/', team.owner.access, { user_id: team.member.id })).statusCode).toBe(400);
  });
});

describe('POST /a/preview/{user_id}/', () => {
  it('lets an ADMIN who is not a superuser preview a user of their account, read-only, and audits the start', async () => {
    const response = await kit.call('POST', `/api/a/preview/${team.member.id}/`, team.viewer.access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: team.member.id, email: team.member.email, first_name: 'Mo' });
    const rows = await herald.database.db.select().from(auditLog).where(eq(auditLog.actorId, team.viewer.id));
    expect(rows).toEqual([expect.objectContaining({ subjectUserId: team.member.id, action: 'preview_start', path: `/api/a/preview/${team.member.id}/` })]);
    // The preview's later reads carry user_id; changes are refused.
    expect((await kit.call('GET', `/api/me/?user_id=${team.member.id}`, team.viewer.access)).json().id).toBe(team.member.id);
    const write = await herald.app!.inject({ method: 'PATCH', url: `/api/me/models/?user_id=${team.member.id}`, headers: { authorization: `Bearer ${team.viewer.access}` }, payload: { qa_model: 'builtin' } });
    expect(write.statusCode).toBe(403);
    // Each read made as the member is on the record, server side, whatever the client called first.
    const after = await herald.database.db.select().from(auditLog).where(eq(auditLog.actorId, team.viewer.id));
    expect(after.filter((r) => r.action === 'view_as_user')).toEqual([expect.objectContaining({ subjectUserId: team.member.id, method: 'GET', path: '/api/me/' })]);
  });

  it('audits a superuser’s start as impersonation', async () => {
    expect((await kit.call('POST', `/api/a/preview/${team.outsiderMember.id}/`, team.root.access)).statusCode).toBe(200);
    const [row] = await herald.database.db.select().from(auditLog).where(eq(auditLog.actorId, team.root.id));
    expect(row).toMatchObject({ action: 'impersonation_start', subjectUserId: team.outsiderMember.id });
  });

  it('refuses MEMBERs, users of another account, a lone admin, oneself and unknown ids, auditing nothing', async () => {
    const before = (await herald.database.db.select().from(auditLog)).length;
    expect((await kit.call('POST', `/api/a/preview/${team.owner.id}/`, team.member.access)).statusCode).toBe(403);
    const cross = await kit.call('POST', `/api/a/preview/${team.member.id}/`, team.outsider.access);
    expect(cross.statusCode).toBe(404);
    expect(cross.body).not.toContain(team.member.email);
    const lone = await kit.admin();
    expect((await kit.call('POST', `/api/a/preview/${team.member.id}/`, lone.access)).statusCode).toBe(403);
    expect((await kit.call('POST', `/api/a/preview/${team.owner.id}/`, team.owner.access)).json()).toMatchObject({ code: 'preview_self' });
    expect((await kit.call('POST', '/api/a/preview/00000000-0000-4000-8000-000000000000/', team.owner.access)).statusCode).toBe(404);
    expect((await kit.call('POST', '/api/a/preview/not-a-uuid/', team.owner.access)).statusCode).toBe(400);
    expect((await herald.database.db.select().from(auditLog)).length).toBe(before);
  });
});

describe('the role matrix on every account call', () => {
  /** Expected status per caller; the outsider's calls must never touch the first account. */
  it('admits each role exactly as the spec says', async () => {
    const [invite] = await herald.database.db.insert(invites).values({ accountId: await accountOf(team.owner), email: 'matrix@example.com', tokenHash: 'matrix', expiresAt: new Date(Date.now() + 86_400_000) }).returning();
    const png = await pngOf(32, 32);
    const upload = (person: Person | undefined) =>
      herald.app!.inject({
        method: 'POST',
        url: '/api/a/upload-logo/',
        headers: { ...(person ? { authorization: `Bearer ${person.access}` } : {}), 'content-type': 'multipart/form-data; boundary=X' },
        payload: Buffer.concat([Buffer.from('--X\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n'), png, Buffer.from('\r\n--X--\r\n')]),
      });
    const calls: [string, (person: Person | undefined) => Promise<{ statusCode: number }>][] = [
      ['info', (p) => kit.call('GET', '/api/a/info/', p?.access)],
      ['users', (p) => kit.call('GET', '/api/a/users/', p?.access)],
      ['update-info', (p) => kit.call('POST', '/api/a/update-info/', p?.access, { name: 'Ada Lovelace' })],
      ['send-invite', (p) => kit.call('POST', '/api/a/send-invite/', p?.access, { first_name: 'M', last_name: 'X', email: kit.newEmail(), role: 'MEMBER' })],
      ['csv', (p) => kit.call('POST', '/api/a/send-invites-csv/', p?.access, { file_name: 'team.csv', file_content: `email\n${kit.newEmail()}\n` })],
      ['resend', (p) => kit.call('POST', '/api/a/resend-invite/', p?.access, { user_id: invite!.id })],
      ['upload-logo', upload],
      ['delete-logo', (p) => kit.call('DELETE', '/api/a/delete-logo/', p?.access)],
    ];
    const expected: Record<string, Record<string, number>> = {
      anonymous: { info: 401, users: 401, 'update-info': 401, 'send-invite': 401, csv: 401, resend: 401, 'upload-logo': 401, 'delete-logo': 401 },
      member: { info: 403, users: 403, 'update-info': 403, 'send-invite': 403, csv: 403, resend: 403, 'upload-logo': 403, 'delete-logo': 403 },
      viewer: { info: 200, users: 200, 'update-info': 403, 'send-invite': 403, csv: 403, resend: 403, 'upload-logo': 403, 'delete-logo': 403 },
      owner: { info: 200, users: 200, 'update-info': 200, 'send-invite': 201, csv: 200, resend: 200, 'upload-logo': 200, 'delete-logo': 200 },
      root: { info: 200, users: 200, 'update-info': 200, 'send-invite': 201, csv: 200, resend: 200, 'upload-logo': 200, 'delete-logo': 200 },
      // The outsider acts on their own account: the first account's invitation is not found.
      outsider: { info: 200, users: 200, 'update-info': 200, 'send-invite': 201, csv: 200, resend: 404, 'upload-logo': 200, 'delete-logo': 200 },
    };
    const people: Record<string, Person | undefined> = { anonymous: undefined, member: team.member, viewer: team.viewer, owner: team.owner, root: team.root, outsider: team.outsider };
    const actual: Record<string, Record<string, number>> = {};
    for (const [who, person] of Object.entries(people)) {
      actual[who] = {};
      for (const [name, run] of calls) actual[who][name] = (await run(person)).statusCode;
    }
    expect(actual).toEqual(expected);
  });

  it('keeps every account’s data to itself whatever the outsider does', async () => {
    const first = await accountOf(team.owner);
    await kit.call('POST', '/api/a/update-info/', team.outsider.access, { name: 'Outsider Inc' });
    const [account] = await herald.database.db.select().from(accounts).where(eq(accounts.id, first));
    expect(account!.name).toBe('Ada Lovelace');
    const outsiderView = JSON.stringify([(await kit.call('GET', '/api/a/info/', team.outsider.access)).json(), await usersOf(team.outsider)]);
    for (const person of [team.owner, team.viewer, team.member, team.root]) expect(outsiderView).not.toContain(person.email);
    expect(outsiderView).not.toContain('matrix@example.com');
    // The invitations the outsider sent went to their own account.
    const theirs = await herald.database.db.select({ accountId: invites.accountId }).from(invites).where(eq(invites.invitedBy, team.outsider.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.accountId !== first)).toBe(true);
  });
});
