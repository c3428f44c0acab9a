import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DELIVERIES_PER_OWNER,
  isDeliveryEvent,
  DELIVERY_MESSAGES,
  type TDeliveryEvent,
  type TDeliveryKind,
  type TDeliveryTarget,
  type TDeliveryTestResult,
} from '../../../contract/deliveries.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Config } from '../../config.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { deliveryTargets, topics, users } from '../../db/schema/index.js';
import { deliveryKey, seal, signingSecret, urlHint } from '../../deliveries/keys.js';
import { deliveredUser } from '../../deliveries/payload.js';
import { postToTarget } from '../../deliveries/send.js';
import { AppError } from '../../http/errors.js';
import { checkUrl, reachRefusal } from '../../sources/net-guard.js';

/** Whose targets a call manages: a user's own, or (an account admin's) their account's team targets. */
export type Owner = { userId: string } | { accountId: string };

type Row = typeof deliveryTargets.$inferSelect;

const ownedBy = (owner: Owner) => ('userId' in owner ? eq(deliveryTargets.userId, owner.userId) : eq(deliveryTargets.accountId, owner.accountId));

/** The owner of the caller's team targets: their account, when they are its admin (or a superuser). */
export async function teamOwner(db: DbOrTx, userId: string): Promise<Owner> {
  const [user] = await db.select({ accountId: users.accountId, role: users.role, isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
  if (user.role !== 'ADMIN' && !user.isSuperuser) throw new AppError(403, ErrorCode.forbidden, DELIVERY_MESSAGES.adminsOnly);
  return { accountId: user.accountId };
}

function present(row: Row, key: Buffer): TDeliveryTarget {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url_hint: row.urlHint,
    events: row.events.filter(isDeliveryEvent),
    topic_ids: row.topicIds,
    scope: row.accountId ? 'account' : 'user',
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : row.disabledReason,
    signing_secret: row.kind === 'webhook' ? signingSecret(key, row.id) : null,
    last_delivered_at: row.lastDeliveredAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listTargets(database: Database, owner: Owner): Promise<TDeliveryTarget[]> {
  const key = await deliveryKey(database);
  const rows = await database.db.select().from(deliveryTargets).where(ownedBy(owner)).orderBy(asc(deliveryTargets.createdAt), asc(deliveryTargets.id));
  return rows.map((row) => present(row, key));
}

interface Fields {
  name?: string;
  url?: string;
  kind?: TDeliveryKind;
  events?: TDeliveryEvent[];
  topic_ids?: number[];
}

/** The checks every write shares; answers the field errors (empty when all is well). */
async function fieldProblems(db: DbOrTx, config: Config, owner: Owner, fields: Fields, current?: Row): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  if (fields.url !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = checkUrl(fields.url, true);
    } catch {
      problems.url = [DELIVERY_MESSAGES.urlInvalid];
    }
    // Refused when added (names that resolve inside the install's network too), and again when sent.
    if (parsed && !config.deliveryAllowPrivate && (await reachRefusal(fields.url, false, 'DELIVERY_ALLOW_PRIVATE'))) problems.url = [DELIVERY_MESSAGES.urlPrivate];
  }
  const events = fields.events ?? (current?.events as TDeliveryEvent[] | undefined) ?? [];
  const topicIds = fields.topic_ids ?? current?.topicIds ?? [];
  if ('accountId' in owner && fields.events?.includes('articles')) problems.events = ['Team targets deliver breaking alerts and daily briefs.'];
  else if ('userId' in owner && events.includes('articles')) {
    if (topicIds.length === 0) problems.topic_ids = [DELIVERY_MESSAGES.topicsNeeded];
    else if (fields.topic_ids) {
      const own = await db.select({ id: topics.id }).from(topics).where(and(inArray(topics.id, topicIds), eq(topics.userId, owner.userId), isNull(topics.retiredAt)));
      if (own.length !== topicIds.length) problems.topic_ids = [DELIVERY_MESSAGES.topicUnknown];
    }
  }
  if (fields.name !== undefined) {
    const [same] = await db
      .select({ id: deliveryTargets.id })
      .from(deliveryTargets)
      .where(and(ownedBy(owner), sql`lower(${deliveryTargets.name}) = lower(${fields.name})`, ...(current ? [sql`${deliveryTargets.id} <> ${current.id}`] : [])));
    if (same) problems.name = [DELIVERY_MESSAGES.nameTaken];
  }
  return problems;
}

const refuse = (problems: Record<string, string[]>) => {
  if (Object.keys(problems).length) throw new AppError(400, ErrorCode.validationFailed, 'Some fields are missing or invalid.', problems);
};

/** Locks the owner's row (user or account), so two writes cannot both pass the name and count checks. */
async function lockOwner(tx: DbOrTx, owner: Owner) {
  if ('userId' in owner) await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
  else await tx.execute(sql`SELECT id FROM accounts WHERE id = ${owner.accountId} FOR UPDATE`);
}

export async function createTarget(database: Database, config: Config, owner: Owner, input: Required<Omit<Fields, 'topic_ids'>> & { topic_ids?: number[] }): Promise<TDeliveryTarget> {
  const key = await deliveryKey(database);
  return database.db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    refuse(await fieldProblems(tx, config, owner, input));
    const [held] = await tx.select({ n: count() }).from(deliveryTargets).where(ownedBy(owner));
    if ((held?.n ?? 0) >= DELIVERIES_PER_OWNER) throw new AppError(409, 'delivery_limit', DELIVERY_MESSAGES.tooMany);
    const [row] = await tx
      .insert(deliveryTargets)
      .values({
        ...('userId' in owner ? { userId: owner.userId } : { accountId: owner.accountId }),
        name: input.name,
        kind: input.kind,
        urlSealed: seal(key, input.url),
        urlHint: urlHint(input.url),
        events: input.events,
        topicIds: input.events.includes('articles') ? (input.topic_ids ?? []) : [],
      })
      .returning();
    return present(row!, key);
  });
}

