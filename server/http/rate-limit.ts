import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors.js';
import { AppError } from './errors.js';

const WINDOW_MS = 15 * 60 * 1000;
const MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email : '';
}

/**
 * Limits for the calls attackers hammer: per IP, and per IP and address together. Never per
 * address alone, so a blocked attacker cannot lock the real owner out from elsewhere.
 * Counters live in each API process (several API processes multiply the allowance).
 * Runs as a preHandler, after validation, so the email is already normalised.
 */
export function authRateLimits(app: FastifyInstance) {
  // The plugin's own route hook runs one limiter per request; its checker lets us run two.
  const limiter = (name: string, perIp: number, perIpAndEmail?: number) => {
    const checks = [app.createRateLimit({ max: perIp, timeWindow: WINDOW_MS, keyGenerator: (request) => `${name}:${request.ip}` })];
    if (perIpAndEmail) {
      checks.push(app.createRateLimit({ max: perIpAndEmail, timeWindow: WINDOW_MS, keyGenerator: (request) => `${name}:${request.ip}:${emailOf(request)}` }));
    }
    return async (request: FastifyRequest, reply: FastifyReply) => {
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
          throw new AppError(429, ErrorCode.rateLimited, MESSAGE);
        }
      }
    };
  };
  return {
    login: limiter('login', 50, 10),
    register: limiter('register', 20),
    code: limiter('code', 50, 10),
    resend: limiter('resend', 20, 5),
  };
}

/**
 * A per-user limit (per IP before sign-in) for expensive calls: search, LLM-backed calls.
 * Runs after authentication, so `request.auth` names the caller.
 */
export function perUserRateLimit(app: FastifyInstance, name: string, max: number, windowMs = 60_000) {
  const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `${name}:${request.auth?.userId ?? request.ip}` });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new AppError(429, ErrorCode.rateLimited, 'Too many requests. Please wait a moment and try again.');
    }
  };
}
