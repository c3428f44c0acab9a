import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../contract/errors.js';
import { MCP_MESSAGES } from '../../../contract/mcp.js';
import { authenticateApiToken, isApiToken } from '../../auth/api-tokens.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import { buildMcpServer } from './server.js';
import type { McpContext } from './tools.js';

/**
 * The MCP server over Streamable HTTP at /api/mcp, stateless: each POST carries one JSON-RPC
 * message (or a batch) and is answered as JSON, with a server built for the request's token. Only a
 * personal API token opens it (a session's access token does not): its checks are the API's
 * (revoked or expired 401, rate limit per token 429, scopes), and its scopes decide the tools.
 * Hidden from /api/docs: it speaks JSON-RPC, not the REST shapes the description lists.
 */
export const mcpRoutes =
  (context: McpContext): FastifyPluginAsync =>
  async (app) => {
    const { database } = context;
    // add_topic may reach a language model: the topic calls' own limit, per user.
    const ai = perUserRateLimit(app, 'topics-ai', 60);

    const tokenOnly = async (request: FastifyRequest, reply: FastifyReply) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !isApiToken(bearer)) {
        reply.header('www-authenticate', 'Bearer realm="herald"');
        throw new AppError(401, ErrorCode.unauthorized, MCP_MESSAGES.tokenRequired);
      }
      request.auth = await authenticateApiToken(database, request, reply, bearer, false);
    };

    app.post('/mcp', { preHandler: tokenOnly, schema: { hide: true } }, async (request, reply) => {
      const auth = request.auth!;
      const [owner] = await database.db.select({ isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, auth.userId));
      const server = buildMcpServer(context, {
        userId: auth.userId,
        scopes: auth.apiToken!.scopes,
        isSuperuser: owner?.isSuperuser ?? false,
        request: { auth, method: request.method, url: request.url, ip: request.ip },
        aiLimit: () => ai(request, reply),
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The answer is written by the transport; headers set on the reply so far go with it.
      reply.raw.setHeader('x-request-id', request.id);
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: MCP_MESSAGES.unexpected }, id: null }));
      }
    });

    // No sessions and no server-sent event stream: GET and DELETE are refused as the transport's spec asks (405).
    for (const method of ['GET', 'DELETE'] as const) {
      app.route({
        method,
        url: '/mcp',
        schema: { hide: true },
        handler: async (_request, reply) => {
          reply.header('allow', 'POST');
          throw new AppError(405, ErrorCode.methodNotAllowed, MCP_MESSAGES.statelessOnly);
        },
      });
    }
  };
