import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode as RpcCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ErrorCode, type TErrorBody } from '../../../contract/errors.js';
import { MCP_MESSAGES } from '../../../contract/mcp.js';
import { databaseUnavailable, AppError } from '../../http/errors.js';
import { VERSION } from '../../version.js';
import { activeTopics, presentTopic } from '../user-topics/topics.js';
import { todaysBrief } from './brief.js';
import { toolsFor, type McpCaller, type McpContext, type ToolDefinition } from './tools.js';

const INSTRUCTIONS = [
  "Herald is the reader's intelligence feed: articles written from public sources about the topics they follow, each citing its sources by number.",
  'Search and read the reader\'s articles with search_articles, latest, top_news, get_brief and get_article; cite with the [n] references and their links.',
  'Topics: list_topics, and with the topics:manage scope add_topic (ask the reader its clarification question when it has one) and retire_topic.',
].join(' ');

/**
 * One MCP server for one caller (a personal API token): the tools, resources and prompt its scopes
 * admit, each running the same operation as the REST call (feed, topics, trends, search modules),
 * as the token's owner, with the same checks. Built per request: the HTTP transport is stateless,
 * so any API process answers any request.
 */
export function buildMcpServer(context: McpContext, caller: McpCaller): McpServer {
  const server = new McpServer({ name: 'herald', title: 'Herald', version: VERSION }, { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: false } } });
  const tools = toolsFor(caller);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const acting = caller.scopes.includes('inspection') && caller.isSuperuser;

  // Tools by the SDK's low-level handlers rather than McpServer.registerTool: arguments are checked
  // here, so a wrong one answers a tool error in the product's words with a stable code (the SDK's
  // own check answers its own wording).
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(acting || !('user_id' in tool.input.shape) ? tool.input : tool.input.omit({ user_id: true }), { io: 'input', unrepresentable: 'any' }) as { type: 'object' },
      annotations: { title: tool.title, readOnlyHint: tool.access === 'read', destructiveHint: tool.name === 'retire_topic', openWorldHint: false },
    })),
  }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) return failure({ error: `There is no tool "${request.params.name}" for this API token: its scopes (${caller.scopes.join(', ')}) admit ${tools.map((t) => t.name).join(', ') || 'none'}.`, code: ErrorCode.apiTokenScope });
    return callTool(context, caller, tool, request.params.arguments ?? {});
  });

  if (caller.scopes.includes('feed:read')) {
    server.registerResource('brief', 'herald://brief/today', { title: "Today's brief", description: "The reader's best articles of the last 24 hours and what is trending in their topics.", mimeType: 'application/json' }, async (uri) =>
      json(uri.href, await guarded(context, caller, () => todaysBrief(context, caller.userId))),
    );
  }
  if (caller.scopes.includes('feed:read') || caller.scopes.includes('topics:manage')) {
    const template = new ResourceTemplate('herald://topics/{topic_id}', {
      list: async () => ({
        resources: (await guarded(context, caller, () => activeTopics(context.database.db, caller.userId))).map((topic) => ({
          uri: `herald://topics/${topic.id}`,
          name: topic.name,
          description: `The profile of the topic "${topic.name}": what it covers, its query, key events, entities and places.`,
          mimeType: 'application/json',
        })),
      }),
    });
    server.registerResource('topic', template, { title: 'Topic profile', description: "One of the reader's topics and its profile.", mimeType: 'application/json' }, async (uri, variables) => {
      const topicId = Number(variables.topic_id);
      const topics = await guarded(context, caller, () => activeTopics(context.database.db, caller.userId));
      const topic = topics.find((t) => t.id === topicId);
      if (!topic) throw new McpError(RpcCode.InvalidParams, 'Topic not found.', { code: ErrorCode.notFound });
      return json(uri.href, presentTopic(topic));
    });
  }
  if (caller.scopes.includes('feed:read')) {
    server.registerPrompt(
      'brief_me',
      { title: 'Brief me on {topic}', description: 'A briefing on one of your topics from your Herald articles, with citations.', argsSchema: { topic: z.string().max(200).describe('The topic, as you follow it in Herald or in your own words.') } },
      async ({ topic }) => {
        const followed = await guarded(context, caller, () => activeTopics(context.database.db, caller.userId));
        const match = followed.find((t) => t.name.toLowerCase() === topic.trim().toLowerCase());
        const where = match ? `It is the Herald topic "${match.name}" (topic_id ${match.id}).` : 'Find the matching Herald topic with list_topics, or search my articles for it with search_articles.';
        return {
          description: `Brief me on ${topic}`,
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: `Brief me on ${topic}. ${where} Use topic_trends for what changed, top_news and latest for the newest articles, and get_article for the ones that matter. Lead with what happened and why it matters to me, then the dates ahead. Cite every claim with the article's numbered references and their links.`,
              },
            },
          ],
        };
      },
    );
  }
  return server;
}

function json(uri: string, value: unknown) {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] };
}

/** A resource or prompt read: an AppError becomes a JSON-RPC error in the product's words, never a stack. */
async function guarded<T>(context: McpContext, caller: McpCaller, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const body = errorBody(context, caller, error);
    throw new McpError(RpcCode.InvalidParams, body.error, { code: body.code });
  }
}

/** Runs one tool: its arguments checked by its schema, then the operation; every failure a tool error `{error, code, fields?}`. */
export async function callTool(context: McpContext, caller: McpCaller, tool: ToolDefinition, input: unknown): Promise<CallToolResult> {
  try {
    const parsed = tool.input.safeParse(input);
    if (!parsed.success) throw parsed.error;
    const result = await tool.run(context, caller, parsed.data);
    return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> };
  } catch (error) {
    return failure(errorBody(context, caller, error, tool.name));
  }
}

function failure(body: TErrorBody): CallToolResult {
  const detail = body.fields ? ` ${Object.entries(body.fields).map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ')}` : '';
  return { isError: true, content: [{ type: 'text', text: `${body.error}${detail} (${body.code})` }], structuredContent: body };
}

/** The API's error handling (http/errors.ts) for a tool: AppError as it is, a schema failure as validation_failed with its fields, the rest logged. */
function errorBody(context: McpContext, caller: McpCaller, error: unknown, tool?: string): TErrorBody {
  if (error instanceof AppError) return { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
  if (error instanceof z.ZodError) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.issues) (fields[issue.path.map(String).join('.') || 'arguments'] ??= []).push(issue.message);
    return { error: MCP_MESSAGES.invalidArguments, code: ErrorCode.validationFailed, fields };
  }
  if (databaseUnavailable(error)) return { error: MCP_MESSAGES.unavailable, code: ErrorCode.serviceUnavailable };
  context.logger.error({ err: error, tool, userId: caller.userId }, 'MCP tool failed');
  return { error: MCP_MESSAGES.unexpected, code: ErrorCode.internalError };
}
