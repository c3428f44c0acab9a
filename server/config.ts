import path from 'node:path';
import { z } from 'zod';
import { ROOT } from './paths.js';
import type { SourceKeys } from './sources/types.js';
import { findModel } from '../contract/models.js';

export const ROLES = ['api', 'worker', 'scheduler'] as const;
export type Role = (typeof ROLES)[number];

const urlWithProtocols = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `a URL starting with ${protocols.map((p) => p + '//').join(' or ')}`);

const ZEnv = z.object({
  PORT: z.coerce.number().int('a whole number').min(0, 'a port from 0 to 65535').max(65535, 'a port from 0 to 65535').default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int('a whole number').min(1, 'from 1 to 100').max(100, 'from 1 to 100').default(10),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .refine((v) => /^(off|on|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(v), 'off, on, a number of proxy hops, or a comma-separated list of proxy addresses (CIDR allowed)'),
  SITE_URL: urlWithProtocols(['http:', 'https:']).optional(),
  /** The two executives /about names: "Name, Title; Name, Title". Unset: placeholders that say so. */
  ABOUT_EXECUTIVES: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || v.split(';').every((p) => /^[^,;]{2,80},[^,;]{2,80}$/.test(p.trim())), 'people as "Name, Title", separated by ";" (for example "Ada Lovelace, Chief Executive Officer; Alan Turing, Chief Technology Officer")'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int('a whole number').min(100, 'from 100 to 600000').max(600_000, 'from 100 to 600000').default(30_000),
  MAX_CONNECTIONS: z.coerce.number().int('a whole number').min(1, 'from 1 to 100000').max(100_000, 'from 1 to 100000').default(2048),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HERALD_ROLES: z
    .string()
    .default('api,worker,scheduler')
    .transform((value) => value.split(',').map((r) => r.trim()).filter(Boolean))
    .pipe(z.array(z.enum(ROLES, 'a comma-separated list of api, worker, scheduler')).min(1)),
  // Part of the install, so relative to the project, not to where the command runs.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  MAIL_FROM: z.string().min(3).default('Herald <no-reply@localhost>'),
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_API_URL: urlWithProtocols(['http:', 'https:']).default('https://www.googleapis.com'),
  OIDC_ISSUER: urlWithProtocols(['http:', 'https:']).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40, 'at most 40 characters').optional(),
  OIDC_ALLOW_HTTP: z.enum(['0', '1'], '1 (a plain-http issuer, for development) or 0').default('0'),
  WEB_DIST: z.string().default(path.join(ROOT, 'web/dist')),
  SUPERUSER_EMAILS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email('a comma-separated list of email addresses'))),
  DEMO: z.enum(['on', 'off'], 'on or off').default('on'),
  DEMO_PASSWORD: z.string().min(8, 'at least 8 characters').optional(),
  DEMO_SOURCE: z.enum(['on', 'off'], 'on or off').default('on'),
  DEMO_SOURCE_LIMIT: z.coerce.number().int('a whole number').min(1, 'at least 1').optional(),
  DEMO_SOURCE_RATE: z.coerce.number('a number').min(0, 'at least 0').max(1000, 'at most 1000').optional(),
  SOURCE_CONTACT_EMAIL: z.email('an email address').default('herald-operator@example.com'),
  SOURCES_ALLOW_PRIVATE: z.enum(['0', '1'], '1 (fetch private and loopback addresses) or 0').default('0'),
  DEV_SEED_ROUTES: z.enum(['0', '1'], '1 (the browser tests\' seeding routes, never in production) or 0').default('0'),
  DELIVERY_ALLOW_PRIVATE: z.enum(['0', '1'], '1 (deliver to private and loopback addresses) or 0').default('0'),
  SOURCES_CONCURRENCY: z.coerce.number().int('a whole number').min(1, 'at least 1').max(64, 'at most 64').default(8),
  SOURCES_MAX: z.coerce.number().int('a whole number').min(1, 'at least 1').max(1_000_000, 'at most 1000000').default(5000),
  CONGRESS_API_KEY: z.string().optional(),
  REGULATIONS_API_KEY: z.string().optional(),
  COURTLISTENER_TOKEN: z.string().optional(),
  PATENTSVIEW_API_KEY: z.string().optional(),
  USPTO_API_KEY: z.string().optional(),
  PUBMED_API_KEY: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: urlWithProtocols(['http:', 'https:']).optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  MISTRAL_API_KEY: z.string().optional(),
  XAI_API_KEY: z.string().optional(),
  DEEPSEEK_API_KEY: z.string().optional(),
  OPENAI_COMPATIBLE_URL: urlWithProtocols(['http:', 'https:']).optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  SUMMARY_MODEL: z
    .string()
    .default('gpt-4.1-nano')
    .refine((value) => findModel(value) !== undefined, 'a model of the registry (contract/models.ts), e.g. builtin or gpt-4.1-nano'),
  LLM_TIMEOUT_SECONDS: z.coerce.number().min(1, 'at least 1').max(600, 'at most 600').default(60),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  BILLING_PROVIDER: z.enum(['none', 'stripe'], 'none (self-hosted: usage and budgets only) or stripe').default('none'),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  STRIPE_PRICE_ID: z.string().trim().min(1).optional(),
  STRIPE_PLAN_NAME: z.string().trim().min(1).max(60, 'at most 60 characters').default('Herald'),
  /** Tests only: a local fake of the Stripe API (refused in production). */
  STRIPE_API_URL: urlWithProtocols(['http:', 'https:']).optional(),
  EMBEDDINGS_URL: urlWithProtocols(['http:', 'https:']).optional(),
  EMBEDDINGS_MODEL: z.string().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int('a whole number').min(1).max(2000, 'at most 2000').optional(),
});

