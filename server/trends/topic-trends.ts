import { and, asc, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { collectionKey } from '../../contract/collections.js';
import { ErrorCode } from '../../contract/errors.js';
import { findModel, MODEL_DEFAULTS } from '../../contract/models.js';
import type { TrendRange as TopicTrendsRange, TRisingName, TSpike, TTopicTrends, TTrendAnalysis, TTrendArticle, TTrendsOverview } from '../../contract/trends.js';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import { topics, users } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { firstSentence, trendAnalysis, type TrendAnalysisInput, type TTrendAnalysisOutput } from '../intelligence/capabilities/trend-analysis.js';
import { usageMeter } from '../billing/meter.js';
import { runCapability } from '../intelligence/engine.js';
import { placeNamed } from '../intelligence/knowledge/places.js';
import { articlesBetween, articlesNaming, bucketCounts, latestPublished, nameCounts, namedBefore, topStories, type BucketUnit, type TrendArticleRow } from './trend-queries.js';
import { BASELINE_BUCKETS, change, findSpikes, foldFragments, RISING_MIN_COUNT, risingNames } from './trend-maths.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RANGES: Record<TopicTrendsRange, { unit: BucketUnit; buckets: number; words: string }> = {
  '24h': { unit: 'hour', buckets: 24, words: 'the last 24 hours' },
  '7d': { unit: 'day', buckets: 7, words: 'the last 7 days' },
  '30d': { unit: 'day', buckets: 30, words: 'the last 30 days' },
  '90d': { unit: 'day', buckets: 90, words: 'the last 90 days' },
};
/** Rising names: the last 7 days against the 30 before. */
const RECENT_DAYS = 7;
const PREVIOUS_DAYS = 30;
const MAX_RISING = 10;
const MAX_STORIES = 5;
const SPIKE_ARTICLES = 5;
const NAME_ARTICLES = 5;

