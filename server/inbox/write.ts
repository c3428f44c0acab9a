import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { inboxItems, users, type InboxKind } from '../db/schema/index.js';
import { queueItemNotifications, type ItemEmail } from '../notifications/outbox.js';

/**
 * Writing inbox items (issue 39), in the transaction of the event they tell of: the alert
 * decision, the spike notice, an accepted invitation, a source disabled, a share. Once per user
 * and key (ON CONFLICT DO NOTHING), so a retried job never writes an item twice. Below the modules:
 * the pipeline, trends, sources and auth write here; modules/inbox reads and changes the rows.
 */
export interface InboxItemInput {
  userId: string;
  kind: InboxKind;
  key: string;
  title: string;
  body?: string | null;
  eventId?: number | null;
  topicId?: number | null;
  sourceId?: number | null;
  actorId?: string | null;
  actorName?: string | null;
  shareId?: number | null;
  commentId?: number | null;
  /** The item's own email (an alert's, a spike's), sent if the reader's email channel for its kind is on; other kinds get a plain notice. */
  email?: ItemEmail;
}

const TITLE_MAX = 300;
const BODY_MAX = 1000;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Writes the items (their account read from each user); answers how many were new. Call dispatchNotifications after commit for push at once. */
export async function addInboxItems(tx: DbOrTx, items: InboxItemInput[]): Promise<number> {
  return (await writeInboxItems(tx, items)).written;
}

/**
 * Writes the items and, in the same transaction, their push and email per each reader's
 * preferences (notifications/outbox.ts). Answers how many items were new and the ids of emails
 * written now (for dispatchEmails after commit).
 */
export async function writeInboxItems(tx: DbOrTx, items: InboxItemInput[], now = new Date()): Promise<{ written: number; emails: string[] }> {
  if (items.length === 0) return { written: 0, emails: [] };
  const owners = await tx
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(inArray(users.id, [...new Set(items.map((i) => i.userId))]));
  const accountOf = new Map(owners.map((o) => [o.id, o.accountId]));
  const rows = items
    .filter((i) => accountOf.has(i.userId))
    .map((i) => ({
      userId: i.userId,
      accountId: accountOf.get(i.userId)!,
      kind: i.kind,
      key: i.key,
      title: clip(i.title, TITLE_MAX),
      body: i.body ? clip(i.body, BODY_MAX) : null,
      eventId: i.eventId ?? null,
      topicId: i.topicId ?? null,
      sourceId: i.sourceId ?? null,
      actorId: i.actorId ?? null,
      actorName: i.actorName ?? null,
      shareId: i.shareId ?? null,
      commentId: i.commentId ?? null,
    }));
  if (rows.length === 0) return { written: 0, emails: [] };
  const written = await tx
    .insert(inboxItems)
    .values(rows)
    .onConflictDoNothing({ target: [inboxItems.userId, inboxItems.key] })
    .returning({ id: inboxItems.id, userId: inboxItems.userId, kind: inboxItems.kind, key: inboxItems.key, title: inboxItems.title, body: inboxItems.body, eventId: inboxItems.eventId, topicId: inboxItems.topicId });
  const emails = new Map(items.filter((i) => i.email).map((i) => [`${i.userId}:${i.key}`, i.email!]));
  return { written: written.length, emails: await queueItemNotifications(tx, written, emails, now) };
}

/** A teammate joined the account (an invitation accepted, a single sign-on by domain): everyone else in it is told. */
export async function notifyTeammateJoined(tx: DbOrTx, userId: string): Promise<number> {
  const [joined] = await tx.select({ accountId: users.accountId, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  if (!joined) return 0;
  const name = `${joined.firstName} ${joined.lastName}`.trim() || joined.email;
  const teammates = await tx.select({ id: users.id }).from(users).where(and(eq(users.accountId, joined.accountId), ne(users.id, userId)));
  return addInboxItems(
    tx,
    teammates.map((t) => ({ userId: t.id, kind: 'member_joined' as const, key: `joined:${userId}`, title: `${name} joined your team`, body: joined.email, actorId: userId, actorName: name })),
  );
}

/** A source disabled after failing (not by hand): every superuser is told, with the reason. */
export async function notifySourceDisabled(tx: DbOrTx, source: { id: number; name: string }, reason: string, at: Date): Promise<number> {
  const superusers = await tx.select({ id: users.id }).from(users).where(eq(users.isSuperuser, true));
  return addInboxItems(
    tx,
    superusers.map((u) => ({ userId: u.id, kind: 'source_disabled' as const, key: `source-disabled:${source.id}:${at.getTime()}`, title: `Source disabled: ${source.name}`, body: reason, sourceId: source.id })),
  );
}
