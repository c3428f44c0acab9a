import { eq } from 'drizzle-orm';
import { MODEL_DEFAULTS, MODEL_FIELDS, type TModelPreferences } from '../../../contract/models.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The user's choice per stage, the spec's default where they made none. */
export function effectivePreferences(stored: Partial<Record<string, string>>): TModelPreferences {
  return Object.fromEntries(MODEL_FIELDS.map((field) => [field, stored[field] ?? MODEL_DEFAULTS[field]])) as TModelPreferences;
}

/** Merges validated choices into the user's preferences and answers all eight. */
export async function updateModelPreferences(db: DbOrTx, userId: string, patch: Partial<TModelPreferences>): Promise<TModelPreferences | undefined> {
  const [user] = await db.select({ prefs: users.modelPreferences }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const merged = { ...user.prefs, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
  await db.update(users).set({ modelPreferences: merged, updatedAt: new Date() }).where(eq(users.id, userId));
  return effectivePreferences(merged);
}
