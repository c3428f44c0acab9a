import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { API_TOKEN_MAX_DAYS, API_TOKEN_MESSAGES, API_TOKENS_PER_USER, isApiTokenScope, type TApiToken, type TApiTokenCreated, type TApiTokenScope } from '../../../contract/api-tokens.js';
import { ErrorCode } from '../../../contract/errors.js';
import { newApiToken } from '../../auth/api-tokens.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { apiTokens, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

type Row = typeof apiTokens.$inferSelect;

function present(row: Row): TApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter(isApiTokenScope),
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** Tokens that still admit calls: not revoked, not expired. */
const active = (userId: string) => and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)));

/** The user's active tokens, oldest first. */
export async function listApiTokens(db: DbOrTx, userId: string): Promise<TApiToken[]> {
  const rows = await db.select().from(apiTokens).where(active(userId)).orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
  return rows.map(present);
}

/**
 * A new token for the user, answered with the token itself (the only time it is shown). Refused
 * with the field at fault: a name another active token has, the inspection scope for a user who is
 * not a superuser, an expiry in the past or more than a year ahead; and past the per-user cap.
 * The checks and the insert run under a lock on the user's row, so two requests cannot pass them both.
 */
export async function createApiToken(database: Database, userId: string, input: { name: string; scopes: TApiTokenScope[]; expires_at?: string | null | undefined }): Promise<TApiTokenCreated> {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  const fields: Record<string, string[]> = {};
  if (expiresAt && expiresAt.getTime() <= Date.now()) fields.expires_at = [API_TOKEN_MESSAGES.expiryPast];
  else if (expiresAt && expiresAt.getTime() > Date.now() + API_TOKEN_MAX_DAYS * 86_400_000) fields.expires_at = [API_TOKEN_MESSAGES.expiryTooFar];
  return database.db.transaction(async (tx) => {
    const [user] = await tx.select({ isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
    if (input.scopes.includes('inspection') && !user.isSuperuser) fields.scopes = [API_TOKEN_MESSAGES.inspectionNotAllowed];
    const [same] = await tx.select({ id: apiTokens.id }).from(apiTokens).where(and(active(userId), sql`lower(${apiTokens.name}) = lower(${input.name})`));
    if (same) fields.name = [API_TOKEN_MESSAGES.nameTaken];
    if (Object.keys(fields).length) throw new AppError(400, ErrorCode.validationFailed, 'Some fields are missing or invalid.', fields);
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(active(userId));
    if ((held?.n ?? 0) >= API_TOKENS_PER_USER) throw new AppError(409, ErrorCode.apiTokenLimit, API_TOKEN_MESSAGES.tooMany);
    const { token, hash, prefix } = newApiToken();
    const [row] = await tx.insert(apiTokens).values({ userId, name: input.name, tokenHash: hash, prefix, scopes: input.scopes, expiresAt }).returning();
    return { ...present(row!), token };
  });
}

/** Revokes one of the user's tokens at once; another user's token, or one already revoked, is not found. */
export async function revokeApiToken(db: DbOrTx, userId: string, tokenId: string): Promise<void> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) throw new AppError(404, ErrorCode.notFound, API_TOKEN_MESSAGES.notFound);
}