export interface TrendsContext {
  db: DbOrTx;
  llm: Config['llm'];
  logger: Logger;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const article = (row: TrendArticleRow): TTrendArticle => ({ id: row.id, title: row.title, published_at: row.published_at });

/** The buckets of a range ending with the current one, and the 14 (or the range's length, if longer) before it for the baseline and the previous period. */
function windowOf(range: TopicTrendsRange, now: Date) {
  const { unit, buckets } = RANGES[range];
  const size = unit === 'hour' ? HOUR : DAY;
  const end = Math.floor(now.getTime() / size) * size + size;
  const from = end - buckets * size;
  const queryFrom = from - Math.max(buckets, BASELINE_BUCKETS) * size;
  return { unit, size, end, from, queryFrom, buckets, offset: (from - queryFrom) / size };
}

/** What the trends read of a topic: whether topic_name_days counts its names too. */
const TOPIC = { id: topics.id, name: topics.name, createdAt: topics.createdAt, namesCountedAt: topics.namesCountedAt };
type TrendTopic = { id: number; createdAt: Date; namesCountedAt: Date | null };

/** The user's topics they still follow, oldest first (the overview's cards, the brief's lines). */
const activeTopicsOf = (db: DbOrTx, userId: string) =>
  db.select(TOPIC).from(topics).where(and(eq(topics.userId, userId), isNull(topics.retiredAt))).orderBy(asc(topics.id));

/** The topic, the caller's (or the viewed user's): another user's topic is not found. */
async function topicOf(db: DbOrTx, userId: string, topicId: number) {
  const [topic] = await db.select(TOPIC).from(topics).where(and(eq(topics.id, topicId), eq(topics.userId, userId)));
  if (!topic) throw new AppError(404, ErrorCode.notFound, 'Topic not found.');
  return topic;
}

/** Series, totals and spikes of one topic over a range. */
export async function seriesOf(db: DbOrTx, topic: { id: number; createdAt: Date }, range: TopicTrendsRange, now: Date) {
  const w = windowOf(range, now);
  const count = (w.end - w.queryFrom) / w.size;
  const totals = Array<number>(count).fill(0);
  const kinds = Array.from({ length: count }, () => ({}) as Record<string, number>);
  for (const row of await bucketCounts(db, { topicId: topic.id, from: new Date(w.queryFrom) }, w.unit)) {
    const i = Math.round((row.at - w.queryFrom) / w.size);
    if (i < 0 || i >= count) continue;
    totals[i]! += row.n;
    const kind = collectionKey(row.collection);
    kinds[i]![kind] = (kinds[i]![kind] ?? 0) + row.n;
  }
  // Spikes are judged only against buckets in which the topic was following the stream.
  const observedFrom = Math.max(0, Math.ceil((topic.createdAt.getTime() - w.queryFrom) / w.size));
  // Each spike with its time span: the start of its first bucket, of its last, and the end of its last.
  const spikes = findSpikes(totals, observedFrom)
    .filter((spike) => spike.index >= w.offset)
    .map((spike) => ({ ...spike, start: w.queryFrom + spike.index * w.size, last: w.queryFrom + spike.end * w.size, until: w.queryFrom + (spike.end + 1) * w.size }));
  const inRange = totals.slice(w.offset);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const previousTotal = sum(totals.slice(Math.max(0, w.offset - w.buckets), w.offset));
  return { w, kinds, spikes, inRange, total: sum(inRange), previousTotal, spikesFrom: iso(w.queryFrom + (observedFrom + BASELINE_BUCKETS) * w.size) };
}

/** GET /api/topics/{id}/trends/: the topic dashboard. */
export async function topicTrends(context: TrendsContext, userId: string, topicId: number, range: TopicTrendsRange, now = new Date()): Promise<TTopicTrends> {
  const { db } = context;
  const topic = await topicOf(db, userId, topicId);
  const w = windowOf(range, now);
  // Independent reads, side by side (on a server, each on a connection of its own).
  const [s, rising, stories] = await Promise.all([
    seriesOf(db, topic, range, now),
    risingOf(db, topic, now),
    topStories(db, { topicId: topic.id, from: new Date(w.from), to: new Date(w.end) }, MAX_STORIES),
  ]);
  const series = s.inRange.map((total, i) => ({ start: iso(w.from + i * w.size), total, by_kind: s.kinds[w.offset + i]! }));
  const byKind: Record<string, number> = {};
  for (const bucket of series) for (const [kind, n] of Object.entries(bucket.by_kind)) byKind[kind] = (byKind[kind] ?? 0) + n;

  const spikes: TSpike[] = await Promise.all(
    s.spikes.map(async (spike) => {
      const rows = await articlesBetween(db, { topicId: topic.id, from: new Date(spike.start), to: new Date(spike.until) }, SPIKE_ARTICLES);
      return { start: iso(spike.start), end: iso(spike.last), count: spike.count, baseline: spike.mean, threshold: spike.threshold, explanation: spikeExplanation(spike, rows, w.unit), articles: rows.map(article) };
    }),
  );
  const analysis = s.total ? await analyse(context, userId, { name: topic.name, range, total: s.total, previousTotal: s.previousTotal, spikes, rising, stories }) : null;
  return {
    topic: { id: topic.id, name: topic.name },
    range,
    bucket: w.unit,
    from: iso(w.from),
    to: iso(w.end),
    total: s.total,
    previous_total: s.previousTotal,
    change: change(s.total, s.previousTotal),
    by_kind: byKind,
    series,
    spikes,
    spikes_from: s.spikesFrom,
    rising,
    stories: stories.map((story) => ({ id: story.id, title: story.title, articles: timeline(story.articles).map(article) })),
    analysis,
  };
}

/** A story's timeline: its first report, at most four updates, its latest. */
function timeline(rows: TrendArticleRow[]): TrendArticleRow[] {
  return rows.length <= 6 ? rows : [rows[0]!, ...rows.slice(-5)];
}

/**
 * Why a spike: how far above its baseline, and the story most of its articles report (or its
 * highest ranked article), citing them by their number in the spike's article list.
 */
function spikeExplanation(spike: { count: number; mean: number }, rows: TrendArticleRow[], unit: BucketUnit): string {
  const per = unit === 'hour' ? 'an hour' : 'a day';
  const head = `${spike.count} articles against about ${Math.round(spike.mean * 10) / 10} ${per} in the 14 ${unit}s before.`;
  const byStory = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = row.story_title ?? row.title;
    byStory.set(key, [...(byStory.get(key) ?? []), i + 1]);
  });
  const [story, numbers] = [...byStory].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!story || !numbers) return head;
  const cite = numbers.map((n) => `[${n}]`).join('');
  if (numbers.length > 1) return `${head} ${numbers.length} of its top ${rows.length} articles report "${story}" ${cite}.`;
  return `${head} The most important: "${rows[0]!.title}" [1].`;
}

const isPlace = (name: string) => {
  const place = placeNamed(name);
  return Boolean(place && place.kind !== 'group');
};

type Rising = Awaited<ReturnType<typeof readRising>>;
/**
 * Rising names already counted, by topic, the topic's last publication and the minute: counting
 * 37 days of names is the dashboard's longest read, and they change only when the topic publishes
 * (or as the week slides, read again each minute). A merge into another topic's article shows
 * within the minute.
 */
const risingCache = new LRUCache<string, Rising>({ max: 2000 });

