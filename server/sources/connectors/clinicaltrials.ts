import { z } from 'zod';
import type { Connector, RawDocument } from '../types.js';
import {
  advance,
  buildUrl,
  day,
  daysBefore,
  EMPTY_MARK,
  getBody,
  isNewer,
  isObject,
  malformed,
  parseJson,
  readMark,
  readRemembered,
  remember,
  str,
  trimSlash,
  validatorsFor,
  type Json,
  type Mark,
  type Remembered,
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

interface CtCursor {
  mark: Mark;
  /** While a run pages: its start date and the next page token. */
  run?: { from: string; pageToken: string };
  validators?: Remembered;
}

function readCursor(value: unknown): CtCursor {
  if (!isObject(value)) return { mark: EMPTY_MARK };
  const run = isObject(value.run) && typeof value.run.from === 'string' && typeof value.run.pageToken === 'string' ? { from: value.run.from, pageToken: value.run.pageToken } : undefined;
  const validators = readRemembered(value.validators);
  return { mark: readMark(value.mark), ...(run ? { run } : {}), ...(validators ? { validators } : {}) };
}

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
    let pageToken = cursor.run?.pageToken;
    let mark = cursor.mark;
    let remembered = cursor.validators;
    for (let read = 0; read < config.maxPagesPerRun; read++) {
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
      let body: string;
      if (!pageToken) {
        const validators = validatorsFor(cursor.validators, url);
        const response = await context.http.get({ url, headers: { accept: 'application/json' }, ...(validators ? { validators } : {}) });
        if (response.notModified) return;
        body = response.body;
        remembered = remember(response, url);
      } else {
        body = await getBody(context, url, { accept: 'application/json' });
      }
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
      context.progress?.(read * config.pageSize + data.studies.length, Number.isFinite(total) ? total : undefined);
      const last = !next || read === config.maxPagesPerRun - 1;
      yield {
        documents,
        cursor: { mark: last ? mark : cursor.mark, ...(last ? {} : { run: { from, pageToken: next! } }), ...(remembered ? { validators: remembered } : {}) } satisfies CtCursor,
      };
      if (last) return;
      pageToken = next;
    }
  },
};
