import { z } from 'zod';
import type { Connector, RawDocument } from '../types.js';
import { fetchPages, readPagedCursor } from './paging.js';
import {
  advance,
  buildUrl,
  day,
  daysBefore,
  isNewer,
  isObject,
  malformed,
  parseJson,
  str,
  trimSlash,
  type Json,
} from './util.js';

/**
 * ClinicalTrials.gov API v2: GET /studies with the query, studies whose LastUpdatePostDate is on
 * or after the last one seen (`filter.advanced=AREA[LastUpdatePostDate]RANGE[date,MAX]`), sorted
 * by LastUpdatePostDate ascending, paged with pageToken/nextPageToken. No key.
 */

export const clinicalTrialsConfig = z.object({
  term: z.string().min(1).optional().describe("Free-text search over the whole study record."),
  condition: z.string().min(1).optional().describe("Condition or disease, e.g. type 2 diabetes."),
  intervention: z.string().min(1).optional().describe("Drug, device or procedure, e.g. semaglutide."),
  sponsor: z.string().min(1).optional().describe("Lead sponsor or collaborator, e.g. Novo Nordisk."),
  /** e.g. RECRUITING, COMPLETED. */
  statuses: z.array(z.string().min(1)).optional().describe("Overall statuses to keep, e.g. RECRUITING, COMPLETED; all when empty."),
  pageSize: z.number().int().min(1).max(1000).default(100).describe("Studies per request."),
  maxPagesPerRun: z.number().int().min(1).max(500).default(20).describe("Most requests one run makes."),
  lookbackDays: z.number().int().min(1).max(3650).default(7).describe("How far back the first run looks, in days."),
  baseUrl: z.url().default('https://clinicaltrials.gov/api/v2').describe("The API's address; change it only for a mirror."),
});

/** While a run pages: its start date and the next page token. */
interface CtRun {
  from: string;
  pageToken: string;
}

const readCursor = (value: unknown) =>
  readPagedCursor<CtRun>(value, (run) => (typeof run.from === 'string' && typeof run.pageToken === 'string' ? { from: run.from, pageToken: run.pageToken } : undefined));

const mod = (section: Json, name: string): Json => (isObject(section[name]) ? (section[name] as Json) : {});
const dateOf = (struct: unknown) => (isObject(struct) ? str(struct.date) : undefined);
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** A v2 study object -> a document. */
export function studyDocument(study: Json): { doc: RawDocument; updated: string | null } | null {
  if (!isObject(study.protocolSection)) return null;
  const p = study.protocolSection;
  const id = mod(p, 'identificationModule');
  const nctId = str(id.nctId);
  if (!nctId) return null;
  const status = mod(p, 'statusModule');
  const sponsors = mod(p, 'sponsorCollaboratorsModule');
  const description = mod(p, 'descriptionModule');
  const conditions = mod(p, 'conditionsModule');
  const design = mod(p, 'designModule');
  const arms = mod(p, 'armsInterventionsModule');
  const updatedDay = dateOf(status.lastUpdatePostDateStruct);
  const updated = updatedDay && /^\d{4}-\d{2}-\d{2}$/.test(updatedDay) ? `${updatedDay}T00:00:00.000Z` : null;
  const leadSponsor = isObject(sponsors.leadSponsor) ? str(sponsors.leadSponsor.name) : undefined;
  const summary = str(description.briefSummary);
  const detailed = str(description.detailedDescription);
  const enrollment = isObject(design.enrollmentInfo) ? design.enrollmentInfo.count : undefined;
  return {
    updated,
    doc: {
      externalId: nctId,
      title: str(id.briefTitle) ?? str(id.officialTitle) ?? nctId,
      text: [summary, detailed].filter(Boolean).join('\n\n'),
      url: `https://clinicaltrials.gov/study/${nctId}`,
      publisher: 'ClinicalTrials.gov',
      publishedAt: updated ? new Date(updated) : null,
      language: 'en',
      contentType: 'clinical_trial',
      metadata: {
        nctId,
        orgStudyId: isObject(id.orgStudyIdInfo) ? str(id.orgStudyIdInfo.id) : undefined,
        officialTitle: str(id.officialTitle),
        overallStatus: str(status.overallStatus),
        studyType: str(design.studyType),
        phases: strings(design.phases),
        enrollment: typeof enrollment === 'number' ? enrollment : undefined,
        conditions: strings(conditions.conditions),
        keywords: strings(conditions.keywords),
        interventions: Array.isArray(arms.interventions)
          ? arms.interventions.filter(isObject).map((i) => ({ type: str(i.type), name: str(i.name) }))
          : [],
        leadSponsor,
        sponsorClass: isObject(sponsors.leadSponsor) ? str(sponsors.leadSponsor.class) : undefined,
        collaborators: Array.isArray(sponsors.collaborators) ? sponsors.collaborators.filter(isObject).map((c) => str(c.name)).filter(Boolean) : [],
        startDate: dateOf(status.startDateStruct),
        primaryCompletionDate: dateOf(status.primaryCompletionDateStruct),
        completionDate: dateOf(status.completionDateStruct),
        firstPosted: dateOf(status.studyFirstPostDateStruct),
        lastUpdatePosted: updatedDay,
        hasResults: study.hasResults === true,
      },
    },
  };
}

export const clinicalTrials: Connector<typeof clinicalTrialsConfig> = {
  kind: 'clinicaltrials',
  label: "ClinicalTrials.gov",
  description: "Clinical studies registered on ClinicalTrials.gov, new or updated.",
  defaultCollectionId: 9,
  config: clinicalTrialsConfig,
  // The API allows about 50 requests a minute per client.
  minRequestIntervalMs: 1200,
  defaultIntervalMinutes: 360,
  async *fetch(context) {
    const { config } = context;
    const cursor = readCursor(context.cursor);
    const from = cursor.run?.from ?? (cursor.mark.since ? cursor.mark.since.slice(0, 10) : day(daysBefore(context.now, config.lookbackDays)));
    yield* fetchPages<CtRun>(context, {
      cursor,
      maxPages: config.maxPagesPerRun,
      page: (position, read) => {
        const pageToken = position?.pageToken;
        const url = buildUrl(`${trimSlash(config.baseUrl)}/studies`, {
          format: 'json',
          'query.term': config.term,
          'query.cond': config.condition,
          'query.intr': config.intervention,
          'query.spons': config.sponsor,
          'filter.overallStatus': config.statuses?.join(','),
          'filter.advanced': `AREA[LastUpdatePostDate]RANGE[${from},MAX]`,
          sort: 'LastUpdatePostDate:asc',
          pageSize: config.pageSize,
          countTotal: pageToken ? undefined : 'true',
          pageToken,
        });
        return {
          url,
          headers: { accept: 'application/json' },
          conditional: !pageToken,
          parse: (body, mark) => {
            const data = parseJson(body, url);
            if (!isObject(data) || !Array.isArray(data.studies)) throw malformed(url, 'no studies array');
            const documents: RawDocument[] = [];
            for (const study of data.studies.filter(isObject)) {
              const parsed = studyDocument(study);
              if (!parsed) continue;
              if (!isNewer(cursor.mark, parsed.updated, parsed.doc.externalId)) continue;
              mark = advance(mark, parsed.updated, parsed.doc.externalId);
              documents.push(parsed.doc);
            }
            const next = str(data.nextPageToken);
            const total = Number(data.totalCount);
            return {
              documents,
              mark,
              next: next ? { from, pageToken: next } : undefined,
              progress: [read * config.pageSize + data.studies.length, Number.isFinite(total) ? total : undefined],
            };
          },
        };
      },
    });
  },
};
