import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { invites, type USER_ROLES } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import { queueEmail } from '../../mail/outbox.js';

export const INVITE_DAYS = 7;

const inviteExpiry = () => new Date(Date.now() + INVITE_DAYS * 24 * 60 * 60 * 1000);

export interface NewInvite {
  accountId: string;
  invitedBy: string | null;
  email: string;
  role: (typeof USER_ROLES)[number];
  firstName?: string;
  lastName?: string;
}

/** Creates an invitation; only the token's hash is stored, the token goes out by email once. */
export async function issueInvite(db: DbOrTx, input: NewInvite): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = inviteExpiry();
  const [row] = await db
    .insert(invites)
    .values({
      accountId: input.accountId,
      invitedBy: input.invitedBy,
      email: input.email.toLowerCase(),
      role: input.role,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      tokenHash: sha256(token),
      expiresAt,
    })
    .returning({ id: invites.id });
  return { id: row!.id, token, expiresAt };
}

/** Creates an invitation and returns its token (registration tests use this directly). */
export async function createInvite(db: DbOrTx, input: NewInvite): Promise<string> {
  return (await issueInvite(db, input)).token;
}

/** A new token and a new expiry for an open invitation: the old token stops working at once. */
export async function renewInvite(db: DbOrTx, inviteId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = inviteExpiry();
  await db.update(invites).set({ tokenHash: sha256(token), expiresAt, createdAt: sql`now()` }).where(eq(invites.id, inviteId));
  return { token, expiresAt };
}

/** The invitation email with its /invite/{token} link, queued in the caller's transaction. */
export async function queueInviteEmail(
  db: DbOrTx,
  publicUrl: string,
  invite: { to: string; inviteeName?: string; inviterName: string; accountName: string; token: string; expiresAt: Date },
): Promise<string> {
  const { to, inviteeName, inviterName, accountName, token, expiresAt } = invite;
  return queueEmail(db, to, 'invite', { inviteeName: inviteeName ?? '', inviterName, accountName, link: `${publicUrl}/invite/${token}`, expiresAt }, { publicUrl });
}
