import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { and, eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiTokenScope } from '../../../contract/api-tokens.js';
import { MCP_MESSAGES } from '../../../contract/mcp.js';
import { auditLog } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { feedKit } from '../feed/feed-test-kit.js';
import { onboardingKit } from '../onboarding/onboarding-test-kit.js';
import { createTopic } from '../user-topics/topics.js';

let herald: TestHerald;
let feed: ReturnType<typeof feedKit>;
let onboarding: ReturnType<typeof onboardingKit>;
/** The reader: onboarded (topics can be added), one topic, two articles. */
let reader: { id: string; access: string; topicId: number; articles: number[] };
let other: { userId: string; articleId: number };
const clients: Client[] = [];

beforeAll(async () => {
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'root@example.com' }, { listen: true });
  feed = feedKit(herald);
  onboarding = onboardingKit(herald);
  const user = await onboarding.onboardedUser();
  const topic = await createTopic(herald.database.db, user.id, { name: 'Federal Reserve monetary policy', description: 'About the Fed.', query: 'Federal Reserve monetary policy' });
  const articles = [
    await feed.publish(user.id, topic.id, { title: 'Fed raises rates by a quarter point', finalRank: 0.9 }),
    await feed.publish(user.id, topic.id, { title: 'Bank lending slows in March', publishedAt: new Date(Date.now() - 3 * 86_400_000), finalRank: 0.4 }),
  ];
  reader = { id: user.id, access: user.access, topicId: topic.id, articles };
  const stranger = await feed.reader();
  other = { userId: stranger.userId, articleId: await feed.publish(stranger.userId, stranger.topics[0]!.id, { title: 'Someone else’s article' }) };
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await herald?.close();
});

async function token(access: string, scopes: TApiTokenScope[]): Promise<{ id: string; token: string }> {
  const made = await onboarding.call('POST', '/api/me/tokens/', access, { name: `mcp ${Math.random()}`, scopes });
  expect(made.statusCode).toBe(201);
  return made.json();
}

const http = (bearer: string) => new StreamableHTTPClientTransport(new URL('/api/mcp', herald.url), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } });

async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'herald-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

type Result = Awaited<ReturnType<Client['callTool']>>;
const data = <T = Record<string, unknown>>(result: Result) => {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
};
const refusal = (result: Result) => {
  expect(result.isError).toBe(true);
  return result.structuredContent as { error: string; code: string; fields?: Record<string, string[]> };
};

const FEED_TOOLS = ['search_articles', 'get_article', 'latest', 'top_news', 'list_topics', 'get_brief', 'topic_trends'];
const TOPIC_TOOLS = ['list_topics', 'add_topic', 'retire_topic'];