export interface Config {
  port: number;
  /** Whose X-Forwarded-For to believe (Fastify's trustProxy): nobody's by default, so a client cannot choose its own address. */
  trustProxy: boolean | number | string[];
  host: string;
  /**
   * How long a client may take to send a request's headers and body: a slow sender does not hold
   * a connection for Node's default 300 s. Answers (a streamed export) are not limited by it.
   */
  requestTimeoutMs: number;
  /** Open connections the server accepts at once; more are refused until some close. */
  maxConnections: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections this process keeps to a PostgreSQL server. */
  databasePoolMax: number;
  smtpUrl: string | undefined;
  publicUrl: string;
  siteUrl: string | undefined;
  /** Who /about names (ABOUT_EXECUTIVES); empty: the page shows placeholders. */
  aboutExecutives: { name: string; title: string }[];
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  roles: Role[];
  webDist: string;
  /** NODE_ENV=production: no dev mailbox, stricter defaults. */
  production: boolean;
  /** DEV_SEED_ROUTES=1 outside production: the browser tests' seeding routes (modules/dev-seed). */
  devSeedRoutes: boolean;
  mailFrom: string;
  /** HS256 key for access tokens; generated once and stored in the database when unset. */
  jwtSecret: string | undefined;
  google: { clientId: string | undefined; apiUrl: string };
  /** Single sign-on with an OpenID provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME); undefined when not configured. */
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; name: string } | undefined;
  /** Addresses that are superusers (bootstrap: applied at registration and at every start). */
  superuserEmails: string[];
  /** Demo accounts and topics created at the first start (DEMO=on). */
  demo: { enabled: boolean; password: string | undefined };
  /** The bundled demo corpus replayed as a live source (on unless other sources exist or off). */
  demoSource: { enabled: boolean; limit: number | undefined; rate: number | undefined };
  sourceKeys: SourceKeys;
  /**
   * Sources may read private, loopback and link-local addresses (SOURCES_ALLOW_PRIVATE=1): for
   * intranet feeds. Off by default, so a source's URL cannot reach the install's own network.
   */
  sourcesAllowPrivate: boolean;
  /** Webhook and Slack targets may be private, loopback or link-local addresses (DELIVERY_ALLOW_PRIVATE=1): tests, intranet receivers. */
  deliveryAllowPrivate: boolean;
  /** Source runs one worker process makes at once (one per host at a time). */
  sourceConcurrency: number;
  /** Sources this install reads at most (SOURCES_MAX): adding or importing past it is refused. */
  sourcesMax: number;
  /** LLM providers: a provider without its key is not used (stages fall back to the built-in engine). */
  llm: {
    keys: Partial<Record<'openai' | 'anthropic' | 'google' | 'mistral' | 'xai' | 'deepseek' | 'openai-compatible', string>>;
    openaiBaseUrl: string | undefined;
    compatibleUrl: string | undefined;
    timeoutMs: number;
    maxRetries: number;
    /** Document summaries are shared by all users: one system-wide model (built-in without its key). */
    summaryModel: string;
  };
  /**
   * Selling Herald (BILLING_PROVIDER=stripe, ADR 014): plans and seats bought through Stripe
   * Checkout and managed in its customer portal. Undefined: self-hosted, no prices, no seat limits.
   */
  stripe: StripeConfig | undefined;
  /** An OpenAI-compatible embeddings endpoint; unset uses the built-in hashed TF-IDF. */
  embeddings: { url: string; model: string; apiKey: string | undefined; dimensions: number } | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The per-seat recurring price bought at Checkout, and the plan's name on the Billing page. */
  priceId: string;
  planName: string;
  /** Tests only: where the Stripe library sends its requests (a local fake). */
  apiUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function embeddingsConfig(e: z.infer<typeof ZEnv>): Config['embeddings'] {
  if (!e.EMBEDDINGS_URL) return undefined;
  if (!e.EMBEDDINGS_MODEL || !e.EMBEDDINGS_DIMENSIONS) {
    throw new ConfigError(['EMBEDDINGS_URL is set: EMBEDDINGS_MODEL and EMBEDDINGS_DIMENSIONS are required too']);
  }
  return { url: e.EMBEDDINGS_URL.replace(/\/$/, ''), model: e.EMBEDDINGS_MODEL, apiKey: e.EMBEDDINGS_API_KEY, dimensions: e.EMBEDDINGS_DIMENSIONS };
}

