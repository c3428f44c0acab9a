import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { seatsFullNotice, type TSeatRefusal } from '../../contract/billing-text.js';
import type { AppDb } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { addInboxItems } from '../inbox/write.js';
import type { SeatLimitError } from './seats.js';

/** The UTC day of a moment, as the notice's key has it: one notice a day per account. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Someone was refused for seats: the account's billing administrators hear of it in their inbox
 * (kind `seats`, like `budget`: in the app only), at most once a UTC day per account (the key
 * `seats-full:{account}:{day}`, ON CONFLICT DO NOTHING). Written after the refused transaction
 * rolled back, in its own; a failure is logged and never changes the refusal. Answers how many
 * items were new.
 */
export async function tellSeatsFull(db: AppDb, refusal: SeatLimitError, who: TSeatRefusal, logger?: Pick<Logger, 'warn'>, now = new Date()): Promise<number> {
  try {
    const { title, body } = seatsFullNotice(who, refusal.use.seats, refusal.use.used, refusal.use.planned);
    const admins = await db.select({ id: users.id }).from(users).where(and(eq(users.accountId, refusal.accountId), eq(users.billingAdmin, true)));
    return await addInboxItems(
      db,
      admins.map((admin) => ({ userId: admin.id, kind: 'seats' as const, key: `seats-full:${refusal.accountId}:${dayOf(now)}`, title, body })),
    );
  } catch (error) {
    logger?.warn({ err: error, accountId: refusal.accountId }, 'billing administrators could not be told that seats are full');
    return 0;
  }
}