describe('MCP over Streamable HTTP (/api/mcp)', () => {
  it('initialises, lists the tools of the token’s scopes, and answers each with the reader’s articles and links', async () => {
    const { token: full } = await token(reader.access, ['feed:read', 'topics:manage']);
    const client = await connect(http(full));
    expect(client.getServerVersion()).toMatchObject({ name: 'herald' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...new Set([...FEED_TOOLS, ...TOPIC_TOOLS])].sort());
    // Acting for another user is for inspection tokens: the others are not offered user_id.
    expect(Object.keys(tools.find((t) => t.name === 'latest')!.inputSchema.properties ?? {})).toEqual(['topic_id', 'limit', 'cursor']);

    const found = data<{ articles: { id: number; url: string }[] }>(await client.callTool({ name: 'search_articles', arguments: { query: '"quarter point"' } }));
    expect(found.articles.map((a) => a.id)).toEqual([reader.articles[0]]);
    expect(found.articles[0]!.url).toBe(`${herald.config.publicUrl}/a/${reader.articles[0]}`);
    // The date range: the older article is outside the last day.
    const recent = data<{ articles: { id: number }[] }>(await client.callTool({ name: 'search_articles', arguments: { query: 'lending', since: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) } }));
    expect(recent.articles).toEqual([]);

    const article = data<{ title: string; introduction: string; references: { number: number; url: string | null }[]; sections: unknown[] }>(
      await client.callTool({ name: 'get_article', arguments: { article_id: reader.articles[0] } }),
    );
    expect(article).toMatchObject({ title: 'Fed raises rates by a quarter point', introduction: expect.stringContaining('[1]') });
    expect(article.references.map((r) => r.number)).toEqual([1, 2]);
    expect(article.sections).toHaveLength(2);

    const latest = data<{ articles: { id: number }[]; next_cursor: string | null }>(await client.callTool({ name: 'latest', arguments: { limit: 1 } }));
    expect(latest.articles.map((a) => a.id)).toEqual([reader.articles[0]]);
    const next = data<{ articles: { id: number }[] }>(await client.callTool({ name: 'latest', arguments: { limit: 1, cursor: latest.next_cursor } }));
    expect(next.articles.map((a) => a.id)).toEqual([reader.articles[1]]);
    expect(data<{ articles: unknown[] }>(await client.callTool({ name: 'top_news', arguments: { topic_id: reader.topicId } })).articles).toHaveLength(2);
    expect(data<{ topics: { id: number }[] }>(await client.callTool({ name: 'list_topics', arguments: {} })).topics.map((t) => t.id)).toEqual([reader.topicId]);
    const brief = data<{ articles: { id: number }[] }>(await client.callTool({ name: 'get_brief', arguments: {} }));
    expect(brief.articles.map((a) => a.id)).toEqual([reader.articles[0]]);
    expect(data(await client.callTool({ name: 'topic_trends', arguments: { topic_id: reader.topicId, range: '7d' } }))).toMatchObject({ topic: { id: reader.topicId }, range: '7d', total: 2 });
    expect(data(await client.callTool({ name: 'topic_trends', arguments: {} }))).toMatchObject({ range: '30d', topics: [expect.objectContaining({ id: reader.topicId, total: 2 })] });

    // Resources (today's brief, each topic's profile) and the prompt.
    const resources = await client.listResources();
    expect(resources.resources.map((r) => r.uri)).toEqual(['herald://brief/today', `herald://topics/${reader.topicId}`]);
    const profile = await client.readResource({ uri: `herald://topics/${reader.topicId}` });
    expect(JSON.parse((profile.contents[0] as { text: string }).text)).toMatchObject({ id: reader.topicId, name: 'Federal Reserve monetary policy' });
    await expect(client.readResource({ uri: `herald://topics/999999` })).rejects.toThrow('Topic not found.');
    const prompt = await client.getPrompt({ name: 'brief_me', arguments: { topic: 'Federal Reserve monetary policy' } });
    expect(prompt.messages[0]!.content).toMatchObject({ type: 'text', text: expect.stringContaining(`topic_id ${reader.topicId}`) });
  });

  it('adds a topic through the web’s validation, clarification question included, and retires it', async () => {
    const { token: manage } = await token(reader.access, ['topics:manage']);
    const client = await connect(http(manage));
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...TOPIC_TOOLS].sort());
    const asked = data<{ status: string; question: string; options: { text: string }[]; conversation_id: string }>(await client.callTool({ name: 'add_topic', arguments: { topic: 'apple' } }));
    expect(asked).toMatchObject({ status: 'clarification_needed', question: expect.stringContaining('Which one did you mean?') });
    const added = data<{ status: string; topic: { id: number; name: string } }>(
      await client.callTool({ name: 'add_topic', arguments: { topic: 'apple', answer: asked.options[0]!.text, conversation_id: asked.conversation_id } }),
    );
    expect(added).toMatchObject({ status: 'validated', topic: { name: 'Apple Inc.' } });
    expect(refusal(await client.callTool({ name: 'add_topic', arguments: { topic: '   ' } }))).toMatchObject({ code: 'validation_failed', fields: { topic: ['Please enter a topic to track.'] } });
    expect(data(await client.callTool({ name: 'retire_topic', arguments: { topic_id: added.topic.id } }))).toMatchObject({ detail: 'Topic retired.' });
    expect(refusal(await client.callTool({ name: 'retire_topic', arguments: { topic_id: added.topic.id } }))).toEqual({ error: 'Topic not found.', code: 'not_found' });
  });

  it('keeps to the token: scopes, another user’s article not found, a revoked token refused, the rate limit', async () => {
    const readOnly = await token(reader.access, ['feed:read']);
    const client = await connect(http(readOnly.token));
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...FEED_TOOLS].sort());
    expect(refusal(await client.callTool({ name: 'add_topic', arguments: { topic: 'Oil prices' } })).code).toBe('api_token_scope');
    expect(refusal(await client.callTool({ name: 'search_documents', arguments: { query: 'rates' } })).code).toBe('api_token_scope');
    expect(refusal(await client.callTool({ name: 'get_article', arguments: { article_id: other.articleId } }))).toEqual({ error: 'Article not found.', code: 'not_found' });
    expect(refusal(await client.callTool({ name: 'latest', arguments: { user_id: other.userId } })).code).toBe('api_token_scope');

    expect((await onboarding.call('GET', `/api/me/tokens/`, reader.access)).statusCode).toBe(200);
    expect((await herald.app!.inject({ method: 'DELETE', url: `/api/me/tokens/${readOnly.id}/`, headers: { authorization: `Bearer ${reader.access}` } })).statusCode).toBeLessThan(300);
    await expect(client.callTool({ name: 'latest', arguments: {} })).rejects.toThrow(/api_token_invalid/);
    await expect(connect(http(reader.access))).rejects.toThrow(MCP_MESSAGES.tokenRequired);

    const limited = await token(reader.access, ['feed:read']);
    const previous = process.env.API_TOKEN_RATE_LIMIT;
    process.env.API_TOKEN_RATE_LIMIT = '3';
    try {
      const busy = await connect(http(limited.token)); // initialize and its notification: 2 requests
      await busy.callTool({ name: 'list_topics', arguments: {} });
      await expect(busy.callTool({ name: 'list_topics', arguments: {} })).rejects.toThrow(/rate_limited/);
    } finally {
      if (previous === undefined) delete process.env.API_TOKEN_RATE_LIMIT;
      else process.env.API_TOKEN_RATE_LIMIT = previous;
    }
  });

  it('answers invalid arguments with tool errors in the product’s words, never a server error', async () => {
    const { token: full } = await token(reader.access, ['feed:read', 'topics:manage']);
    const client = await connect(http(full));
    const bad: unknown[] = [null, 'text', -1, 0, 1.5, 2 ** 60, '', 'x'.repeat(100_000), [], {}, { nested: { deeper: [1, { a: null }] } }, true, '\u202e', '2024-13-45'];
    for (const tool of [...FEED_TOOLS, ...TOPIC_TOOLS]) {
      const { tools } = await client.listTools();
      const properties = Object.keys(tools.find((t) => t.name === tool)!.inputSchema.properties ?? {});
      for (const [i, value] of bad.entries()) {
        const field = properties[i % Math.max(1, properties.length)] ?? 'unexpected';
        const result = await client.callTool({ name: tool, arguments: { [field]: value } });
        if (result.isError) {
          const body = refusal(result);
          expect(body.code, `${tool} ${field}=${JSON.stringify(value).slice(0, 40)}`).toMatch(/^(validation_failed|not_found|api_token_scope|article_not_generated)$/);
          expect(JSON.stringify(result.content)).not.toMatch(/at .*\.(ts|js):\d+/);
        }
      }
    }
  });

  it('lets a superuser’s inspection token search the store and read as another user, on the record', async () => {
    const root = await feed.reader({ superuser: true });
    const { token: inspection } = await token(root.access, ['inspection', 'feed:read']);
    const client = await connect(http(inspection));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('search_documents');
    expect(Object.keys(tools.find((t) => t.name === 'latest')!.inputSchema.properties ?? {})).toContain('user_id');
    expect(data(await client.callTool({ name: 'search_documents', arguments: { query: 'Fed raises rates' } }))).toMatchObject({ results: expect.any(Array), mode: expect.any(String) });
    const theirs = data<{ articles: { id: number }[] }>(await client.callTool({ name: 'latest', arguments: { user_id: reader.id } }));
    expect(theirs.articles.map((a) => a.id)).toEqual(reader.articles);
    const audited = await herald.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, root.userId), eq(auditLog.subjectUserId, reader.id)));
    expect(audited.map((a) => a.action)).toEqual(['view_as_user']);
    // Without the inspection scope a superuser's token lists no store search.
    const { token: plain } = await token(root.access, ['feed:read']);
    expect((await (await connect(http(plain))).listTools()).tools.map((t) => t.name)).not.toContain('search_documents');
  });
});

