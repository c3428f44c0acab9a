import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, type TAccountUser } from '../../../contract/accounts.js';
import { users } from '../../db/schema/index.js';
import type { TestHerald } from '../../test/harness.js';
import { accountHerald, accountKit, type Person } from '../accounts/account-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof accountKit>;
let team: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
beforeAll(async () => {
  herald = await accountHerald();
  kit = accountKit(herald);
  team = await kit.team();
});
afterAll(async () => herald?.close());

const billingOf = async (person: Person) => (await herald.database.db.select({ on: users.billingAdmin }).from(users).where(eq(users.id, person.id)))[0]!.on;
const setBilling = (by: Person, user_id: string, billing_admin: boolean) => kit.call('POST', '/api/a/update-user/', by.access, { user_id, billing_admin });

describe('the billing administrator role (POST /a/update-user/ billing_admin)', () => {
  it('is given and taken by an editing ADMIN, shown on the users list and on /me', async () => {
    const given = await setBilling(team.owner, team.member.id, true);
    expect(given.statusCode).toBe(200);
    expect((given.json() as { user: TAccountUser }).user).toMatchObject({ id: team.member.id, role: 'MEMBER', billing_admin: true });
    const rows = (await kit.call('GET', '/api/a/users/', team.owner.access)).json().results as TAccountUser[];
    expect(rows.find((row) => row.id === team.member.id)).toMatchObject({ billing_admin: true, role: 'MEMBER' });
    expect(rows.find((row) => row.id === team.owner.id)).toMatchObject({ billing_admin: false });
    expect((await kit.call('GET', '/api/me/', team.member.access)).json()).toMatchObject({ billing_admin: true, role: 'MEMBER' });
    expect((await setBilling(team.owner, team.member.id, false)).json().user).toMatchObject({ billing_admin: false });
    expect(await billingOf(team.member)).toBe(false);
  });

  it('lets an editing ADMIN take the billing role themselves, but not change their own role with it', async () => {
    const self = await setBilling(team.owner, team.owner.id, true);
    expect(self.statusCode).toBe(200);
    expect(self.json().user).toMatchObject({ billing_admin: true, role: 'ADMIN', can_edit: true });
    const roleToo = await kit.call('POST', '/api/a/update-user/', team.owner.access, { user_id: team.owner.id, billing_admin: false, role: 'MEMBER' });
    expect(roleToo.statusCode).toBe(400);
    expect(roleToo.json()).toMatchObject({ code: 'cannot_change_self' });
    expect(await billingOf(team.owner)).toBe(true);
    await setBilling(team.owner, team.owner.id, false);
  });

  it('is refused to a MEMBER, a billing administrator, an ADMIN without can_edit and another account, changing nothing', async () => {
    const billingMember = await kit.join(team.owner, 'MEMBER', { first: 'Bill', last: 'Payer' });
    expect((await setBilling(team.owner, billingMember.id, true)).statusCode).toBe(200);
    const member = await setBilling(team.member, team.member.id, true);
    expect(member.statusCode).toBe(403);
    expect((await setBilling(billingMember, team.member.id, true)).statusCode).toBe(403);
    const viewer = await setBilling(team.viewer, team.member.id, true);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ code: 'account_read_only' });
    const outsider = await setBilling(team.outsider, team.member.id, true);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ code: 'not_found', error: ACCOUNT_ERRORS.userNotFound });
    expect(await billingOf(team.member)).toBe(false);
    // A superuser of the account may give it.
    expect((await setBilling(team.root, team.member.id, true)).statusCode).toBe(200);
    await setBilling(team.root, team.member.id, false);
  });

  it('is refused for an open invitation, and for bad input, with a clear error', async () => {
    await kit.call('POST', '/api/a/send-invite/', team.owner.access, { first_name: 'Ina', last_name: 'Invited', email: 'ina.billing@example.com' });
    const invited = ((await kit.call('GET', '/api/a/users/', team.owner.access)).json().results as TAccountUser[]).find((row) => row.email === 'ina.billing@example.com')!;
    expect(invited).toMatchObject({ status: 'INVITED', billing_admin: false });
    const refused = await setBilling(team.owner, invited.id, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'billing_admin_invite', error: ACCOUNT_ERRORS.billingInvite, fields: { billing_admin: [ACCOUNT_ERRORS.billingInvite] } });
    const notBoolean = await kit.call('POST', '/api/a/update-user/', team.owner.access, { user_id: team.member.id, billing_admin: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toMatchObject({ code: 'validation_failed' });
    expect(await billingOf(team.member)).toBe(false);
  });
});
