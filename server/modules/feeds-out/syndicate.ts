import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Feed } from 'feed';
import { LRUCache } from 'lru-cache';
import { FEED_OUT_ITEMS } from '../../../contract/feeds-out.js';
import type { TReaderArticle } from '../../../contract/feed.js';
import type { DbOrTx } from '../../db/client.js';
import { boardItems, documents, events, topics } from '../../db/schema/index.js';
import { newestFirst, publishedArticles, selectFullArticles } from '../feed/feed-query.js';
import { presentArticle } from '../feed/presenter.js';
import { feedAddresses, type FeedFormat, type FeedScope } from './addresses.js';

/** What a conditional GET is answered from, before any article is read. */
export interface FeedVersion {
  etag: string;
  lastModified: Date | null;
}

/**
 * The version of a user's feed (of one topic): the ids of the FEED_OUT_ITEMS newest articles and
 * when each last changed, read through the published-articles index (a few dozen index entries,
 * however many articles the user has). A feed reader asking again with the same ETag is answered
 * 304 from this alone.
 */
export async function feedVersion(db: DbOrTx, userId: string, format: FeedFormat, scope: FeedScope = {}): Promise<FeedVersion> {
  const changed = sql<string>`coalesce(${events.articleUpdatedAt}, ${events.publishedAt}, ${events.articleGeneratedAt})::text`;
  const rows =
    scope.boardId !== undefined
      ? await boardArticles(db, scope.boardId, changed)
      : await db.select({ id: events.id, changed }).from(events).where(publishedArticles(userId, scope.topicId)).orderBy(...newestFirst).limit(FEED_OUT_ITEMS);
  const hash = createHash('sha256').update(`${format}|${scope.topicId ?? ''}|${scope.boardId ?? ''}`);
  let latest: Date | null = null;
  for (const row of rows) {
    hash.update(`|${row.id}@${row.changed}`);
    const at = new Date(row.changed);
    if (!latest || at > latest) latest = at;
  }
  return { etag: `W/"${hash.digest('base64url').slice(0, 27)}"`, lastModified: latest };
}

/**
 * A board's FEED_OUT_ITEMS newest items (newest added first): each article's id and when the item
 * or its article last changed (an item added, its note edited, the article composed again).
 */
function boardArticles(db: DbOrTx, boardId: number, changed: ReturnType<typeof sql<string>>) {
  return db
    .select({ id: events.id, changed: sql<string>`greatest(${boardItems.createdAt}, ${boardItems.noteUpdatedAt}, ${changed}::timestamptz)::text` })
    .from(boardItems)
    .innerJoin(events, eq(events.id, boardItems.eventId))
    .where(eq(boardItems.boardId, boardId))
    .orderBy(desc(boardItems.id))
    .limit(FEED_OUT_ITEMS);
}

/** Feed documents already written, by owner and ETag: a reader that sends no validators costs no render. */
const rendered = new LRUCache<string, string>({ max: 500, maxSize: 64 * 1024 * 1024, sizeCalculation: (body) => body.length || 1, ttl: 10 * 60_000 });

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Markdown's bold and italics as HTML, the rest as text. */
const inline = (markdown: string) =>
  escape(markdown)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*(?!\s)(.+?)\*(?!\*)/g, '$1<em>$2</em>');

/** An item's body: the introduction, the points, and the numbered references they cite. */
function itemHtml(article: TReaderArticle, sourceUrls: Map<string, string>, publicUrl: string): string {
  const parts = [`<p>${inline(article.introduction)}</p>`];
  // A replayed document (the demo source) says when it was first published, as the reader does.
  if (article.original_published_at) parts.unshift(`<p><em>Originally published ${article.original_published_at.slice(0, 10)} (replayed).</em></p>`);
  if (article.points.length) parts.push(`<ul>${article.points.map((point) => `<li>${inline(point)}</li>`).join('')}</ul>`);
  if (article.references.length) {
    const items = article.references.map((ref) => {
      const href = sourceUrls.get(String(ref.document_id)) ?? `${publicUrl}/d/${encodeURIComponent(String(ref.document_id))}`;
      const meta = [ref.source, ref.date.slice(0, 10)].filter(Boolean).join(', ');
      return `<li value="${ref.number}"><a href="${escape(href)}">${escape(ref.title)}</a>${meta ? ` (${escape(meta)})` : ''}</li>`;
    });
    parts.push(`<p><strong>References</strong></p><ol>${items.join('')}</ol>`);
  }
  return parts.join('\n');
}

