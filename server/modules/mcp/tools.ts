import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { TApiTokenScope } from '../../../contract/api-tokens.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { TArticleSummary } from '../../../contract/feed.js';
import { TREND_RANGES } from '../../../contract/trends.js';
import { ZValidateTopicRequest, TOPIC_MESSAGES } from '../../../contract/topics.js';
import { viewedUserId, type Caller, type ViewAccess } from '../../auth/viewed-user.js';
import { documents } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { searchChunks } from '../../search/search.js';
import { topicTrends, trendsOverview } from '../../trends/topic-trends.js';
import { getArticle } from '../feed/get-article.js';
import { listLatest } from '../feed/list-latest.js';
import { searchTimeline } from '../feed/search-timeline.js';
import { topNews } from '../feed/top-news.js';
import { validateTopicRequest } from '../topics/validate.js';
import type { TopicContext } from '../user-topics/context.js';
import { activeTopics, presentTopic, retireTopic } from '../user-topics/topics.js';
import { todaysBrief } from './brief.js';

/** What a tool call runs with: the services, and who calls (the token's owner, its scopes). */
export interface McpContext extends TopicContext {
  /** Herald's address for the links answers carry (PUBLIC_URL). */
  publicUrl: string;
}

export interface McpCaller {
  userId: string;
  scopes: readonly TApiTokenScope[];
  isSuperuser: boolean;
  /** How the viewed-user checks and the audit log see the call (the /api/mcp request). */
  request: Caller;
  /** The limit on calls that may reach a language model (the topic calls' 60 a minute per user); throws 429 past it. */
  aiLimit?: () => Promise<void>;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** Any one of these admits the tool (a superuser tool also needs a superuser owner). */
  scopes: readonly TApiTokenScope[];
  superuser?: boolean;
  input: z.ZodObject;
  /** Reads, or changes (a change made as another user is audited as one, and refused to a preview). */
  access: ViewAccess;
  run(context: McpContext, caller: McpCaller, args: Record<string, unknown>): Promise<object>;
}

const id = (what: string) => z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe(what);
const day = (what: string) => z.iso.date().or(z.iso.datetime({ offset: true })).describe(`${what} (YYYY-MM-DD or an ISO date-time)`);
const userId = z.uuid('a user id').optional().describe('Superusers with the inspection scope: act for this user (the read is audited).');
const topicId = id("One of the reader's topic ids (list_topics); leave out for every topic.").optional();

/** The user a call reads or changes: the token's owner, or (inspection) the user_id given, checked and audited as the API does. */
async function whose(context: McpContext, caller: McpCaller, args: Record<string, unknown>, access: ViewAccess): Promise<string> {
  return viewedUserId(context.database, { ...caller.request, method: access === 'read' ? 'GET' : 'POST' }, args.user_id as string | undefined, access);
}

/** The article's own page in Herald, for the assistant to link. */
const articleUrl = (context: McpContext, articleId: number) => `${context.publicUrl}/a/${articleId}`;
const withLink = (context: McpContext) => (article: TArticleSummary) => ({ ...article, url: articleUrl(context, article.id) });

