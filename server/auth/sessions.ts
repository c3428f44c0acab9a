import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { TTokenPair } from '../../contract/auth.js';
import type { DbOrTx } from '../db/client.js';
import { refreshTokens, users } from '../db/schema/index.js';
import { signAccessToken } from './jwt.js';
import { randomToken, sha256, type AuthKeys } from './secrets.js';

/** A session (refresh token family) ends 30 days after login, however often it is refreshed. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A rotated token presented again within this window is a race between two tabs or requests of
 * the same client, not a theft: it is refused without ending the session.
 */
export const REUSE_GRACE_MS = 10_000;

interface SessionUser {
  id: string;
  accountId: string;
}

async function issue(db: DbOrTx, keys: AuthKeys, user: SessionUser, familyId: string, expiresAt: Date) {
  const refresh = randomToken();
  const [row] = await db
    .insert(refreshTokens)
    .values({ userId: user.id, familyId, tokenHash: sha256(refresh), expiresAt })
    .returning({ id: refreshTokens.id });
  const access = await signAccessToken(keys, { userId: user.id, accountId: user.accountId, sessionId: familyId });
  return { pair: { access, refresh }, id: row!.id };
}

/** Starts a new session (a new token family) for a user who just proved who they are. */
export async function startSession(db: DbOrTx, keys: AuthKeys, user: SessionUser): Promise<TTokenPair> {
  const { pair } = await issue(db, keys, user, randomUUID(), new Date(Date.now() + SESSION_LIFETIME_MS));
  return pair;
}

/**
 * Exchanges a refresh token for a new pair. The old token is marked used in one conditional
 * UPDATE, so of two parallel refreshes exactly one wins. A token used earlier than the grace
 * window is a replay: the whole family is revoked.
 */
export async function rotateSession(db: DbOrTx, keys: AuthKeys, refresh: string): Promise<TTokenPair | undefined> {
  const tokenHash = sha256(refresh);
  const [used] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`)))
    .returning();
  if (!used) {
    const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (known?.usedAt && !known.revokedAt && Date.now() - known.usedAt.getTime() > REUSE_GRACE_MS) {
      await revokeFamily(db, known.familyId);
    }
    return undefined;
  }
  const [user] = await db.select({ id: users.id, accountId: users.accountId }).from(users).where(eq(users.id, used.userId));
  if (!user) return undefined;
  const next = await issue(db, keys, user, used.familyId, used.expiresAt);
  await db.update(refreshTokens).set({ replacedBy: next.id }).where(eq(refreshTokens.id, used.id));
  return next.pair;
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  activeSessions.delete(familyId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: ends the session the token belongs to, whatever state the token is in. */
export async function endSession(db: DbOrTx, refresh: string): Promise<void> {
  const [known] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refresh)));
  if (known) await revokeFamily(db, known.familyId);
}

/** Ends every session of a user (password reset), optionally keeping one family. */
export async function endAllSessions(db: DbOrTx, userId: string, exceptFamilyId?: string): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (exceptFamilyId) conditions.push(ne(refreshTokens.familyId, exceptFamilyId));
  const ended = await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(...conditions)).returning({ familyId: refreshTokens.familyId });
  for (const { familyId } of ended) activeSessions.delete(familyId);
}

/**
 * Sessions found active, for SESSION_CHECK_MS: an access token is checked against its session on
 * every call, and a reader's client sends one every few seconds. This process forgets a session
 * the moment it ends one; another process (a second API process) sees the end within that time.
 */
export const SESSION_CHECK_MS = 5_000;
const activeSessions = new LRUCache<string, true>({ max: 50_000, ttl: SESSION_CHECK_MS });

/** Whether a session (token family) is still open: not logged out, not ended by a reset or a change of password. */
export async function sessionActive(db: DbOrTx, familyId: string): Promise<boolean> {
  if (activeSessions.get(familyId)) return true;
  const [open] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`)))
    .limit(1);
  if (open) activeSessions.set(familyId, true);
  return Boolean(open);
}
