import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';
import { createInvite } from '../auth/invites.js';

export interface Person {
  id: string;
  email: string;
  access: string;
}

/** A test Herald whose uploads go to a temporary DATA_DIR, removed on close. */
export async function accountHerald(): Promise<TestHerald & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'herald-accounts-'));
  const herald = await createTestHerald({ DATA_DIR: dataDir });
  return {
    ...herald,
    dataDir,
    async close() {
      await herald.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Helpers for account API tests: people in each role of one account, and calls as them. */
export function accountKit(herald: TestHerald) {
  const kit = authKit(herald);
  const { db } = herald.database;
  const app = herald.app!;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  const idOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  /** A newly registered user: the ADMIN of a new account. */
  async function admin(): Promise<Person> {
    const { email, access } = await kit.signedIn();
    return { id: await idOf(email), email, access };
  }

  /** Someone who joined `inviter`'s account by invitation with `role`. */
  async function join(inviter: Person, role: 'ADMIN' | 'MEMBER', names = { first: 'Grace', last: 'Hopper' }): Promise<Person> {
    const [row] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, inviter.id));
    const email = kit.newEmail();
    const token = await createInvite(db, { accountId: row!.accountId, invitedBy: inviter.id, email, role });
    const response = await kit.post('/api/auth/register/', { first_name: names.first, last_name: names.last, email, password: kit.PASSWORD, invite_token: token });
    if (response.statusCode !== 201) throw new Error(`join failed: ${response.body}`);
    return { id: await idOf(email), email, access: (response.json() as { access: string }).access };
  }

  /**
   * One account with an ADMIN, an ADMIN without can_edit, a MEMBER and a superuser (role MEMBER),
   * and a second account with its own ADMIN and MEMBER.
   */
  async function team() {
    const owner = await admin();
    const viewer = await join(owner, 'ADMIN', { first: 'Vera', last: 'Viewer' });
    await db.update(users).set({ canEditAccount: false }).where(eq(users.id, viewer.id));
    const member = await join(owner, 'MEMBER', { first: 'Mo', last: 'Member' });
    const root = await join(owner, 'MEMBER', { first: 'Sam', last: 'Super' });
    await db.update(users).set({ isSuperuser: true }).where(eq(users.id, root.id));
    const outsider = await admin();
    const outsiderMember = await join(outsider, 'MEMBER', { first: 'Otto', last: 'Outside' });
    return { owner, viewer, member, root, outsider, outsiderMember };
  }

  return { ...kit, call, idOf, admin, join, team };
}