/** The original addresses of an article's references (the stored documents are shared by every reader). */
async function referenceLinks(context: McpContext, ids: (number | string)[]): Promise<Map<number, string>> {
  const numeric = [...new Set(ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (numeric.length === 0) return new Map();
  const rows = await context.database.db.select({ id: documents.id, url: documents.url }).from(documents).where(inArray(documents.id, numeric));
  return new Map(rows.filter((r) => r.url).map((r) => [r.id, r.url!]));
}

const since = (value: unknown) => (typeof value === 'string' ? new Date(value) : undefined);
/** A date alone as `until` means the whole of that day. */
const until = (value: unknown) => (typeof value === 'string' ? new Date(/^\d{4}-\d\d-\d\d$/.test(value) ? `${value}T23:59:59.999Z` : value) : undefined);

const CITE = 'Each article carries numbered references ([n] markers in its text); cite them with their links.';

export const TOOLS: ToolDefinition[] = [
  {
    name: 'search_articles',
    title: 'Search my articles',
    description: `Searches the reader's own Herald articles (title, theme, introduction, points, sections) by words, best match first, optionally within one topic and a date range. ${CITE} Open one with get_article.`,
    scopes: ['feed:read'],
    access: 'read',
    input: z.object({
      query: z.string().trim().min(1, 'Type what to look for.').max(500).describe('Words to look for (web search syntax: "quoted phrase", or, -word).'),
      topic_id: topicId,
      since: day('Published on or after').optional(),
      until: day('Published on or before').optional(),
      user_id: userId,
    }),
    async run(context, caller, args) {
      const userId = await whose(context, caller, args, 'read');
      const found = await searchTimeline(context.database.db, userId, args.query as string, args.topic_id as number | undefined, { since: since(args.since), until: until(args.until) });
      return { articles: found.articles.map(withLink(context)) };
    },
  },
  {
    name: 'get_article',
    title: 'Read an article',
    description: `One of the reader's articles in full: title, theme, introduction (the lead), points, sections, why it matters (impact), takeaways, key metrics and the numbered references with their links. ${CITE}`,
    scopes: ['feed:read'],
    access: 'read',
    input: z.object({ article_id: id('The article id (from search_articles, latest, top_news or get_brief).'), user_id: userId }),
    async run(context, caller, args) {
      const userId = await whose(context, caller, args, 'read');
      const article = await getArticle(context.database.db, userId, args.article_id as number);
      const links = await referenceLinks(context, article.references.map((r) => r.document_id));
      return { ...article, url: articleUrl(context, article.id), references: article.references.map((r) => ({ ...r, url: links.get(Number(r.document_id)) ?? null })) };
    },
  },
  {
    name: 'latest',
    title: 'Latest articles',
    description: `The reader's feed, newest first (Latest), of every topic or one. Page on with next_cursor. ${CITE}`,
    scopes: ['feed:read'],
    access: 'read',
    input: z.object({
      topic_id: topicId,
      limit: z.number().int().min(1).max(50).default(10).describe('Articles per page (1-50, default 10).'),
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page.'),
      user_id: userId,
    }),
    async run(context, caller, args) {
      const userId = await whose(context, caller, args, 'read');
      const page = await listLatest(context.database.prepared, userId, { page: 1, perPage: args.limit as number, cursor: args.cursor as string | undefined, topicId: args.topic_id as number | undefined });
      return { articles: page.articles.map(withLink(context)), next_cursor: page.next_cursor };
    },
  },
  {
    name: 'top_news',
    title: 'Top News',
    description: `Top News: the most important of the reader's newest articles (at most five), of every topic or one. ${CITE}`,
    scopes: ['feed:read'],
    access: 'read',
    input: z.object({ topic_id: topicId, user_id: userId }),
    async run(context, caller, args) {
      const userId = await whose(context, caller, args, 'read');
      const top = await topNews(context.database.db, userId, args.topic_id as number | undefined);
      return { articles: top.articles.map(withLink(context)) };
    },
  },
  {
    name: 'list_topics',
    title: 'My topics',
    description: 'The topics the reader follows, each with its id, description, query, key events, entities and places, and sources.',
    scopes: ['feed:read', 'topics:manage'],
    access: 'read',
    input: z.object({ user_id: userId }),
    async run(context, caller, args) {
      const userId = await whose(context, caller, args, 'read');
      return { topics: (await activeTopics(context.database.db, userId)).map(presentTopic) };
    },
  },
  {
    name: 'add_topic',
    title: 'Follow a topic',
    description:
      'Adds a topic for the reader, read as the web app reads it. The answer is "validated" (the topic, which starts filling the feed), "clarification_needed" (ask the reader the question, with its options, then call again with the same topic, their answer and the conversation_id), "duplicate" (already followed) or "failed" (with the reason).',
    scopes: ['topics:manage'],
    access: 'write',
    input: z.object({
      topic: z.string().describe('The topic in the reader\'s words, e.g. "EU AI Act enforcement" (at most 200 characters).'),
      answer: z.string().optional().describe("The reader's answer to the clarification question (with conversation_id)."),
      conversation_id: z.string().optional().describe('The conversation_id of the clarification question being answered.'),
      sources: z.array(z.number().int()).optional().describe('Source collections to follow it in (ids); leave out for the usual ones.'),
      user_id: userId,
    }),
    async run(context, caller, args) {
      // The web's own request schema, with its words (empty, too long, an answer without its question).
      const body = ZValidateTopicRequest.parse({ topic: args.topic, answer: args.answer, conversation_id: args.conversation_id, sources: args.sources ?? [], existing_topics: [] });
      await caller.aiLimit?.();
      const userId = await whose(context, caller, args, 'write');
      return validateTopicRequest(context, userId, body);
    },
  },
  {
    name: 'retire_topic',
    title: 'Stop following a topic',
    description: "Retires one of the reader's topics: its articles leave the feed (they stay in Previous Articles). It can be added again later.",
    scopes: ['topics:manage'],
    access: 'write',
    input: z.object({ topic_id: id("The topic's id (list_topics)."), user_id: userId }),
    async run(context, caller, args) {
      const userId = await whose(context, caller, args, 'write');
      if (!(await retireTopic(context.database.db, userId, args.topic_id as number))) throw new AppError(404, ErrorCode.notFound, TOPIC_MESSAGES.notFound);
      return { detail: 'Topic retired.', topic_id: args.topic_id };
    },
  },
  {
    name: 'get_brief',
    title: "Today's brief",
    description: `Today's brief: the reader's best articles of the last 24 hours (breaking ones held back from alerts first) and "Trending in your topics". ${CITE}`,
    scopes: ['feed:read'],
    access: 'read',
    input: z.object({ user_id: userId }),
    async run(context, caller, args) {
      const userId = await whose(context, caller, args, 'read');
      const brief = await todaysBrief(context, userId);
      return { ...brief, articles: brief.articles.map((a) => ({ ...a, url: articleUrl(context, a.id) })) };
    },
  },
  {
    name: 'topic_trends',
    title: 'Topic trends',
    description:
      "Trends of one of the reader's topics (its dashboard: articles over time by source kind, the change against the period before, spikes explained by their articles, rising names, top stories and a cited \"what changed\"), or, without topic_id, every topic side by side.",
    scopes: ['feed:read'],
    access: 'read',
    input: z.object({ topic_id: topicId, range: z.enum(TREND_RANGES).default('30d').describe('24h, 7d, 30d or 90d (default 30d).'), user_id: userId }),
    async run(context, caller, args) {
      const userId = await whose(context, caller, args, 'read');
      const trends = { db: context.database.db, llm: context.config.llm, logger: context.logger };
      const range = args.range as (typeof TREND_RANGES)[number];
      return args.topic_id === undefined ? trendsOverview(trends, userId, range) : topicTrends(trends, userId, args.topic_id as number, range);
    },
  },
  {
    name: 'search_documents',
    title: 'Search the store (superusers)',
    description: "Superusers: hybrid full-text and vector search over every document Herald has stored (not one reader's articles), best first, with each chunk's document, source and date.",
    scopes: ['inspection'],
    superuser: true,
    access: 'read',
    input: z.object({
      query: z.string().trim().min(1, 'Type what to look for.').max(1000),
      limit: z.number().int().min(1).max(50).default(10),
      offset: z.number().int().min(0).max(1000).default(0),
      collections: z.array(z.number().int().positive()).max(50).optional().describe('Source collection ids to keep.'),
      since: day('Documents dated on or after').optional(),
      until: day('Documents dated on or before').optional(),
    }),
    async run(context, _caller, args) {
      return searchChunks(context.database, context.search, {
        query: args.query as string,
        limit: args.limit as number,
        offset: args.offset as number,
        collections: args.collections as number[] | undefined,
        from: since(args.since),
        to: until(args.until),
      });
    },
  },
];

/** The tools a token of these scopes may list and call (the superuser tools only for a superuser owner). */
export function toolsFor(caller: Pick<McpCaller, 'scopes' | 'isSuperuser'>): ToolDefinition[] {
  return TOOLS.filter((tool) => tool.scopes.some((scope) => caller.scopes.includes(scope)) && (!tool.superuser || caller.isSuperuser));
}