/** The topic's rising names, each with the articles of the last 7 days that name it (none read with `articles: false`: the overview shows names only). */
async function risingOf(db: DbOrTx, topic: TrendTopic, now: Date, options: { articles?: boolean } = {}): Promise<Rising> {
  const key = `${topic.id}:${await latestPublished(db, topic.id)}:${Math.floor(now.getTime() / 60_000)}:${options.articles !== false}`;
  const cached = risingCache.get(key);
  if (cached) return cached;
  const rising = await readRising(db, topic, now, options);
  risingCache.set(key, rising);
  return rising;
}

async function readRising(db: DbOrTx, topic: TrendTopic, now: Date, options: { articles?: boolean }) {
  const topicId = topic.id;
  const recentFrom = new Date(now.getTime() - RECENT_DAYS * DAY);
  const previousFrom = new Date(recentFrom.getTime() - PREVIOUS_DAYS * DAY);
  // Every name named since the week began (and the longer names a short one may be cut from), fragments folded in.
  const window = foldFragments(await nameCounts(db, { topicId, from: previousFrom }, recentFrom, 1, topic.namesCountedAt !== null)).filter((c) => c.recent >= RISING_MIN_COUNT);
  // Whether a name was named before the 37 days matters only to those not named in the 30 days before the week.
  const before = await namedBefore(db, topicId, window.filter((c) => c.previous === 0).flatMap((c) => c.aliases), previousFrom);
  const counts = window.map((c) => ({ ...c, ever: c.aliases.some((a) => before.has(a)) ? 1 : 0 }));
  const rising = risingNames(counts, RECENT_DAYS, PREVIOUS_DAYS, topic.createdAt < recentFrom).slice(0, MAX_RISING);
  const rows = options.articles === false ? [] : await articlesNaming(db, { topicId, from: recentFrom }, rising.flatMap((r) => r.aliases));
  return rising.map((r) => ({
    name: r.name,
    // A group of countries (OPEC, the EU) is an organisation to its reader, not a place.
    kind: isPlace(r.name) ? ('place' as const) : ('entity' as const),
    recent: r.recent,
    previous: r.previous,
    momentum: r.momentum,
    is_new: r.isNew,
    articles: rows.filter((row) => r.aliases.some((a) => row.names.includes(a))).slice(0, NAME_ARTICLES).map(article),
  }));
}

/** Analyses already written, by what they were written from: a model is asked once per change. */
const analyses = new LRUCache<string, TTrendAnalysis>({ max: 500 });

/**
 * "What changed": the trend-analysis capability on the period's top stories, spikes and new names,
 * with the user's article model (the built-in engine without one). The articles it may cite are
 * numbered in the order given; its answer's numbers become article ids.
 */
async function analyse(
  context: TrendsContext,
  userId: string,
  data: { name: string; range: TopicTrendsRange; total: number; previousTotal: number; spikes: TSpike[]; rising: TRisingName[]; stories: { title: string; articles: TrendArticleRow[] }[] },
): Promise<TTrendAnalysis | null> {
  const sources: TrendAnalysisInput['sources'] = [];
  const numberOf = new Map<number, number>();
  const cite = (a: { id: number; title: string; published_at: string; lead?: string }) => {
    if (!numberOf.has(a.id)) {
      numberOf.set(a.id, sources.length + 1);
      sources.push({ number: sources.length + 1, title: a.title, lead: firstSentence(a.lead ?? ''), published_at: a.published_at });
    }
    return numberOf.get(a.id)!;
  };
  const input: TrendAnalysisInput = {
    topic: data.name,
    period: RANGES[data.range].words,
    total: data.total,
    previousTotal: data.previousTotal,
    stories: data.stories.map((story) => ({ title: story.title, sources: timeline(story.articles).map(cite) })),
    spikes: data.spikes.map((spike) => ({ start: spike.start, count: spike.count, baseline: spike.baseline, sources: spike.articles.map(cite) })),
    rising: data.rising.map((r) => ({ name: r.name, recent: r.recent, isNew: r.is_new, sources: r.articles.slice(0, 2).map(cite) })),
    sources,
  };
  if (sources.length === 0) return null;
  const [user] = await context.db.select({ prefs: users.modelPreferences }).from(users).where(eq(users.id, userId));
  const model = user?.prefs.article_composition_model ?? MODEL_DEFAULTS.article_composition_model;
  const key = `${userId}:${model}:${JSON.stringify(input)}`;
  const cached = analyses.get(key);
  if (cached) return cached;
  const write = async (modelValue: string) => {
    const { output, record } = await runCapability(trendAnalysis, input, modelValue, { llm: context.llm, logger: context.logger, meter: usageMeter({ db: context.db, logger: context.logger }, { userId }) });
    return presentAnalysis(output, record.model_used, numberOf, sources);
  };
  // A language model answers in seconds: the dashboard does not wait for it. The built-in answer
  // shows now; the model's is written meanwhile and shown from the next load (cached per input).
  if (findModel(model)?.provider !== 'builtin' && !writing.has(key)) {
    writing.add(key);
    void write(model)
      .then((analysis) => analysis && analyses.set(key, analysis))
      .catch((error: unknown) => context.logger.warn({ err: error, topic: data.name }, 'trend analysis by the model failed: the built-in one stays'))
      .finally(() => writing.delete(key));
  }
  const analysis = await write(findModel(model)?.provider === 'builtin' ? model : 'builtin');
  if (analysis && findModel(model)?.provider === 'builtin') analyses.set(key, analysis);
  return analysis;
}

