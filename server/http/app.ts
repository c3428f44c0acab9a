import { loggedRequest } from './redact.js';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadAuthKeys } from '../auth/secrets.js';
import { runInteractive } from '../db/priority.js';
import { devMailboxRoutes } from '../modules/dev-mailbox/routes.js';
import { devSeedRoutes } from '../modules/dev-seed/routes.js';
import { accountRoutes } from '../modules/accounts/routes.js';
import { authRoutes } from '../modules/auth/routes.js';
import { searchRoutes } from '../modules/search/routes.js';
import { meRoutes } from '../modules/me/routes.js';
import { apiTokenRoutes } from '../modules/api-tokens/routes.js';
import { feedsOutRoutes } from '../modules/feeds-out/routes.js';
import { z } from 'zod';
import { deliveryRoutes } from '../modules/deliveries/routes.js';
import { ssoRoutes } from '../modules/sso/routes.js';
import { DELIVERY_RETRY_HOURS, ZWebhookPayload } from '../../contract/deliveries.js';
import { apiTokenRateLimit } from '../auth/api-tokens.js';
import { inspectionRoutes } from '../modules/inspection/routes.js';
import { eventRoutes } from '../modules/events/routes.js';
import { topicRoutes } from '../modules/topics/routes.js';
import { onboardingRoutes } from '../modules/onboarding/routes.js';
import { conversationRoutes } from '../modules/conversations/routes.js';
import { systemRoutes } from '../modules/system/routes.js';
import { userRoutes } from '../modules/users/routes.js';
import { feedbackRoutes } from '../modules/feedback/routes.js';
import { feedRoutes } from '../modules/feed/routes.js';
import { trendRoutes } from '../modules/trends/routes.js';
import { toolRoutes } from '../modules/tools/routes.js';
import { sourceRoutes } from '../modules/sources/routes.js';
import { mcpRoutes } from '../modules/mcp/routes.js';
import { billingRoutes } from '../modules/billing/routes.js';
import { planRoutes, stripeWebhookRoutes } from '../modules/billing/plan-routes.js';
import { inboxRoutes } from '../modules/inbox/routes.js';
import { commentRoutes } from '../modules/comments/routes.js';
import { boardRoutes } from '../modules/boards/routes.js';
import { notificationRoutes } from '../modules/notifications/routes.js';
import { VERSION } from '../version.js';
import type { AppServices } from './services.js';
import { AppError, installErrorHandling } from './errors.js';
import { ErrorCode } from '../../contract/errors.js';
import { registerWeb } from './web.js';
import { installFieldMessages } from '../../contract/field-messages.js';

// Every field error in the product's words (a schema's own message wins).
installFieldMessages();

/** Everything a route may need, built once at start and passed down explicitly. */

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** What /api/docs says before the calls: how to authenticate, with a session or a personal API token. */
const apiDescription = () => [
  'The API behind the Herald web app. Every call that needs a user takes `Authorization: Bearer <token>`, where the token is either',
  "a session's access token (`POST /api/auth/login/`) or a personal API token (`hrld_…`, made in My Profile → API Tokens or with",
  '`POST /api/me/tokens/`, shown once). A personal token acts as its owner, with the same role and ownership checks, and only for',
  'the calls of its scopes: `feed:read` (the feed, Top News, Latest, articles, your topics), `topics:manage` (list, add, validate',
  'and retire topics) and, for superusers, `inspection` (the superuser calls, and `user_id` to act for another user). A call outside',
  'its scopes answers 403 `api_token_scope`; an unknown, revoked or expired token 401 `api_token_invalid`; more than',
  `${apiTokenRateLimit()} calls a minute with one token 429 \`rate_limited\`. Tokens never manage tokens (403 \`session_required\`).`,
  '\n\nWebhooks: a webhook delivery target (`/api/me/deliveries/`, or `/api/a/deliveries/` for a team) receives a JSON POST, the',
  '`WebhookPayload` schema below, with the headers `herald-delivery` (the delivery id, the same on every retry),',
  '`herald-timestamp` (Unix seconds) and `herald-signature`: `v1=` and the hex HMAC-SHA256 of `{timestamp}.{raw body}` under the',
  "target's signing secret (shown with the target). Any 2xx is success; other answers are retried with backoff for",
  `${DELIVERY_RETRY_HOURS} hours; 410 Gone turns the target off at once. A Slack target receives \`{"text": …}\` instead.`,
].join(' ');

