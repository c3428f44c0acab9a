import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { TUserListItem } from '../../../contract/users.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, users } from '../../db/schema/index.js';

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every user, for the superuser's impersonation selector, optionally filtered by a search over
 * names, email, title, company, account and location (case-insensitive; every word must match
 * somewhere), alphabetical.
 */
export async function listUsers(db: DbOrTx, query: { search?: string; limit: number }): Promise<{ results: TUserListItem[]; count: number }> {
  const words = (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const filter = and(
    ...words.map((word) => {
      const p = containsPattern(word);
      return or(ilike(users.firstName, p), ilike(users.lastName, p), ilike(users.email, p), ilike(users.title, p), ilike(users.company, p), ilike(users.location, p), ilike(accounts.name, p));
    }),
  );
  const rows = await db
    .select({ user: users, accountName: accounts.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(filter)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .limit(query.limit);
  const [total] = await db.select({ n: count() }).from(users).innerJoin(accounts, eq(accounts.id, users.accountId)).where(filter);
  return {
    results: rows.map(({ user, accountName }) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      profession: user.title,
      title: user.title,
      company: user.company ?? accountName,
      pipeline: user.abGroup,
      function: user.title,
      sector: user.industry,
      location: user.location ?? ([user.city, user.country].filter(Boolean).join(', ') || null),
    })),
    count: total?.n ?? 0,
  };
}
