import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { SUGGESTIONS_ONBOARDING_MAX } from '../../../contract/constants.js';
import { SUGGESTION_MESSAGES, SUGGESTIONS_TARGET, type TSuggestion } from '../../../contract/onboarding.js';
import type { TTopic } from '../../../contract/topics.js';
import { TOPIC_LIMITS, TOPIC_MESSAGES } from '../../../contract/topics.js';
import { suggestions, topics, users } from '../../db/schema/index.js';
import { builtinSuggestTopics, suggestTopics, topicKey } from '../../intelligence/capabilities/suggest-topics.js';
import { SELECTABLE_COLLECTIONS } from '../../intelligence/capabilities/topic-fields.js';
import { CapabilityError, runCapability } from '../../intelligence/engine.js';
import { AppError } from '../../http/errors.js';
import type { TopicContext } from './context.js';
import { afterTopicCreated, enrichTopic } from './enrich.js';
import { activeTopics, createTopicOnce, presentTopic, sameTopic, TOPIC_LIMIT_CODE } from './topics.js';
import { loadUser, onboardingModel, onboardingModelIsBuiltin, requireProfile, type UserRow } from './user.js';
import { suggestionCandidates } from './suggestion-candidates.js';
import { usageMeter } from '../../billing/meter.js';

const selectable = new Set(SELECTABLE_COLLECTIONS.map((c) => c.id));

export async function openSuggestions(context: TopicContext, userId: string): Promise<TSuggestion[]> {
  return context.database.db
    .select({ id: suggestions.id, name: suggestions.name, sources: suggestions.sources, reasoning: suggestions.reasoning })
    .from(suggestions)
    .where(and(eq(suggestions.userId, userId), eq(suggestions.status, 'open')))
    .orderBy(asc(suggestions.id));
}

/**
 * New suggestions for a user from their profile and the store, up to `count`: never a topic they
 * follow, one already suggested (open, added or removed), or one another suggestion repeats. A
 * failing model falls back to the built-in ranking: suggestions are never worth an error.
 */
export async function generateSuggestions(context: TopicContext, user: UserRow, count: number, extraExcluded: string[] = []): Promise<number> {
  if (count <= 0) return 0;
  const { db } = context.database;
  const existing = (await activeTopics(db, user.id)).map((t) => t.name);
  const known = (await db.select({ name: suggestions.name }).from(suggestions).where(eq(suggestions.userId, user.id))).map((s) => s.name);
  const about = { title: user.title ?? '', organization: user.company ?? '', interests: user.interests ?? '' };
  const lists = { industries: user.gptIndustries, organizations: user.organizations, places: user.placesJurisdictions };
  const candidates = await suggestionCandidates(context, { ...about, ...lists, productsMarkets: user.productsMarkets, location: user.location ?? undefined });
  const input = {
    profile: { ...about, summary: user.gptProfile, ...lists, products_markets: user.productsMarkets },
    existing,
    excluded: [...known, ...extraExcluded],
    candidates,
    limit: count,
  };
  let proposed;
  try {
    proposed = (await runCapability(suggestTopics, input, onboardingModel(user), { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: user.id, topicId: null }) })).output;
  } catch (error) {
    if (!(error instanceof CapabilityError)) throw error;
    context.logger.warn({ err: error, userId: user.id }, 'topic suggestions by the model failed; using the built-in ranking');
    proposed = builtinSuggestTopics(input);
  }
  const taken = new Set([...existing, ...known, ...extraExcluded].map(topicKey));
  const rows = [];
  for (const s of proposed.suggestions) {
    const name = s.name.replace(/\s+/g, ' ').trim().slice(0, 200);
    const key = topicKey(name);
    if (!name || !key || taken.has(key)) continue;
    taken.add(key);
    rows.push({ userId: user.id, name, reasoning: s.reasoning.slice(0, 500), sources: s.sources.filter((id) => selectable.has(id)) });
    if (rows.length >= count) break;
  }
  if (rows.length === 0) return 0;
  const inserted = await db.insert(suggestions).values(rows).onConflictDoNothing().returning({ id: suggestions.id });
  return inserted.length;
}

/** Tops the open suggestions up to `target` (expand-suggestions, after a profile change). */
export async function topUpSuggestions(context: TopicContext, user: UserRow, target = SUGGESTIONS_TARGET, extraExcluded: string[] = []): Promise<void> {
  const open = await openSuggestions(context, user.id);
  await generateSuggestions(context, user, target - open.length, extraExcluded);
}

async function suggestionByName(context: TopicContext, userId: string, name: string) {
  const [row] = await context.database.db
    .select()
    .from(suggestions)
    .where(and(eq(suggestions.userId, userId), sql`lower(${suggestions.name}) = ${name.trim().toLowerCase()}`));
  return row;
}

/**
 * POST /topics/add-suggestion/: the suggestion becomes a topic at once, named as suggested. A
 * language model writes its profile in the background ('processing': the topic shows
 * 'Processing...' until then); the built-in engine writes it before answering ('created').
 * A name the user already follows is refused with the spec's message.
 */
