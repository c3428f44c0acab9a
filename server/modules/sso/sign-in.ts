import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { TTokenPair } from '../../../contract/auth.js';
import { SSO_ERRORS, type TSsoError } from '../../../contract/sso.js';
import { finishOidc, startOidc, type OidcIdentity } from '../../auth/oidc.js';
import { randomToken, sha256, type AuthKeys } from '../../auth/secrets.js';
import { startSession } from '../../auth/sessions.js';
import { tellSeatsFull } from '../../billing/seat-notice.js';
import { requireSeat, SeatLimitError } from '../../billing/seats.js';
import type { Config } from '../../config.js';
import type { AppTx, Database } from '../../db/client.js';
import { accounts, invites, oidcLogins, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { notifyTeammateJoined } from '../../inbox/write.js';

/** How long a sign-in may take at the provider, and its one-time code to be exchanged. */
const LOGIN_MINUTES = 10;

export class SsoRefusal extends Error {
  constructor(public readonly reason: TSsoError) {
    super(SSO_ERRORS[reason]);
  }
}

/** GET /auth/oidc/start/: a login row for the state, and the provider's address to go to. */
export async function beginSignIn(database: Database, config: Config): Promise<{ url: string; state: string }> {
  const start = await startOidc(config);
  await database.db.delete(oidcLogins).where(lt(oidcLogins.createdAt, sql`now() - make_interval(mins => ${LOGIN_MINUTES})`));
  await database.db.insert(oidcLogins).values({ state: start.state, nonce: start.nonce, codeVerifier: start.codeVerifier });
  return { url: start.url.toString(), state: start.state };
}

/**
 * The callback: the browser's state cookie must name the login it started; the provider's answer
 * is checked (openid-client); a verified address is required. The person is then who that address
 * is: a user of Herald, else someone with an open invitation (they join its account with its
 * role), else someone at a domain an account admin chose (they join that account as a MEMBER,
 * taking a seat when Herald is sold: past the seats they are refused with `seat_limit_reached`,
 * nothing written, and its billing administrators told); anyone else is refused. Answers a
 * one-time code the web app exchanges for a session.
 */
export async function completeSignIn(database: Database, config: Config, callbackUrl: URL, cookieState: string | undefined, logger?: Pick<Logger, 'warn'>): Promise<string> {
  const state = callbackUrl.searchParams.get('state') ?? '';
  if (!state || state !== cookieState) throw new SsoRefusal('expired');
  const [login] = await database.db
    .select()
    .from(oidcLogins)
    .where(and(eq(oidcLogins.state, state), isNull(oidcLogins.userId), gt(oidcLogins.createdAt, sql`now() - make_interval(mins => ${LOGIN_MINUTES})`)));
  if (!login) throw new SsoRefusal('expired');
  if (callbackUrl.searchParams.get('error')) throw new SsoRefusal('denied');
  let identity: OidcIdentity;
  try {
    identity = await finishOidc(config, callbackUrl, login);
  } catch {
    throw new SsoRefusal('failed');
  }
  if (!identity.email) throw new SsoRefusal('no_email');
  if (!identity.emailVerified) throw new SsoRefusal('unverified');
  const code = randomToken();
  try {
    await database.db.transaction(async (tx) => {
      const userId = await userFor(tx, config, identity);
      const claimed = await tx
        .update(oidcLogins)
        .set({ userId, exchangeHash: sha256(code) })
        .where(and(eq(oidcLogins.state, state), isNull(oidcLogins.userId)))
        .returning({ state: oidcLogins.state });
      if (claimed.length === 0) throw new SsoRefusal('expired');
    });
  } catch (error) {
    if (!(error instanceof SeatLimitError)) throw error;
    await tellSeatsFull(database.db, error, { via: 'sign-on', email: identity.email }, logger);
    throw new SsoRefusal('seat_limit_reached');
  }
  return code;
}

async function userFor(tx: AppTx, config: Config, identity: OidcIdentity): Promise<string> {
  const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.email, identity.email));
  if (known) {
    await tx.update(users).set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, lastLoginAt: sql`now()` }).where(eq(users.id, known.id));
    return known.id;
  }
  const [invite] = await tx
    .update(invites)
    .set({ acceptedAt: sql`now()` })
    .where(
      eq(
        invites.id,
        sql`(SELECT id FROM invites WHERE email = ${identity.email} AND accepted_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1)`,
      ),
    )
    .returning();
  const domain = identity.email.split('@')[1] ?? '';
  const [byDomain] = invite ? [] : await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.ssoDomain, domain));
  const accountId = invite?.accountId ?? byDomain?.id;
  if (!accountId) throw new SsoRefusal('no_account');
  // A join by domain takes a seat; an accepted invitation holds its own already.
  if (!invite) await requireSeat(tx, config, accountId);
  const [user] = await tx
    .insert(users)
    .values({
      accountId,
      email: identity.email,
      isSuperuser: config.superuserEmails.includes(identity.email),
      passwordHash: null,
      firstName: identity.firstName || invite?.firstName || identity.email.split('@')[0]!,
      lastName: identity.lastName || invite?.lastName || '',
      role: invite?.role ?? 'MEMBER',
      emailConfirmedAt: new Date(),
      lastLoginAt: new Date(),
    })
    .returning({ id: users.id });
  await notifyTeammateJoined(tx, user!.id);
  return user!.id;
}

/** POST /auth/oidc/exchange/: the one-time code for the session's tokens (once, within 10 minutes). */
export async function exchangeCode(database: Database, keys: AuthKeys, code: string): Promise<TTokenPair> {
  return database.db.transaction(async (tx) => {
    const [login] = await tx
      .delete(oidcLogins)
      .where(and(eq(oidcLogins.exchangeHash, sha256(code)), gt(oidcLogins.createdAt, sql`now() - make_interval(mins => ${LOGIN_MINUTES})`)))
      .returning({ userId: oidcLogins.userId });
    const [user] = login?.userId ? await tx.select().from(users).where(eq(users.id, login.userId)) : [];
    if (!user) throw new AppError(400, 'sso_code_invalid', SSO_ERRORS.expired);
    return startSession(tx, keys, user);
  });
}
