import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { oneTimeCodes } from '../db/schema/index.js';
import { hashCode, randomCode, randomToken, sha256, type AuthKeys } from './secrets.js';

export type CodePurpose = 'email-confirm' | 'reset' | 'password-change' | 'email-change-old' | 'email-change-new';
export type LinkPurpose = 'email-confirm-link';

export const CODE_MINUTES = 10;
export const LINK_MINUTES = 24 * 60;
export const MAX_CODE_ATTEMPTS = 5;

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** Issues a fresh code for (purpose, subject); earlier live codes for the same pair stop working. */
export async function issueCode(db: DbOrTx, keys: AuthKeys, purpose: CodePurpose, subject: string): Promise<string> {
  await retire(db, purpose, subject);
  const code = randomCode();
  await db.insert(oneTimeCodes).values({ purpose, subject, secretHash: hashCode(keys, subject, code), expiresAt: minutesFromNow(CODE_MINUTES) });
  return code;
}

export async function issueLinkToken(db: DbOrTx, purpose: LinkPurpose, subject: string): Promise<string> {
  await retire(db, purpose, subject);
  const token = randomToken();
  await db.insert(oneTimeCodes).values({ purpose, subject, secretHash: sha256(token), expiresAt: minutesFromNow(LINK_MINUTES) });
  return token;
}

async function retire(db: DbOrTx, purpose: string, subject: string) {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.subject, subject), isNull(oneTimeCodes.consumedAt)));
}

export type CodeCheck = 'ok' | 'invalid' | 'exhausted';

/**
 * Checks a code. Each guess first claims an attempt with a conditional UPDATE (never past the
 * limit, however many guesses race), and a match is consumed with another (so two parallel
 * correct submissions cannot both succeed).
 */
export async function checkCode(db: DbOrTx, keys: AuthKeys, purpose: CodePurpose, subject: string, code: string): Promise<CodeCheck> {
  const verdict = await verifyCode(db, keys, purpose, subject, code);
  if (verdict.check !== 'ok') return verdict.check;
  return (await consumeCodes(db, [verdict.id])) ? 'ok' : 'invalid';
}

/**
 * Checks a code without consuming it, for a change that needs two codes (the email change): a
 * wrong guess spends an attempt of that code, a right one spends nothing, and `consumeCodes` takes
 * both once both are right. So a mistyped second code leaves the first one usable.
 */
export async function verifyCode(db: DbOrTx, keys: AuthKeys, purpose: CodePurpose, subject: string, code: string): Promise<{ check: 'ok'; id: string } | { check: Exclude<CodeCheck, 'ok'> }> {
  const live = and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.subject, subject), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, sql`now()`));
  const [latest] = await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(live).orderBy(desc(oneTimeCodes.createdAt)).limit(1);
  if (!latest) return { check: 'invalid' };
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, latest.id), sql`${oneTimeCodes.attempts} < ${MAX_CODE_ATTEMPTS}`, isNull(oneTimeCodes.consumedAt)))
    .returning({ secretHash: oneTimeCodes.secretHash });
  if (!claimed) return { check: 'exhausted' };
  const expected = Buffer.from(claimed.secretHash, 'hex');
  const given = Buffer.from(hashCode(keys, subject, code), 'hex');
  if (!timingSafeEqual(expected, given)) return { check: 'invalid' };
  // A right code does not count as an attempt.
  await db.update(oneTimeCodes).set({ attempts: sql`greatest(0, ${oneTimeCodes.attempts} - 1)` }).where(eq(oneTimeCodes.id, latest.id));
  return { check: 'ok', id: latest.id };
}

/** Consumes verified codes; false when one was taken meanwhile (run it in a transaction and roll back then: two parallel submissions cannot both succeed). */
export async function consumeCodes(db: DbOrTx, ids: string[]): Promise<boolean> {
  const consumed = await db.update(oneTimeCodes).set({ consumedAt: sql`now()` }).where(and(inArray(oneTimeCodes.id, ids), isNull(oneTimeCodes.consumedAt))).returning({ id: oneTimeCodes.id });
  return consumed.length === ids.length;
}

export type LinkCheck = { status: 'ok'; subject: string } | { status: 'expired'; subject: string } | { status: 'invalid' };

/** Consumes a link token once; an expired one reports its subject so a new link can be sent. */
export async function consumeLinkToken(db: DbOrTx, purpose: LinkPurpose, token: string): Promise<LinkCheck> {
  const secretHash = sha256(token);
  const [consumed] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.secretHash, secretHash), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, sql`now()`)))
    .returning({ subject: oneTimeCodes.subject });
  if (consumed) return { status: 'ok', subject: consumed.subject };
  const [known] = await db
    .select({ subject: oneTimeCodes.subject, consumedAt: oneTimeCodes.consumedAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.secretHash, secretHash)));
  if (known && !known.consumedAt) return { status: 'expired', subject: known.subject };
  return { status: 'invalid' };
}