/** Analyses a model is writing now, by key: one at a time for the same input. */
const writing = new Set<string>();

/** The capability's sentences as text with markers renumbered from 1 in the order cited, and the articles they cite. */
function presentAnalysis(output: TTrendAnalysisOutput, model: string, numberOf: Map<number, number>, sources: TrendAnalysisInput['sources']): TTrendAnalysis | null {
  const idOf = new Map([...numberOf].map(([id, n]) => [n, id]));
  const references: TTrendAnalysis['references'] = [];
  const renumber = new Map<number, number>();
  const text = output.sentences
    .map((sentence) => {
      const marks = sentence.references.filter((n) => idOf.has(n)).map((n) => {
        if (!renumber.has(n)) {
          renumber.set(n, references.length + 1);
          references.push({ number: references.length + 1, article_id: idOf.get(n)!, title: sources[n - 1]!.title });
        }
        return `[${renumber.get(n)}]`;
      });
      return marks.length ? `${sentence.text} ${marks.join('')}` : '';
    })
    .filter(Boolean)
    .join(' ');
  return text ? { text, references, model } : null;
}

/** GET /api/trends/: every active topic of the reader side by side. */
export async function trendsOverview(context: TrendsContext, userId: string, range: TopicTrendsRange, now = new Date()): Promise<TTrendsOverview> {
  const { db } = context;
  const list = await activeTopicsOf(db, userId);
  const w = windowOf(range, now);
  const cards = await Promise.all(
    list.map(async (topic) => {
      const [s, rising] = await Promise.all([seriesOf(db, topic, range, now), risingOf(db, topic, now, { articles: false })]);
      return {
        id: topic.id,
        name: topic.name,
        total: s.total,
        previous_total: s.previousTotal,
        change: change(s.total, s.previousTotal),
        series: s.inRange,
        spikes: s.spikes.map((spike) => ({ start: iso(spike.start), count: spike.count })),
        rising: rising.slice(0, 2).map((r) => r.name),
      };
    }),
  );
  return { range, bucket: w.unit, from: iso(w.from), to: iso(w.end), topics: cards };
}

export interface BriefTrend {
  topicId: number;
  topicName: string;
  /** One line: a spike of the day, or the names rising in the topic. */
  text: string;
}

/**
 * The daily brief's "Trending in your topics": for each active topic, a spike whose day began
 * since `since` (a day before, for the day still running at the last brief), and the rising names
 * named in an article since `since`, at most three.
 */
export async function briefTrends(context: TrendsContext, userId: string, since: Date, now = new Date()): Promise<BriefTrend[]> {
  const { db } = context;
  const list = await activeTopicsOf(db, userId);
  const lines: BriefTrend[] = [];
  const day = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
  for (const topic of list) {
    const s = await seriesOf(db, topic, '7d', now);
    for (const spike of s.spikes) {
      if (spike.start + s.w.size <= since.getTime()) continue;
      const [lead] = await articlesBetween(db, { topicId: topic.id, from: new Date(spike.start), to: new Date(spike.until) }, 1);
      lines.push({ topicId: topic.id, topicName: topic.name, text: `${spike.count} articles on ${day(spike.start)}, against about ${Math.round(spike.mean * 10) / 10} a day before${lead ? `, led by "${lead.title}"` : ''}.` });
    }
    const rising = (await risingOf(db, topic, now)).filter((r) => r.articles.some((a) => Date.parse(a.published_at) >= since.getTime())).slice(0, 3);
    if (rising.length) {
      const names = rising.map((r) => `${r.name} (${r.is_new ? `new, ${r.recent} articles` : r.momentum === null ? `${r.recent} articles` : `${r.momentum}x its rate of the 30 days before`})`);
      lines.push({ topicId: topic.id, topicName: topic.name, text: `Rising this week: ${names.join(', ')}.` });
    }
  }
  return lines;
}