function stripeConfig(e: z.infer<typeof ZEnv>): Config['stripe'] {
  if (e.BILLING_PROVIDER !== 'stripe') return undefined;
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const).filter((name) => !e[name]);
  if (missing.length > 0) throw new ConfigError([`BILLING_PROVIDER=stripe: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required too`]);
  if (e.STRIPE_API_URL && e.NODE_ENV === 'production') throw new ConfigError(['STRIPE_API_URL is for tests against a local fake of Stripe: unset it in production']);
  return { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, priceId: e.STRIPE_PRICE_ID!, planName: e.STRIPE_PLAN_NAME, apiUrl: e.STRIPE_API_URL };
}

/** Parses the environment once at boot. Blank values count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}=${JSON.stringify(env[name] ?? '')} is invalid: expected ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  // Sign-on over plain http sends codes and tokens in the clear: only where a developer says so.
  if (e.OIDC_ISSUER?.startsWith('http:') && e.OIDC_ALLOW_HTTP !== '1') {
    throw new ConfigError([`OIDC_ISSUER=${JSON.stringify(e.OIDC_ISSUER)} is invalid: expected an https address (set OIDC_ALLOW_HTTP=1 to allow a plain-http issuer for development)`]);
  }
  return {
    port: e.PORT,
    trustProxy: e.TRUST_PROXY === 'off' ? false : e.TRUST_PROXY === 'on' ? true : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    host: e.HOST,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    siteUrl: e.SITE_URL,
    aboutExecutives: (e.ABOUT_EXECUTIVES ?? '')
      .split(';')
      .map((person) => person.trim())
      .filter(Boolean)
      .map((person) => {
        const [name, ...title] = person.split(',');
        return { name: name!.trim(), title: title.join(',').trim() };
      }),
    logLevel: e.LOG_LEVEL,
    roles: [...new Set(e.HERALD_ROLES)],
    webDist: path.resolve(e.WEB_DIST),
    production: e.NODE_ENV === 'production',
    devSeedRoutes: e.DEV_SEED_ROUTES === '1' && e.NODE_ENV !== 'production',
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    google: { clientId: e.GOOGLE_CLIENT_ID, apiUrl: e.GOOGLE_API_URL.replace(/\/$/, '') },
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME ?? 'single sign-on' } : undefined,
    superuserEmails: e.SUPERUSER_EMAILS,
    demo: { enabled: e.DEMO === 'on', password: e.DEMO_PASSWORD },
    demoSource: { enabled: e.DEMO_SOURCE === 'on', limit: e.DEMO_SOURCE_LIMIT, rate: e.DEMO_SOURCE_RATE },
    sourceKeys: {
      contactEmail: e.SOURCE_CONTACT_EMAIL,
      congressApiKey: e.CONGRESS_API_KEY,
      regulationsApiKey: e.REGULATIONS_API_KEY,
      courtListenerToken: e.COURTLISTENER_TOKEN,
      patentsViewApiKey: e.PATENTSVIEW_API_KEY,
      usptoApiKey: e.USPTO_API_KEY,
      pubmedApiKey: e.PUBMED_API_KEY,
    },
    sourcesAllowPrivate: e.SOURCES_ALLOW_PRIVATE === '1',
    deliveryAllowPrivate: e.DELIVERY_ALLOW_PRIVATE === '1',
    sourceConcurrency: e.SOURCES_CONCURRENCY,
    sourcesMax: e.SOURCES_MAX,
    embeddings: embeddingsConfig(e),
    stripe: stripeConfig(e),
    llm: {
      keys: Object.fromEntries(
        Object.entries({
          openai: e.OPENAI_API_KEY,
          anthropic: e.ANTHROPIC_API_KEY,
          google: e.GOOGLE_GENERATIVE_AI_API_KEY,
          mistral: e.MISTRAL_API_KEY,
          xai: e.XAI_API_KEY,
          deepseek: e.DEEPSEEK_API_KEY,
          // A local server (Ollama, vLLM, llama.cpp) often needs no key: its URL is enough.
          'openai-compatible': e.OPENAI_COMPATIBLE_URL ? (e.OPENAI_COMPATIBLE_API_KEY ?? 'none') : undefined,
        }).filter(([, v]) => v),
      ),
      openaiBaseUrl: e.OPENAI_BASE_URL?.replace(/\/$/, ''),
      compatibleUrl: e.OPENAI_COMPATIBLE_URL?.replace(/\/$/, ''),
      timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
      maxRetries: e.LLM_MAX_RETRIES,
      summaryModel: e.SUMMARY_MODEL,
    },
  };
}
