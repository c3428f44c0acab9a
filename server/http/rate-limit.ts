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
 * Limits for the calls attackers hammer: per IP, per IP and address together, and per address
 * alone at a higher count. The last one stops a guesser spread over many addresses; set well above
 * what an owner ever needs, it locks the owner out only while an attack is running, for at most
 * the window. Counters live in each API process (several API processes multiply the allowance).
 * Runs as a preHandler, after validation, so the email is already normalised.
 */
export function authRateLimits(app: FastifyInstance) {
  // The plugin's own route hook runs one limiter per request; its checker lets us run two.
  const limiter = (name: string, perIp: number, perIpAndEmail?: number, failuresPerEmail?: number) => {
    const checks = [app.createRateLimit({ max: perIp, timeWindow: WINDOW_MS, keyGenerator: (request) => `${name}:${request.ip}` })];
    if (perIpAndEmail) {
      checks.push(app.createRateLimit({ max: perIpAndEmail, timeWindow: WINDOW_MS, keyGenerator: (request) => `${name}:${request.ip}:${emailOf(request)}` }));
    }
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (failuresPerEmail) {
        const wait = failures.blocked(`${name}:${emailOf(request)}`, failuresPerEmail);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new AppError(429, ErrorCode.rateLimited, MESSAGE);
        }
      }
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
    login: limiter('login', 50, 10, FAILURES_PER_ADDRESS),
    register: limiter('register', 20),
    code: limiter('code', 50, 10, FAILURES_PER_ADDRESS),
    resend: limiter('resend', 20, 5),
    /** onResponse hooks: a refused sign-in or code counts against its address, from any IP. */
    loginFailed: failures.counter('login'),
    codeFailed: failures.counter('code'),
  };
}

/** Refused sign-ins (or codes) for one address in a window, from any number of IPs, before it waits. */
export const FAILURES_PER_ADDRESS = 30;

/** Refusals per address, in this process: a guesser spread over many IPs meets this limit. */
const failures = (() => {
  const seen = new Map<string, { count: number; until: number }>();
  return {
    /** Seconds to wait, 0 when the key may try. */
    blocked(key: string, max: number): number {
      const entry = seen.get(key);
      if (!entry) return 0;
      if (entry.until <= Date.now()) {
        seen.delete(key);
        return 0;
      }
      return entry.count >= max ? Math.ceil((entry.until - Date.now()) / 1000) : 0;
    },
    counter(name: string) {
      return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        const email = emailOf(request);
        if (email && reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429) {
          const key = `${name}:${email}`;
          const entry = seen.get(key);
          if (entry && entry.until > Date.now()) entry.count += 1;
          else seen.set(key, { count: 1, until: Date.now() + WINDOW_MS });
          if (seen.size > 100_000) for (const [k, v] of seen) if (v.until <= Date.now()) seen.delete(k);
        }
        done();
      };
    },
  };
})();

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
