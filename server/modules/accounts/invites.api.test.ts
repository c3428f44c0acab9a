import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, CSV_INVITE_MAX_ROWS, type TAccountUser, type TCsvInviteReport } from '../../../contract/accounts.js';
import { invites, outboxEmails } from '../../db/schema/index.js';
import type { TestHerald } from '../../test/harness.js';
import { accountHerald, accountKit, type Person } from './account-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof accountKit>;
beforeAll(async () => {
  herald = await accountHerald();
  kit = accountKit(herald);
});
afterAll(async () => herald?.close());

const invite = (by: Person, body: Record<string, unknown>) => kit.call('POST', '/api/a/send-invite/', by.access, body);
const csv = (by: Person, file_content: string, file_name = 'team.csv') => kit.call('POST', '/api/a/send-invites-csv/', by.access, { file_content, file_name });
const rows = async (person: Person) => (await kit.call('GET', '/api/a/users/', person.access)).json().results as TAccountUser[];
const tokenIn = (text: string) => /\/invite\/([\w-]+)/.exec(text)![1]!;
const emailsTo = (to: string) => herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, to), eq(outboxEmails.template, 'invite')));

describe('POST /a/send-invite/', () => {
  it('invites by email; the invitee accepts through registration and appears ACTIVE with the role', async () => {
    const owner = await kit.admin();
    await kit.call('POST', '/api/a/update-info/', owner.access, { name: 'Acme Research' });
    const email = kit.newEmail();
    const response = await invite(owner, { first_name: 'Grace', last_name: 'Hopper', email: `  ${email.toUpperCase()} `, role: 'ADMIN' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ detail: ACCOUNT_TEXT.inviteSent, user: { email, first_name: 'Grace', role: 'ADMIN', status: 'INVITED' } });

    const mail = await kit.lastEmail(email, 'invite');
    expect(mail.subject).toBe('Ada Lovelace invited you to Acme Research on Herald');
    expect(mail.text).toContain(`${herald.config.publicUrl}/invite/`);
    expect(mail.text).toMatch(/The invitation expires on \d{1,2} \w+ \d{4}/);
    const token = tokenIn(mail.text);
    expect((await kit.get(`/api/invite/${token}/`)).json()).toMatchObject({ account: 'Acme Research', email, first_name: 'Grace', last_name: 'Hopper' });

    const joined = await kit.post('/api/auth/register/', { first_name: 'Grace', last_name: 'Hopper', email, password: kit.PASSWORD, invite_token: token });
    expect(joined.statusCode).toBe(201);
    const list = await rows(owner);
    expect(list.filter((row) => row.email === email)).toEqual([expect.objectContaining({ status: 'ACTIVE', role: 'ADMIN', can_edit: true, invite_info: null })]);
    expect((await kit.call('GET', '/api/me/', owner.access)).json().account_count).toBe(2);
  });

  it('refuses an existing member with the spec’s message, and a malformed email', async () => {
    const owner = await kit.admin();
    const member = await kit.join(owner, 'MEMBER');
    const twice = await invite(owner, { first_name: 'A', last_name: 'B', email: member.email.toUpperCase(), role: 'MEMBER' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ code: 'already_member', error: ACCOUNT_TEXT.alreadyMember, fields: { email: [ACCOUNT_TEXT.alreadyMember] } });
    const malformed = await invite(owner, { first_name: 'A', last_name: 'B', email: 'not-an-email', role: 'MEMBER' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation_failed', fields: { email: ['Enter a valid email address'] } });
    const missing = await invite(owner, { first_name: ' ', last_name: 'B', email: kit.newEmail() });
    expect(missing.json()).toMatchObject({ code: 'validation_failed', fields: { first_name: ['First name is required'] } });
    expect((await invite(owner, { first_name: 'A', last_name: 'B', email: kit.newEmail(), role: 'OWNER' })).statusCode).toBe(400);
  });

  it('refuses a second invitation to the same address, and an address of another account’s user', async () => {
    const owner = await kit.admin();
    const email = kit.newEmail();
    expect((await invite(owner, { first_name: 'A', last_name: 'B', email, role: 'MEMBER' })).statusCode).toBe(201);
    const again = await invite(owner, { first_name: 'A', last_name: 'B', email, role: 'ADMIN' });
    expect(again.json()).toMatchObject({ code: 'already_invited', error: ACCOUNT_ERRORS.alreadyInvited });
    expect(await emailsTo(email)).toHaveLength(1);
    const elsewhere = await kit.admin();
    const cross = await invite(owner, { first_name: 'A', last_name: 'B', email: elsewhere.email, role: 'MEMBER' });
    expect(cross.json()).toMatchObject({ code: 'email_in_other_account' });
    // Another account may invite the same address independently.
    expect((await invite(elsewhere, { first_name: 'A', last_name: 'B', email, role: 'MEMBER' })).statusCode).toBe(201);
  });

  it('sends the same email to concurrent duplicate invitations only once', async () => {
    const owner = await kit.admin();
    const email = kit.newEmail();
    const answers = await Promise.all([1, 2, 3].map(() => invite(owner, { first_name: 'A', last_name: 'B', email, role: 'MEMBER' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('POST /a/resend-invite/', () => {
  it('issues a fresh token and expiry; the old link stops working and the new one works', async () => {
    const owner = await kit.admin();
    const email = kit.newEmail();
    const sent = await invite(owner, { first_name: 'Kat', last_name: 'Johnson', email, role: 'MEMBER' });
    const id = sent.json().user.id as string;
    const oldToken = tokenIn((await kit.lastEmail(email, 'invite')).text);
    await herald.database.db.update(invites).set({ expiresAt: new Date(Date.now() + 1000) }).where(eq(invites.id, id));

    const resent = await kit.call('POST', '/api/a/resend-invite/', owner.access, { user_id: id });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ detail: 'Invitation resent to Kat Johnson', user: { id, status: 'INVITED' } });
    expect(new Date(resent.json().user.invite_info.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const mails = await emailsTo(email);
    expect(mails).toHaveLength(2);
    const newToken = tokenIn((await kit.lastEmail(email, 'invite')).text);
    expect(newToken).not.toBe(oldToken);
    expect((await kit.get(`/api/invite/${oldToken}/`)).statusCode).toBe(404);
    const stale = await kit.post('/api/auth/register/', { first_name: 'Kat', last_name: 'Johnson', email, password: kit.PASSWORD, invite_token: oldToken });
    expect(stale.json()).toMatchObject({ code: 'invite_invalid' });
    expect((await kit.get(`/api/invite/${newToken}/`)).statusCode).toBe(200);
  });

  it('renews an expired invitation', async () => {
    const owner = await kit.admin();
    const email = kit.newEmail();
    const id = (await invite(owner, { first_name: 'E', last_name: 'X', email, role: 'MEMBER' })).json().user.id as string;
    await herald.database.db.update(invites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invites.id, id));
    expect((await rows(owner)).find((row) => row.id === id)!.invite_info!.expired).toBe(true);
    const resent = await kit.call('POST', '/api/a/resend-invite/', owner.access, { user_id: id });
    expect(resent.json().user.invite_info.expired).toBe(false);
  });

  it('refuses an accepted invitation, an active user, and ids of another account', async () => {
    const owner = await kit.admin();
    const member = await kit.join(owner, 'MEMBER');
    const [accepted] = await herald.database.db.select({ id: invites.id }).from(invites).where(eq(invites.email, member.email));
    expect((await kit.call('POST', '/api/a/resend-invite/', owner.access, { user_id: accepted!.id })).json()).toMatchObject({ code: 'invite_not_found' });
    expect((await kit.call('POST', '/api/a/resend-invite/', owner.access, { user_id: member.id })).statusCode).toBe(404);
    const email = kit.newEmail();
    const id = (await invite(owner, { first_name: 'E', last_name: 'X', email, role: 'MEMBER' })).json().user.id as string;
    const outsider = await kit.admin();
    const cross = await kit.call('POST', '/api/a/resend-invite/', outsider.access, { user_id: id });
    expect(cross.statusCode).toBe(404);
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('POST /a/send-invites-csv/', () => {
  it('invites the good rows and reports each bad one with its line', async () => {
    const owner = await kit.admin();
    const member = await kit.join(owner, 'MEMBER');
    const [a, b, c] = [kit.newEmail(), kit.newEmail(), kit.newEmail()];
    const file = [
      'First Name,Last Name,E-mail,Role',
      `Ann,Able,${a},admin`,
      `Bob,Baker,${b.toUpperCase()},`,
      'Cy,Crook,not-an-email,member',
      `Dee,Dup,${a},member`,
      `Eve,Exists,${member.email},member`,
      `Fay,Fancy,${c},owner`,
      '"Gil, Jr.",Good,' + `"${c}"` + ',Member',
      ',,,',
      ',No,,member',
    ].join('\r\n');
    const response = await csv(owner, file);
    expect(response.statusCode).toBe(200);
    const report = response.json() as TCsvInviteReport;
    expect(report).toMatchObject({ file_name: 'team.csv', invited: 3, failed: 5 });
    expect(report.rows.map((row) => [row.line, row.status, row.code ?? ''])).toEqual([
      [2, 'invited', ''],
      [3, 'invited', ''],
      [4, 'failed', 'validation_failed'],
      [5, 'failed', 'duplicate_in_file'],
      [6, 'failed', 'already_member'],
      [7, 'failed', 'invalid_role'],
      [8, 'invited', ''],
      [10, 'failed', 'validation_failed'],
    ]);
    expect(report.rows[0]).toMatchObject({ email: a, first_name: 'Ann', last_name: 'Able', role: 'ADMIN' });
    expect(report.rows[6]).toMatchObject({ first_name: 'Gil, Jr.', role: 'MEMBER' });
    expect(report.rows[5]!.error).toBe('Role must be ADMIN or MEMBER');
    const invited = (await rows(owner)).filter((row) => row.status === 'INVITED');
    expect(invited.map((row) => [row.email, row.role]).sort()).toEqual([[a, 'ADMIN'], [b, 'MEMBER'], [c, 'MEMBER']].sort());
    for (const to of [a, b, c]) expect(await emailsTo(to)).toHaveLength(1);
  });

  it('reads a headerless file as first name, last name, email, role, and a "name" column', async () => {
    const owner = await kit.admin();
    const [a, b] = [kit.newEmail(), kit.newEmail()];
    const plain = (await csv(owner, `Ann,Able,${a}\n`)).json() as TCsvInviteReport;
    expect(plain.rows[0]).toMatchObject({ line: 1, first_name: 'Ann', last_name: 'Able', email: a, status: 'invited' });
    const named = (await csv(owner, `Name;Email\nMary Ann Smith;${b}\n`)).json() as TCsvInviteReport;
    expect(named.rows[0]).toMatchObject({ first_name: 'Mary', last_name: 'Ann Smith', status: 'invited' });
  });

  it('refuses files it cannot use as a whole, inviting nobody', async () => {
    const owner = await kit.admin();
    const one = kit.newEmail();
    const refusal = async (content: string, name = 'team.csv') => (await csv(owner, content, name)).json().code as string;
    expect(await refusal(`email\n${one}\n`, 'team.xlsx')).toBe('csv_invalid');
    expect(await refusal('first,last\nAnn,Able\n')).toBe('csv_no_email_column');
    expect(await refusal('email\n')).toBe('csv_empty');
    expect(await refusal('\n\n')).toBe('csv_empty');
    expect(await refusal(`email\n${Array.from({ length: CSV_INVITE_MAX_ROWS + 1 }, (_, i) => `p${i}@example.com`).join('\n')}`)).toBe('csv_too_many_rows');
    expect((await csv(owner, '')).statusCode).toBe(400);
    expect((await rows(owner)).filter((row) => row.status === 'INVITED')).toHaveLength(0);
  });
});
