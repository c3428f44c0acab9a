import { and, eq, inArray, sql } from 'drizzle-orm';
import { BUILTIN_LABEL, STAGE_LABELS, type TUsageGroup, type TUsagePoint, type TUsageRange, type TUsageReport, type TUsageRow } from '../../../contract/billing.js';
import { findModel } from '../../../contract/models.js';
import { rowsOf, type AppDb } from '../../db/client.js';
import { topics, users } from '../../db/schema/index.js';

/** The buckets of a range, oldest first: days (YYYY-MM-DD) or months (YYYY-MM), UTC, ending now. */
export function bucketsOf(range: TUsageRange, now = new Date()): { interval: 'day' | 'month'; buckets: string[]; from: string } {
  const count = Number(range.slice(0, -1));
  if (range.endsWith('d')) {
    const buckets = Array.from({ length: count }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (count - 1 - i))).toISOString().slice(0, 10));
    return { interval: 'day', buckets, from: buckets[0]! };
  }
  const buckets = Array.from({ length: count }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7));
  return { interval: 'month', buckets, from: `${buckets[0]!}-01` };
}

const KEY_SQL: Record<TUsageGroup, ReturnType<typeof sql>> = {
  member: sql`user_id::text`,
  topic: sql`coalesce(topic_id::text, '')`,
  stage: sql`stage`,
  model: sql`model`,
};

interface Scope {
  accountId: string;
  /** The caller: their own topics are named. */
  viewerId: string;
  /** Only this member's usage (My Profile). */
  userId?: string;
}

/**
 * The usage report of an account (Billing) or of one member (My Profile): tokens and cost per
 * member, topic, stage or model, per day or month. What one may see of others is their name and
 * the number of a topic, never its name, feed or articles.
 */
export async function usageReport(db: AppDb, scope: Scope, range: TUsageRange, group: TUsageGroup, now = new Date()): Promise<Omit<TUsageReport, 'budget'>> {
  const { interval, buckets, from } = bucketsOf(range, now);
  const bucketSql = interval === 'day' ? sql`to_char(day, 'YYYY-MM-DD')` : sql`to_char(day, 'YYYY-MM')`;
  const result = rowsOf<{ bucket: string; key: string; calls: string; prompt: string; response: string; cost: number }>(
    await db.execute(sql`
    SELECT ${bucketSql} AS bucket, ${KEY_SQL[group]} AS key, sum(calls)::text AS calls, sum(prompt_tokens)::text AS prompt,
      sum(response_tokens)::text AS response, sum(cost_usd)::float8 AS cost
    FROM llm_usage
    WHERE account_id = ${scope.accountId} AND day >= ${from}::date ${scope.userId ? sql`AND user_id = ${scope.userId}` : sql``}
    GROUP BY 1, 2`),
  );
  const index = new Map(buckets.map((bucket, i) => [bucket, i]));
  const empty = (): TUsagePoint[] => buckets.map(() => ({ calls: 0, tokens: 0, cost_usd: 0 }));
  const rows = new Map<string, TUsageRow>();
  const totals = { calls: 0, prompt_tokens: 0, response_tokens: 0, total_tokens: 0, cost_usd: 0, points: empty() };
  for (const r of result) {
    const at = index.get(r.bucket);
    if (at === undefined) continue;
    const row = rows.get(r.key) ?? { key: r.key, label: r.key, builtin: group === 'model' && r.key === 'builtin', calls: 0, prompt_tokens: 0, response_tokens: 0, total_tokens: 0, cost_usd: 0, points: empty() };
    const calls = Number(r.calls);
    const prompt = Number(r.prompt);
    const response = Number(r.response);
    const cost = Number(r.cost);
    for (const target of [row, totals]) {
      target.calls += calls;
      target.prompt_tokens += prompt;
      target.response_tokens += response;
      target.total_tokens += prompt + response;
      target.cost_usd += cost;
      const point = target.points[at]!;
      point.calls += calls;
      point.tokens += prompt + response;
      point.cost_usd += cost;
    }
    rows.set(r.key, row);
  }
  const labels = await labelsOf(db, scope, group, [...rows.keys()]);
  const round = <T extends { cost_usd: number }>(value: T): T => ({ ...value, cost_usd: Math.round(value.cost_usd * 1e6) / 1e6 });
  const ordered = [...rows.values()]
    .map((row) => round({ ...row, label: labels.get(row.key) ?? row.key, points: row.points.map(round) }))
    .sort((a, b) => b.cost_usd - a.cost_usd || b.total_tokens - a.total_tokens || a.label.localeCompare(b.label));
  return { range, group, interval, currency: 'USD', buckets, rows: ordered, totals: round({ ...totals, points: totals.points.map(round) }) };
}

async function labelsOf(db: AppDb, scope: Scope, group: TUsageGroup, keys: string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if (group === 'stage') for (const key of keys) labels.set(key, STAGE_LABELS[key] ?? key);
  if (group === 'model') for (const key of keys) labels.set(key, key === 'builtin' ? BUILTIN_LABEL : (findModel(key)?.label ?? key));
  if (group === 'member') {
    const ids = keys.filter(Boolean);
    const people = ids.length ? await db.select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email }).from(users).where(and(eq(users.accountId, scope.accountId), inArray(users.id, ids))) : [];
    const named = new Map(people.map((p) => [p.id, `${p.first} ${p.last}`.trim() || p.email]));
    for (const key of keys) labels.set(key, named.get(key) ?? 'Removed member');
  }
  if (group === 'topic') {
    const ids = keys.filter(Boolean).map(Number);
    // Only topics of the account's members are looked up: an id never names another account's topic.
    const found = ids.length
      ? await db
          .select({ id: topics.id, name: topics.name, userId: topics.userId, first: users.firstName, last: users.lastName, email: users.email })
          .from(topics)
          .innerJoin(users, eq(users.id, topics.userId))
          .where(and(inArray(topics.id, ids), eq(users.accountId, scope.accountId)))
      : [];
    const byId = new Map(found.map((t) => [String(t.id), t]));
    for (const key of keys) {
      const topic = byId.get(key);
      if (!key) labels.set(key, 'No topic (onboarding and topic set-up)');
      else if (!topic) labels.set(key, `Removed topic #${key}`);
      else if (topic.userId === scope.viewerId) labels.set(key, topic.name);
      else labels.set(key, `Topic #${key} of ${`${topic.first} ${topic.last}`.trim() || topic.email}`);
    }
  }
  return labels;
}