async function owned(db: DbOrTx, owner: Owner, id: string): Promise<Row> {
  const [row] = await db.select().from(deliveryTargets).where(and(eq(deliveryTargets.id, id), ownedBy(owner)));
  if (!row) throw new AppError(404, ErrorCode.notFound, DELIVERY_MESSAGES.notFound);
  return row;
}

/** A change of name, address, events or topics; `enabled: true` also clears what turned it off. */
export async function updateTarget(database: Database, config: Config, owner: Owner, id: string, patch: Omit<Fields, 'kind'> & { enabled?: boolean }): Promise<TDeliveryTarget> {
  const key = await deliveryKey(database);
  return database.db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const current = await owned(tx, owner, id);
    refuse(await fieldProblems(tx, config, owner, patch, current));
    const events = patch.events ?? current.events;
    const [row] = await tx
      .update(deliveryTargets)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.url !== undefined ? { urlSealed: seal(key, patch.url), urlHint: urlHint(patch.url) } : {}),
        ...(patch.events !== undefined ? { events: patch.events } : {}),
        topicIds: events.includes('articles') ? (patch.topic_ids ?? current.topicIds) : [],
        ...(patch.enabled === true ? { enabled: true, disabledReason: null, failuresInRow: 0 } : {}),
        ...(patch.enabled === false ? { enabled: false, disabledReason: null } : {}),
      })
      .where(eq(deliveryTargets.id, id))
      .returning();
    return present(row!, key);
  });
}

export async function deleteTarget(db: DbOrTx, owner: Owner, id: string): Promise<void> {
  const deleted = await db.delete(deliveryTargets).where(and(eq(deliveryTargets.id, id), ownedBy(owner))).returning({ id: deliveryTargets.id });
  if (deleted.length === 0) throw new AppError(404, ErrorCode.notFound, DELIVERY_MESSAGES.notFound);
}

/** Send test: a `test` payload posted at once (not queued), and what the receiver answered. */
export async function testTarget(database: Database, config: Config, owner: Owner, id: string, caller: string): Promise<TDeliveryTestResult> {
  const target = await owned(database.db, owner, id);
  const [user] = await database.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, caller));
  const outcome = await postToTarget(database, target, { id: crypto.randomUUID(), type: 'test', created_at: new Date().toISOString(), user: deliveredUser(user!) }, config.deliveryAllowPrivate);
  await database.db
    .update(deliveryTargets)
    .set(outcome.ok ? { lastDeliveredAt: new Date(), lastError: null } : { lastError: outcome.detail })
    .where(eq(deliveryTargets.id, id));
  return { ok: outcome.ok, status: outcome.status, detail: outcome.ok ? `${DELIVERY_MESSAGES.testSent} ${outcome.detail}` : outcome.detail };
}