describe('MCP over stdio (herald mcp)', () => {
  const stdio = (env: Record<string, string>) =>
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', fileURLToPath(new URL('../../main.ts', import.meta.url)), 'mcp'],
      env: { PATH: process.env.PATH ?? '', HERALD_URL: herald.url!, ...env },
      stderr: 'pipe',
    });

  it('relays to the running Herald with the token from HERALD_TOKEN: tools, errors and a revoked token', async () => {
    const made = await token(reader.access, ['feed:read']);
    const client = await connect(stdio({ HERALD_TOKEN: made.token }));
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...FEED_TOOLS].sort());
    const article = data<{ id: number; references: unknown[] }>(await client.callTool({ name: 'get_article', arguments: { article_id: reader.articles[0] } }));
    expect(article.id).toBe(reader.articles[0]);
    expect(refusal(await client.callTool({ name: 'get_article', arguments: { article_id: other.articleId } })).code).toBe('not_found');
    expect(refusal(await client.callTool({ name: 'get_article', arguments: { article_id: 'one' } })).code).toBe('validation_failed');
    expect(refusal(await client.callTool({ name: 'retire_topic', arguments: { topic_id: reader.topicId } })).code).toBe('api_token_scope');

    await herald.app!.inject({ method: 'DELETE', url: `/api/me/tokens/${made.id}/`, headers: { authorization: `Bearer ${reader.access}` } });
    await expect(client.callTool({ name: 'latest', arguments: {} })).rejects.toThrow('This API token is invalid, expired or revoked. (api_token_invalid)');
  });
});