/** Text inside a CDATA section: every "]]>" split so the section cannot end early (the XML writer, xml-js, splits only the first). */
const cdataText = (text: string) => text.replaceAll(']]>', ']]\u200b>');

/**
 * How an article's title and lead are written in each format, so that what a source wrote is shown
 * as text and never runs as markup: RSS titles are text (in CDATA) and its descriptions HTML; Atom
 * writes both as type="html"; JSON Feed titles and summaries are text.
 */
const TEXT_IN: Record<FeedFormat, { title: (text: string) => string; summary: (text: string) => string }> = {
  rss: { title: cdataText, summary: escape },
  atom: { title: escape, summary: escape },
  json: { title: (text) => text, summary: (text) => text },
};

export interface FeedOwner {
  userId: string;
  firstName: string;
  /** The board's name, for a board's feed. */
  boardName?: string;
  key: string;
  publicUrl: string;
}

/** The feed document: the newest FEED_OUT_ITEMS articles, each linking to its reader page (kept by ETag). */
export async function renderFeed(db: DbOrTx, owner: FeedOwner, format: FeedFormat, version: FeedVersion, scope: FeedScope = {}): Promise<string> {
  const cacheKey = `${owner.key}|${owner.firstName}|${owner.boardName ?? ''}|${version.etag}`;
  const known = rendered.get(cacheKey);
  if (known !== undefined) return known;
  const body = await writeFeed(db, owner, format, version, scope);
  rendered.set(cacheKey, body);
  return body;
}

/** The feed's articles, newest first: the reader's published ones (of a topic), or a board's items in the order they were added. */
async function articlesOf(db: DbOrTx, userId: string, scope: FeedScope) {
  if (scope.boardId === undefined) return (await selectFullArticles(db).where(publishedArticles(userId, scope.topicId)).orderBy(...newestFirst).limit(FEED_OUT_ITEMS)).map(presentArticle);
  const ids = (await boardArticles(db, scope.boardId, sql<string>`now()`)).map((row) => row.id);
  const rows = ids.length ? await selectFullArticles(db).where(inArray(events.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, presentArticle(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The feed's title and description. */
function titled(owner: FeedOwner, topicName: string | undefined) {
  if (owner.boardName !== undefined) return { title: `Herald board: ${owner.boardName}`, description: `The articles on the board ${owner.boardName}, newest first.` };
  if (topicName) return { title: `Herald: ${topicName}`, description: `What Herald wrote about ${topicName}, newest first.` };
  const who = owner.firstName.trim() ? `${owner.firstName.trim()}’s` : 'Your';
  return { title: `Herald: ${who} feed`, description: 'What Herald wrote about your topics, newest first.' };
}

async function writeFeed(db: DbOrTx, owner: FeedOwner, format: FeedFormat, version: FeedVersion, scope: FeedScope): Promise<string> {
  const { topicId } = scope;
  const articles = await articlesOf(db, owner.userId, scope);
  const documentIds = [...new Set(articles.flatMap((a) => a.references.map((ref) => Number(ref.document_id)).filter(Number.isSafeInteger)))];
  const sourceUrls = new Map(
    documentIds.length
      ? (await db.select({ id: documents.id, url: documents.url }).from(documents).where(inArray(documents.id, documentIds))).flatMap((d) => (d.url ? [[String(d.id), d.url] as const] : []))
      : [],
  );
  const topicName = topicId === undefined ? undefined : (await db.select({ name: topics.name }).from(topics).where(and(eq(topics.id, topicId), eq(topics.userId, owner.userId))))[0]?.name;
  const links = feedAddresses(owner.publicUrl, owner.key, scope);
  const feed = new Feed({
    id: links.atom,
    ...titled(owner, topicName),
    link: owner.publicUrl,
    language: 'en',
    updated: version.lastModified ?? new Date(0),
    generator: 'Herald',
    feedLinks: { rss: links.rss, atom: links.atom, json: links.json },
    copyright: 'Herald articles cite their public sources by number.',
  });
  const { title, summary } = TEXT_IN[format];
  for (const article of articles) {
    const link = `${owner.publicUrl}/a/${article.id}`;
    feed.addItem({
      title: title(article.title),
      id: link,
      guid: link,
      link,
      date: new Date(article.updated_at ?? article.published_at),
      published: new Date(article.published_at),
      description: summary(article.introduction),
      content: itemHtml(article, sourceUrls, owner.publicUrl),
      category: [{ name: article.topic.name }],
    });
  }
  return format === 'rss' ? feed.rss2() : format === 'atom' ? feed.atom1() : feed.json1();
}
