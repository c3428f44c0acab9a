import { eq } from 'drizzle-orm';
import { MODEL_FIELDS } from '../../../contract/models.js';
import { sources, users } from '../../db/schema/index.js';
import { ingestDocuments } from '../../documents/ingest.js';
import { summariseDocuments } from '../../pipeline/summarise.js';
import { loadDemoCorpus } from '../../sources/demo.js';
import type { TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';

export const ALL_BUILTIN = Object.fromEntries(MODEL_FIELDS.map((field) => [field, 'builtin']));

export const PROFILE_FORM = {
  location: 'Washington, United States',
  title: 'Policy analyst',
  organization: 'Acme Capital',
  language: 'en',
  interests: 'Federal Reserve monetary policy, banking regulation and large language model research',
  onboarding_topics: '[]',
  alerts: true,
  newsletter: true,
};

/** Helpers for onboarding, topic and interview API tests. */
export function onboardingKit(herald: TestHerald) {
  const kit = authKit(herald);
  const app = herald.app!;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function userIdOf(email: string): Promise<string> {
    const [row] = await herald.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  /** A signed-in user whose stages all use the built-in engine (the defaults name OpenAI models). */
  async function newUser(email?: string) {
    const session = await kit.signedIn(email);
    const id = await userIdOf(session.email);
    await herald.database.db.update(users).set({ modelPreferences: ALL_BUILTIN }).where(eq(users.id, id));
    return { ...session, id };
  }

  /** A user whose profile is complete (validated by the built-in engine). */
  async function profiledUser(form: Partial<typeof PROFILE_FORM> = {}) {
    const user = await newUser();
    const response = await call('POST', '/api/auth/complete_profile/', user.access, { ...PROFILE_FORM, ...form });
    if (response.json().status !== 'validated') throw new Error(`profile not validated: ${response.body}`);
    return user;
  }

  /** A user who finished onboarding with no topics. */
  async function onboardedUser() {
    const user = await profiledUser();
    await call('POST', '/api/topics/add-suggestions/', user.access, { suggestions: [], step: 'suggestions' });
    return user;
  }

  return { ...kit, call, userIdOf, newUser, profiledUser, onboardedUser };
}

/** Stores demo-corpus documents (with summaries) so topics and suggestions find evidence. */
export async function seedCorpus(herald: TestHerald, picks: { set: string; pattern: RegExp; count: number }[]): Promise<number[]> {
  const { records } = await loadDemoCorpus();
  const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name: `test corpus ${Date.now()}`, collectionId: 1, intervalMinutes: 60, enabled: false }).returning();
  const raws = picks.flatMap(({ set, pattern, count }) =>
    records
      .filter((r) => r.set === set && pattern.test(`${r.title} ${r.text}`))
      .slice(0, count)
      .map((r) => ({ externalId: r.id, title: r.title, text: r.text, publisher: r.publisher ?? undefined, publishedAt: new Date(), contentType: r.content_type, collectionId: r.collection_id, canonicalUrl: null })),
  );
  const stored = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 1 }, raws);
  await summariseDocuments({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger }, stored.insertedIds);
  return stored.insertedIds;
}

/** Waits until no job of the given name prefixes is queued or running. */
export async function waitForJobs(herald: TestHerald, prefixes: string[], timeoutMs = 20_000): Promise<void> {
  const names = prefixes.map((p) => `name LIKE '${p}%'`).join(' OR ');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await herald.database.sql<{ n: string }>(`SELECT count(*)::text AS n FROM pgboss.job WHERE (${names}) AND state IN ('created', 'retry', 'active')`, []);
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`jobs ${prefixes.join(', ')} did not settle in ${timeoutMs} ms`);
}
