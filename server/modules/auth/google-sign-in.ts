import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { GOOGLE_MESSAGES, type TTokenPair } from '../../../contract/auth.js';
import { verifyGoogleToken, type GoogleIdentity } from '../../auth/google.js';
import { sha256 } from '../../auth/secrets.js';
import { startSession } from '../../auth/sessions.js';
import type { AppTx } from '../../db/client.js';
import { accounts, invites, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { notifyTeammateJoined } from '../../inbox/write.js';
import type { AuthContext } from './context.js';

export type GoogleLoginResult =
  | TTokenPair
  | { status: 'pending'; email: string; first_name: string; last_name: string }
  | { status: 'pending-invite'; detail: string };

async function identify(context: AuthContext, token: string): Promise<GoogleIdentity> {
  if (!context.config.google.clientId) throw new AppError(400, 'google_disabled', GOOGLE_MESSAGES.disabled);
  const identity = await verifyGoogleToken(context.config, token);
  if (!identity) throw new AppError(401, 'google_token_invalid', GOOGLE_MESSAGES.invalidToken);
  return identity;
}

/** A known person (by Google subject, or by the verified address) signs in; the address counts as confirmed. */
async function signInExisting(tx: AppTx, context: AuthContext, identity: GoogleIdentity): Promise<TTokenPair | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(or(eq(users.googleSubject, identity.subject), eq(users.email, identity.email)));
  if (!user) return undefined;
  await tx
    .update(users)
    .set({ googleSubject: identity.subject, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, lastLoginAt: sql`now()` })
    .where(eq(users.id, user.id));
  return startSession(tx, context.keys, user);
}

/** POST /auth/google/: tokens for a known person, else what the client should do next. */
export async function googleLogin(context: AuthContext, token: string, inviteToken?: string): Promise<GoogleLoginResult> {
  const identity = await identify(context, token);
  return context.database.db.transaction(async (tx) => {
    const tokens = await signInExisting(tx, context, identity);
    if (tokens) return tokens;
    if (!inviteToken) {
      const [pending] = await tx
        .select({ id: invites.id })
        .from(invites)
        .where(and(eq(invites.email, identity.email), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`)));
      if (pending) return { status: 'pending-invite' as const, detail: GOOGLE_MESSAGES.pendingInvite };
    }
    return { status: 'pending' as const, email: identity.email, first_name: identity.firstName, last_name: identity.lastName };
  });
}

/** POST /auth/register_google/: creates the user (own account, or the invite's) already confirmed. */
export async function googleRegister(context: AuthContext, input: { token: string; first_name: string; last_name: string; invite_token?: string }): Promise<TTokenPair> {
  const identity = await identify(context, input.token);
  return context.database.db.transaction(async (tx) => {
    const existing = await signInExisting(tx, context, identity);
    if (existing) return existing;
    let invite: typeof invites.$inferSelect | undefined;
    if (input.invite_token) {
      [invite] = await tx
        .update(invites)
        .set({ acceptedAt: sql`now()` })
        .where(and(eq(invites.tokenHash, sha256(input.invite_token)), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`), eq(invites.email, identity.email)))
        .returning();
      if (!invite) throw new AppError(400, 'invite_invalid', 'This invitation is not valid for this email address, or it has expired.', { invite_token: ['Invalid invitation'] });
    }
    const accountId = invite?.accountId ?? (await tx.insert(accounts).values({ name: `${input.first_name} ${input.last_name}` }).returning({ id: accounts.id }))[0]!.id;
    const [user] = await tx
      .insert(users)
      .values({
        accountId,
        email: identity.email,
        isSuperuser: context.config.superuserEmails.includes(identity.email),
        passwordHash: null,
        firstName: input.first_name,
        lastName: input.last_name,
        role: invite ? invite.role : 'ADMIN',
        googleSubject: identity.subject,
        emailConfirmedAt: new Date(),
        lastLoginAt: new Date(),
      })
      .returning();
    if (invite) await notifyTeammateJoined(tx, user!.id);
    return startSession(tx, context.keys, user!);
  });
}