export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines never carry a secret of the address: a feed's key, an invitation's token, a code.
    loggerInstance: services.logger.child({}, { serializers: { req: loggedRequest } }) as FastifyBaseLogger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names: per-IP limits would mean nothing if a client could choose its address.
    trustProxy: typeof services.config.trustProxy === 'number' ? hopsOf(services.config.trustProxy) : services.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    // A client that sends its headers or body slowly gets 408 after REQUEST_TIMEOUT_MS (Node's
    // default is 300 s, checked every 30 s); Fastify's other server defaults (keep-alive) stay.
    requestTimeout: services.config.requestTimeoutMs,
    http: {
      requestTimeout: services.config.requestTimeoutMs,
      headersTimeout: services.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(services.config.requestTimeoutMs / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Connections past MAX_CONNECTIONS are refused until some close.
  app.server.maxConnections = services.config.maxConnections;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Everything a request does runs as interactive work: ahead of jobs on the embedded database.
  app.addHook('onRequest', (_request, _reply, done) => runInteractive(done));
  // Text with a NUL character or broken Unicode (a lone surrogate) is refused at the edge: the
  // database cannot store it and the answers could not carry it.
  app.addHook('preValidation', (request, _reply, done) => {
    done(brokenText(request.query) || brokenText(request.body) || brokenText(request.params) ? new AppError(400, ErrorCode.invalidText, INVALID_TEXT_MESSAGE) : undefined);
  });
  // Set before the handler runs, so error answers carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Security headers (helmet), its middleware built once: @fastify/helmet builds it again for
  // every request (~4% of a feed page's time under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // Self-hosted installs often run on plain HTTP inside a network.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'https:'],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  // JSON answers of 1 KB and more go out compressed (br at quality 4, gzip) to clients that accept it;
  // the web build's files are compressed once at build time (server/http/web.ts).
  // Compressed in the request's own turn up to 512 KB (brotli at quality 4 takes ~1 ms for a feed
  // page): zlib's stream path queues on libuv's 4 threads behind the pipeline's file work.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 512 * 1024, encodings: ['br', 'gzip'] });
  // Limits are opt-in per route (server/http/rate-limit.ts).
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Herald API', version: VERSION, description: apiDescription() },
      components: {
        schemas: { WebhookPayload: z.toJSONSchema(ZWebhookPayload) as Record<string, unknown> },
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A session's access token (POST /api/auth/login/), valid 15 minutes." },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'hrld_…',
            description: 'A personal API token (My Profile → API Tokens, or POST /api/me/tokens/), sent the same way: `Authorization: Bearer hrld_…`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(systemRoutes(services), { prefix: '/api' });
  const keys = await loadAuthKeys(services.database, services.config);
  await app.register(authRoutes({ config: services.config, database: services.database, keys, queue: services.queue }), { prefix: '/api' });
  await app.register(searchRoutes({ database: services.database, search: services.search, keys }), { prefix: '/api' });
  const topicContext = { database: services.database, search: services.search, config: services.config, logger: services.logger, queue: services.queue, keys };
  await app.register(topicRoutes(topicContext), { prefix: '/api' });
  await app.register(onboardingRoutes(topicContext), { prefix: '/api' });
  await app.register(conversationRoutes(topicContext), { prefix: '/api' });
  await app.register(toolRoutes(topicContext), { prefix: '/api' });
  await app.register(meRoutes({ database: services.database, keys }), { prefix: '/api' });
  await app.register(apiTokenRoutes({ database: services.database, keys }), { prefix: '/api' });
  await app.register(feedsOutRoutes({ database: services.database, keys, publicUrl: services.config.publicUrl }), { prefix: '/api' });
  await app.register(deliveryRoutes({ database: services.database, keys, config: services.config }), { prefix: '/api' });
  await app.register(ssoRoutes({ database: services.database, keys, config: services.config }), { prefix: '/api' });
  await app.register(trendRoutes({ database: services.database, keys, config: services.config, logger: services.logger }), { prefix: '/api' });
  await app.register(eventRoutes({ database: services.database, keys, queue: services.queue }), { prefix: '/api' });
  await app.register(inspectionRoutes({ database: services.database, keys, queue: services.queue }), { prefix: '/api' });
  await app.register(accountRoutes({ config: services.config, database: services.database, keys, queue: services.queue }), { prefix: '/api' });
  await app.register(userRoutes({ database: services.database, keys }), { prefix: '/api' });
  await app.register(feedbackRoutes({ database: services.database, keys }), { prefix: '/api' });
  await app.register(sourceRoutes({ config: services.config, database: services.database, keys, queue: services.queue, operatorToken: services.operatorToken }), { prefix: '/api' });
  await app.register(feedRoutes({ database: services.database, keys, search: services.search, queue: services.queue }), { prefix: '/api' });
  await app.register(inboxRoutes({ database: services.database, keys, queue: services.queue }), { prefix: '/api' });
  await app.register(commentRoutes({ database: services.database, keys, queue: services.queue }), { prefix: '/api' });
  await app.register(boardRoutes({ database: services.database, keys, publicUrl: services.config.publicUrl }), { prefix: '/api' });
  await app.register(notificationRoutes({ database: services.database, keys, config: services.config, queue: services.queue }), { prefix: '/api' });
  await app.register(billingRoutes({ database: services.database, keys }), { prefix: '/api' });
  await app.register(planRoutes({ database: services.database, keys, config: services.config }), { prefix: '/api' });
  await app.register(stripeWebhookRoutes({ database: services.database, config: services.config }), { prefix: '/api' });
  await app.register(mcpRoutes({ ...topicContext, publicUrl: services.config.publicUrl }), { prefix: '/api' });
  await app.register(devMailboxRoutes(services));
  await app.register(devSeedRoutes(services));
  await registerWeb(app, services.webDist);
  return app;
}

const INVALID_TEXT_MESSAGE = 'The request holds text Herald cannot read: a NUL character or broken Unicode. Remove it and try again.';
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const BROKEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string in a parsed query, body or params (keys included) holds a NUL or a lone surrogate. */
function brokenText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return BROKEN.test(value);
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => brokenText(v, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(([key, v]) => BROKEN.test(key) || brokenText(v, depth + 1));
}

/** TRUST_PROXY as a number: the nearest this many hops are proxies. */
const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;
