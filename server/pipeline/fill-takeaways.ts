import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { collectionKey } from '../../contract/collections.js';
import { rowsOf } from '../db/client.js';
import { originalDate } from '../db/original-date.js';
import { documents, users } from '../db/schema/index.js';
import { builtinImpact, ZImpact, type TImpact } from '../intelligence/capabilities/impact.js';
import { groundedTakeawayOf } from '../intelligence/capabilities/takeaway.js';
import type { JobContext, JobDefinition } from '../jobs/types.js';
import { previousInStory, reportedSource, standingOf, takeawayContext } from './impact.js';
import { loadStageEvent, type StageEvent } from './stage-rows.js';

export const FILL_TAKEAWAYS_JOB = 'fill-takeaways';
/** Event ids read per statement: a short scan on the embedded database, whatever the table's size. */
const WINDOW = 2000;

/** A stored article whose takeaway is empty: missing, null, blank or an empty list (written before takeaways were always filled). */
const EMPTY_TAKEAWAY = sql`coalesce(btrim(article->>'actionable_takeaway'), '') IN ('', '[]')`;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const texts = (value: unknown) => (Array.isArray(value) ? value.map(text).filter(Boolean) : []);

/** The parts of a stored article the impact and the takeaway read, tolerant of older shapes. */
function storedArticle(article: Record<string, unknown>) {
  const sections = Array.isArray(article.sections) ? article.sections.flatMap((s) => (s && typeof s === 'object' ? [{ heading: text((s as Record<string, unknown>).heading), content: text((s as Record<string, unknown>).content) }] : [])) : [];
  const references = Array.isArray(article.references)
    ? article.references.flatMap((r) => (r && typeof r === 'object' && Number.isInteger((r as Record<string, unknown>).number) && Number.isInteger((r as Record<string, unknown>).document_id) ? [{ number: Number((r as Record<string, unknown>).number), document_id: Number((r as Record<string, unknown>).document_id) }] : []))
    : [];
  return { title: text(article.title), introduction: text(article.introduction), bullet_points: texts(article.bullet_points), sections, references };
}

type Stored = ReturnType<typeof storedArticle>;

/** The impact the article has, or the built-in engine's for an article written before impact assessments (no model is paid for an upgrade). */
async function impactOf(context: JobContext, row: StageEvent, article: Stored): Promise<TImpact> {
  const stored = ZImpact.safeParse(row.event.article?.impact);
  if (stored.success) return stored.data;
  const cited = article.references.map((r) => r.document_id);
  const docs = cited.length ? await context.database.db.select().from(documents).where(inArray(documents.id, cited)) : [];
  const byId = new Map(docs.map((d) => [d.id, d]));
  const references = article.references.flatMap((r) => {
    const d = byId.get(r.document_id);
    return d ? [{ number: r.number, title: d.title, date: originalDate(d).toISOString(), kind: collectionKey(d.collectionId), text: d.text }] : [];
  });
  const [reader] = await context.database.db
    .select({ title: users.title, company: users.company, industry: users.industry, organizations: users.organizations, productsMarkets: users.productsMarkets, placesJurisdictions: users.placesJurisdictions })
    .from(users)
    .where(sql`${users.id} = ${row.event.userId}`);
  const rank = row.event.finalRank ?? 0;
  return builtinImpact({
    reader: { title: reader?.title ?? null, company: reader?.company ?? null, industry: reader?.industry ?? null, organizations: reader?.organizations ?? [], productsMarkets: reader?.productsMarkets ?? [], placesJurisdictions: reader?.placesJurisdictions ?? [] },
    topic: { name: row.topic.name, keyEntities: row.topic.keyEntities },
    article: { title: article.title, introduction: article.introduction, points: article.bullet_points, sections: article.sections },
    references,
    reported: originalDate(row.doc).toISOString(),
    rank,
    standing: await standingOf(context, row.event.userId, row.event.id, rank),
    phaseChange: Boolean(row.event.phaseChange),
  });
}

/** One stored article's takeaway (and its impact, when it has none), written only while the takeaway is still empty. */
export async function fillTakeaway(context: JobContext, eventId: number): Promise<boolean> {
  const row = await loadStageEvent(context.database.db, eventId);
  if (!row?.event.article) return false;
  const article = storedArticle(row.event.article);
  const impact = await impactOf(context, row, article);
  const reported = reportedSource(row.doc);
  const takeaway = groundedTakeawayOf(impact, { ...takeawayContext(row.topic, article, reported), previous: await previousInStory(context.database.db, row.event, reported.date) });
  const written = rowsOf<{ id: number }>(
    await context.database.db.execute(sql`UPDATE events SET article = article || jsonb_build_object('actionable_takeaway', ${takeaway.text}::text, 'takeaway_basis', ${takeaway.basis}::text, 'impact', ${JSON.stringify(impact)}::jsonb), updated_at = now()
      WHERE id = ${eventId} AND article_generated AND ${EMPTY_TAKEAWAY} RETURNING id`),
  );
  return written.length > 0;
}

/** The published articles with an empty takeaway among event ids (after, after + WINDOW]. */
async function emptyIn(context: JobContext, after: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await context.database.db.execute(sql`SELECT id FROM events WHERE id > ${after} AND id <= ${after + WINDOW} AND article_generated AND article IS NOT NULL AND ${EMPTY_TAKEAWAY} ORDER BY id`),
  );
  return rows.map((r) => Number(r.id));
}

const ZPayload = z.object({});

/**
 * The upgrade of articles stored before takeaways were always filled: each gets the grounded
 * takeaway (capabilities/takeaway.ts) and, when it has none, the built-in impact assessment. Sent
 * at every start by the scheduler and run in the background: a window of event ids a statement,
 * one article a write, each write guarded by its takeaway still being empty, so a second run, a
 * retry or a concurrent re-composition changes nothing. An article the reader opens meanwhile is
 * served as it is stored (an empty takeaway is left out of the page).
 */
export const fillTakeawaysJob: JobDefinition<typeof ZPayload> = {
  name: FILL_TAKEAWAYS_JOB,
  payload: ZPayload,
  queue: { policy: 'singleton', retryLimit: 3, retryDelay: 60, expireInSeconds: 4 * 3600 },
  async handler(_payload, context) {
    const [last] = rowsOf<{ max: number | null }>(await context.database.db.execute(sql`SELECT max(id)::int AS max FROM events`));
    const end = Number(last?.max ?? 0);
    let filled = 0;
    for (let after = 0; after < end; after += WINDOW) {
      for (const id of await emptyIn(context, after)) {
        // One article that cannot be read is left as it is; it does not hold up the others.
        try {
          if (await fillTakeaway(context, id)) filled++;
        } catch (error) {
          context.logger.warn({ err: error, eventId: id }, 'a stored article could not be given its takeaway');
        }
      }
    }
    if (filled) context.logger.info({ filled }, 'stored articles given their takeaways');
    return { filled };
  },
};