export async function addSuggestion(context: TopicContext, userId: string, name: string, sources: number[] | undefined): Promise<{ success: true; topic: TTopic; status: 'processing' | 'created' }> {
  const { db } = context.database;
  const user = await loadUser(db, userId);
  requireProfile(user);
  if (sameTopic(await activeTopics(db, userId), name)) throw new AppError(409, 'duplicate', TOPIC_MESSAGES.alreadyTracked);
  const suggestion = await suggestionByName(context, userId, name);
  const chosen = (sources ?? suggestion?.sources ?? []).filter((id) => selectable.has(id));
  const { row, created } = await createTopicOnce(db, userId, { name: suggestion?.name ?? name.trim(), sources: chosen.length ? chosen : undefined });
  if (!created) throw new AppError(409, 'duplicate', TOPIC_MESSAGES.alreadyTracked);
  if (suggestion) await db.update(suggestions).set({ status: 'added', updatedAt: new Date() }).where(eq(suggestions.id, suggestion.id));
  else await db.insert(suggestions).values({ userId, name: row.name, sources: row.sources, status: 'added' }).onConflictDoNothing();
  // The built-in engine writes a profile in a blink: do it now rather than show 'Processing...'.
  if (onboardingModelIsBuiltin(user, context)) {
    await enrichTopic(context, row.id, true);
    const [enriched] = await db.select().from(topics).where(eq(topics.id, row.id));
    await afterTopicCreated(context, enriched!);
    return { success: true, topic: presentTopic(enriched!), status: 'created' };
  }
  await afterTopicCreated(context, row);
  return { success: true, topic: presentTopic(row), status: 'processing' };
}

/** POST /topics/delete-suggestion/: removed suggestions are never offered again. */
export async function deleteSuggestion(context: TopicContext, userId: string, name: string): Promise<void> {
  const updated = await context.database.db
    .update(suggestions)
    .set({ status: 'removed', updatedAt: new Date() })
    .where(and(eq(suggestions.userId, userId), eq(suggestions.status, 'open'), sql`lower(${suggestions.name}) = ${name.trim().toLowerCase()}`))
    .returning({ id: suggestions.id });
  if (updated.length === 0) throw new AppError(404, 'not_found', SUGGESTION_MESSAGES.notFound);
}

/**
 * POST /topics/add-suggestions/: the chosen suggestions (and, at the end of
 * onboarding, the custom topics with their sources) become topics, processed in the background;
 * suggestions and onboarding are marked complete. Names already followed are skipped, so the
 * call can be repeated safely.
 */
export async function saveSuggestions(
  context: TopicContext,
  userId: string,
  body: { suggestions: string[]; step: 'suggestions' | 'onboarding'; topics: { name: string; sources: number[] }[] },
): Promise<{ success: true; created: TTopic[]; suggestions_completed: boolean; onboarding_complete: boolean }> {
  const { db } = context.database;
  const user = await loadUser(db, userId);
  requireProfile(user);
  const created: TTopic[] = [];
  const chosen = body.suggestions.slice(0, SUGGESTIONS_ONBOARDING_MAX);
  const rows = chosen.length
    ? await db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.userId, userId), inArray(sql`lower(${suggestions.name})`, chosen.map((n) => n.trim().toLowerCase()))))
    : [];
  const wanted = [
    ...chosen.map((name) => {
      const row = rows.find((r) => r.name.toLowerCase() === name.trim().toLowerCase());
      return { name: row?.name ?? name.trim(), sources: row?.sources ?? [], suggestionId: row?.id };
    }),
    ...(body.step === 'onboarding' ? body.topics.map((t) => ({ name: t.name.trim(), sources: t.sources, suggestionId: undefined })) : []),
  ];
  // All or none: a batch that would pass the user's topic limit adds nothing.
  const active = await activeTopics(db, userId);
  const fresh = new Set(wanted.filter((item) => !sameTopic(active, item.name)).map((item) => item.name.toLowerCase()));
  if (active.length + fresh.size > TOPIC_LIMITS.perUser) throw new AppError(400, TOPIC_LIMIT_CODE, TOPIC_MESSAGES.tooManyInBatch(active.length, fresh.size));
  for (const item of wanted) {
    const sources = item.sources.filter((id) => selectable.has(id));
    const { row, created: isNew } = await createTopicOnce(db, userId, { name: item.name, sources: sources.length ? sources : undefined });
    if (item.suggestionId) await db.update(suggestions).set({ status: 'added', updatedAt: new Date() }).where(eq(suggestions.id, item.suggestionId));
    if (!isNew) continue;
    created.push(presentTopic(row));
    await afterTopicCreated(context, row);
  }
  const now = new Date();
  await db
    .update(users)
    .set({ suggestionsCompletedAt: user.suggestionsCompletedAt ?? now, onboardingCompletedAt: user.onboardingCompletedAt ?? now, updatedAt: now })
    .where(eq(users.id, userId));
  return { success: true, created, suggestions_completed: true, onboarding_complete: true };
}
