import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, isApiTokenScope, type TApiTokenScope } from '../../contract/api-tokens.js';
import { ErrorCode } from '../../contract/errors.js';
import type { Database, DbOrTx } from '../db/client.js';
import { apiTokens, users } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import type { AccessClaims } from './jwt.js';
import { sha256 } from './secrets.js';

/**
 * Personal API tokens: what one is, how a presented one is checked, and what it may call.
 *
 * A token is `hrld_` and 32 random bytes (base64url); only its SHA-256 is stored. It admits the
 * calls of its scopes, listed route by route below (anything not listed is refused: a new route is
 * closed to tokens until it is added here), acting as its owner with the owner's role: ownership
 * and role checks apply as they do to a session. A superuser call needs the `inspection` scope and a
 * superuser owner. Tokens never manage tokens.
 */

export function newApiToken(): { token: string; hash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: sha256(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/** Revokes every personal API token of a user (a password reset or change ends them with the sessions). Returns how many. */
export async function revokeApiTokens(db: DbOrTx, userId: string): Promise<number> {
  const revoked = await db.update(apiTokens).set({ revokedAt: sql`now()` }).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))).returning({ id: apiTokens.id });
  return revoked.length;
}

/** Route (method and the route's pattern) -> the scopes that admit it. */
const ROUTES: Record<string, readonly TApiTokenScope[]> = {
  'GET /api/me/': ['feed:read', 'topics:manage'],
  'GET /api/me/topics/': ['feed:read', 'topics:manage'],
  'GET /api/for-you/': ['feed:read'],
  'GET /api/trends/': ['feed:read'],
  'GET /api/topics/:id/trends/': ['feed:read'],
  'GET /api/for-you/top/': ['feed:read'],
  'GET /api/for-you/latest/': ['feed:read'],
  'GET /api/for-you/timeline-search/': ['feed:read'],
  'GET /api/for-you/article/:id/': ['feed:read'],
  'GET /api/articles/:id/': ['feed:read'],
  'GET /api/for-you/article/:id/related/': ['feed:read'],
  'GET /api/for-you/recent-abstracts/': ['feed:read'],
  'GET /api/articles/history/': ['feed:read'],
  'GET /api/me/suggestions/': ['topics:manage'],
  'POST /api/topics/validate/': ['topics:manage'],
  'POST /api/topics/add-suggestion/': ['topics:manage'],
  'POST /api/topics/add-suggestions/': ['topics:manage'],
  'POST /api/topics/delete-suggestion/': ['topics:manage'],
  'POST /api/topics/expand-suggestions/': ['topics:manage'],
  'POST /api/topics/add/chat/': ['topics:manage'],
  'POST /api/topics/:id/modify/': ['topics:manage'],
  'POST /api/topics/:id/retire/': ['topics:manage'],
  'GET /api/topics/:id/search/': ['topics:manage'],
  // The MCP server (modules/mcp): any scope opens it; the token's scopes decide which tools it lists and runs.
  'POST /api/mcp': ['feed:read', 'topics:manage', 'inspection'],
};

/** The routes tokens may call, for tests and docs. */
export const API_TOKEN_ROUTES: Readonly<typeof ROUTES> = ROUTES;

/** Whether a token of `scopes` may make this call; a superuser call asks for `inspection`. */
export function tokenMayCall(scopes: readonly TApiTokenScope[], method: string, route: string, superuserCall: boolean): boolean {
  if (superuserCall) return scopes.includes('inspection');
  const admitted = ROUTES[`${method === 'HEAD' ? 'GET' : method} ${route}`];
  return admitted !== undefined && admitted.some((scope) => scopes.includes(scope));
}

/** Requests a token may make a minute (API_TOKEN_RATE_LIMIT, default 300), per token, in each API process. */
export const apiTokenRateLimit = () => Math.max(1, Math.floor(Number(process.env.API_TOKEN_RATE_LIMIT)) || 300);

/** When each token last had its last_used_at written: written at most once a minute. */
const lastWritten = new LRUCache<string, number>({ max: 10_000 });
/** Requests per token in the current minute. */
const windows = new LRUCache<string, { count: number; until: number }>({ max: 10_000 });

/**
 * The claims of a presented API token, or a 401 when it is unknown, revoked or expired; a 429 past
 * its rate limit; a 403 when its scopes do not admit the call (`superuserCall`: a superuser route).
 */
export async function authenticateApiToken(database: Database, request: FastifyRequest, reply: FastifyReply | undefined, token: string, superuserCall: boolean): Promise<AccessClaims> {
  const [row] = await database.db
    .select({ id: apiTokens.id, userId: apiTokens.userId, scopes: apiTokens.scopes, expiresAt: apiTokens.expiresAt, accountId: users.accountId })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sha256(token)), isNull(apiTokens.revokedAt)));
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) throw new AppError(401, ErrorCode.apiTokenInvalid, API_TOKEN_MESSAGES.invalid);

  const now = Date.now();
  const window = windows.get(row.id);
  if (!window || window.until <= now) windows.set(row.id, { count: 1, until: now + 60_000 });
  else if (++window.count > apiTokenRateLimit()) {
    reply?.header('retry-after', String(Math.max(1, Math.ceil((window.until - now) / 1000))));
    throw new AppError(429, ErrorCode.rateLimited, 'Too many requests with this API token. Please wait a moment and try again.');
  }

  const scopes = row.scopes.filter(isApiTokenScope);
  const route = request.routeOptions.url ?? '';
  if (route.startsWith('/api/me/tokens/')) throw new AppError(403, ErrorCode.sessionRequired, API_TOKEN_MESSAGES.sessionOnly);
  if (!tokenMayCall(scopes, request.method, route, superuserCall)) throw new AppError(403, ErrorCode.apiTokenScope, API_TOKEN_MESSAGES.outOfScope);

  if ((lastWritten.get(row.id) ?? 0) < now - 60_000) {
    lastWritten.set(row.id, now);
    await database.db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, row.id));
  }
  return { userId: row.userId, accountId: row.accountId, apiToken: { id: row.id, scopes } };
}
