import { z } from 'zod';
import type { Connector, RawDocument } from '../types.js';
import { conditionalGet } from './paging.js';
import { arr, buildUrl, collapse, daysBefore, getBody, isObject, malformed, parseXml, readRemembered, stripTags, str, text, trimSlash, type Json, type Remembered, keyFor } from './util.js';

/** The service's own address: the only host its key goes to (util.ts keyFor). */
const HOME = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils';

/**
 * PubMed through the NCBI E-utilities: esearch with usehistory=y over the entry dates since the
 * last run, then efetch (PubmedArticleSet XML) in batches from the history server. Sends `tool`
 * and `email`; `api_key` when configured (10 requests/s instead of 3).
 */

export const pubmedConfig = z.object({
  /** An Entrez query, e.g. `crispr[tiab] AND humans[mh]`. */
  term: z.string().min(1).describe("An Entrez query, e.g. crispr[tiab] AND humans[mh]."),
  batchSize: z.number().int().min(1).max(10000).default(200).describe("Records per request."),
  maxPerRun: z.number().int().min(1).max(10000).default(1000).describe("Most records one run reads."),
  /** How far back the first run looks (days). */
  lookbackDays: z.number().int().min(1).max(3650).default(7).describe("How far back the first run looks, in days."),
  /** edat (entry date, default), pdat (publication) or mdat (modification). */
  dateType: z.enum(['edat', 'pdat', 'mdat']).default('edat').describe("Which date the window uses: edat (entry), pdat (publication) or mdat (modification)."),
  baseUrl: z.url().default(HOME).describe("The API's address; change it only for a mirror."),
});

interface PubmedCursor {
  /** YYYY/MM/DD the next run searches from (inclusive). */
  since: string | null;
  /** PMIDs already yielded for dates on or after `since` (the boundary day is searched again). */
  seen: string[];
  validators?: Remembered;
}

function readCursor(value: unknown): PubmedCursor {
  if (!isObject(value)) return { since: null, seen: [] };
  const validators = readRemembered(value.validators);
  return {
    since: typeof value.since === 'string' ? value.since : null,
    seen: Array.isArray(value.seen) ? value.seen.filter((s): s is string => typeof s === 'string') : [],
    ...(validators ? { validators } : {}),
  };
}

const MAX_SEEN = 5000;

const slashDate = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '/');

const MONTHS: Record<string, string> = { jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12' };

function ymd(node: unknown): string | null {
  if (!isObject(node)) return null;
  const year = text(node.Year);
  if (!year) {
    const medline = /(\d{4})/.exec(text(node.MedlineDate));
    return medline ? medline[1]! : null;
  }
  const rawMonth = text(node.Month);
  const month = MONTHS[rawMonth.slice(0, 3).toLowerCase()] ?? (rawMonth ? rawMonth.padStart(2, '0') : '');
  const dayOfMonth = text(node.Day);
  return [year, month, month && dayOfMonth ? dayOfMonth.padStart(2, '0') : ''].filter(Boolean).join('-');
}

function utcDate(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return new Date(`${value}T00:00:00Z`);
}

const LANGUAGES: Record<string, string> = { eng: 'en', fre: 'fr', ger: 'de', spa: 'es', ita: 'it', por: 'pt', jpn: 'ja', chi: 'zh', rus: 'ru', dut: 'nl' };

/** One PubmedArticle -> a document. */
export function pubmedArticle(article: Json): RawDocument | null {
  const citation = article.MedlineCitation;
  if (!isObject(citation)) return null;
  const pmid = text(citation.PMID);
  const art = citation.Article;
  if (!pmid || !isObject(art)) return null;
  const journal = isObject(art.Journal) ? art.Journal : {};
  const issue = isObject(journal.JournalIssue) ? journal.JournalIssue : {};
  const abstract = isObject(art.Abstract) ? art.Abstract : {};
  const abstractText = arr(abstract.AbstractText)
    .map((node) => {
      const value = stripTags(text(node));
      const label = isObject(node) ? str(node['@_Label']) : undefined;
      return label ? `${label}: ${value}` : value;
    })
    .filter(Boolean)
    .join('\n\n');
  const authors = arr(isObject(art.AuthorList) ? art.AuthorList.Author : undefined)
    .filter(isObject)
    .map((a) => text(a.CollectiveName) || [text(a.ForeName), text(a.LastName)].filter(Boolean).join(' '))
    .filter(Boolean);
  const pubmedData = isObject(article.PubmedData) ? article.PubmedData : {};
  const history = arr(isObject(pubmedData.History) ? pubmedData.History.PubMedPubDate : undefined).filter(isObject);
  const entrez = history.find((h) => h['@_PubStatus'] === 'entrez') ?? history.find((h) => h['@_PubStatus'] === 'pubmed');
  const ids = arr(isObject(pubmedData.ArticleIdList) ? pubmedData.ArticleIdList.ArticleId : undefined).filter(isObject);
  const doi = ids.find((i) => i['@_IdType'] === 'doi');
  const pmc = ids.find((i) => i['@_IdType'] === 'pmc');
  const journalDate = ymd(issue.PubDate);
  const language = LANGUAGES[text(art.Language)];
  const mesh = arr(isObject(citation.MeshHeadingList) ? citation.MeshHeadingList.MeshHeading : undefined)
    .filter(isObject)
    .map((m) => text(m.DescriptorName))
    .filter(Boolean);
  const types = arr(isObject(art.PublicationTypeList) ? art.PublicationTypeList.PublicationType : undefined).map(text).filter(Boolean);
  return {
    externalId: `pmid:${pmid}`,
    title: stripTags(text(art.ArticleTitle)) || `PubMed ${pmid}`,
    text: abstractText,
    url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
    publisher: collapse(text(journal.Title)) || 'PubMed',
    publishedAt: utcDate(ymd(entrez)) ?? utcDate(journalDate),
    ...(language ? { language } : {}),
    contentType: 'pubmed_article',
    metadata: {
      pmid,
      doi: doi ? text(doi) : undefined,
      pmcid: pmc ? text(pmc) : undefined,
      authors,
      journal: collapse(text(journal.Title)) || undefined,
      journalAbbreviation: text(journal.ISOAbbreviation) || undefined,
      volume: text(issue.Volume) || undefined,
      issue: text(issue.Issue) || undefined,
      journalDate,
      publicationTypes: types,
      meshTerms: mesh,
      status: str(citation['@_Status']),
    },
  };
}

export const pubmed: Connector<typeof pubmedConfig> = {
  kind: 'pubmed',
  label: "PubMed",
  description: "Biomedical literature from PubMed (NCBI Entrez) matching a query.",
  keys: [{ key: 'pubmedApiKey', required: false }, { key: 'contactEmail', required: false }],
  defaultCollectionId: 4,
  config: pubmedConfig,
  minRequestIntervalMs: 334,
  requestIntervalMs: (keys) => (keys.pubmedApiKey ? 100 : 334),
  defaultIntervalMinutes: 360,
  async *fetch(context) {
    const { config, keys } = context;
    const cursor = readCursor(context.cursor);
    const base = trimSlash(config.baseUrl);
    const common = { db: 'pubmed', tool: 'herald', email: keys.contactEmail, api_key: keyFor(keys.pubmedApiKey, config.baseUrl, HOME, keys) };
    const since = cursor.since ?? slashDate(daysBefore(context.now, config.lookbackDays));
    const until = slashDate(context.now);
    const searchUrl = buildUrl(`${base}/esearch.fcgi`, {
      ...common,
      term: config.term,
      usehistory: 'y',
      retmax: 0,
      datetype: config.dateType,
      mindate: since,
      maxdate: until,
    });
    const search = await conditionalGet(context, searchUrl, cursor.validators);
    if (!search) return;
    const result = parseXml(search.body, searchUrl).eSearchResult;
    if (!isObject(result)) throw malformed(searchUrl, 'no eSearchResult');
    const error = text(result.ERROR);
    if (error) throw malformed(searchUrl, error);
    const count = Number(text(result.Count));
    if (!Number.isFinite(count)) throw malformed(searchUrl, 'no Count');
    const { remembered } = search;
    const seen = new Set(cursor.seen);
    // The next run searches again from today (inclusive): it skips the PMIDs yielded lately.
    const yielded: string[] = [];
    const nextSeenOf = () => [...new Set([...[...yielded].reverse(), ...cursor.seen])].slice(0, MAX_SEEN);
    const total = Math.min(count, config.maxPerRun);
    if (total === 0) {
      yield { documents: [], cursor: { since: until, seen: cursor.seen, ...(remembered ? { validators: remembered } : {}) } };
      return;
    }
    const webEnv = text(result.WebEnv);
    const queryKey = text(result.QueryKey);
    if (!webEnv || !queryKey) throw malformed(searchUrl, 'no WebEnv/QueryKey with usehistory=y');
    for (let start = 0; start < total; start += config.batchSize) {
      const fetchUrl = buildUrl(`${base}/efetch.fcgi`, {
        ...common,
        query_key: queryKey,
        WebEnv: webEnv,
        retstart: start,
        retmax: Math.min(config.batchSize, total - start),
        retmode: 'xml',
      });
      const body = await getBody(context, fetchUrl);
      const doc = parseXml(body, fetchUrl, { stopNodes: ['*.ArticleTitle', '*.AbstractText'] });
      const set = doc.PubmedArticleSet;
      if (!isObject(set) && !(typeof set === 'string' && set === '')) throw malformed(fetchUrl, 'no PubmedArticleSet');
      const documents: RawDocument[] = [];
      for (const article of arr(isObject(set) ? set.PubmedArticle : undefined).filter(isObject)) {
        const document = pubmedArticle(article);
        if (!document) continue;
        const pmid = String(document.metadata?.pmid);
        if (seen.has(pmid)) continue;
        seen.add(pmid);
        yielded.push(pmid);
        documents.push(document);
      }
      const last = start + config.batchSize >= total;
      context.progress?.(Math.min(start + config.batchSize, total), total);
      yield {
        documents,
        cursor: last
          ? { since: until, seen: nextSeenOf(), ...(remembered ? { validators: remembered } : {}) }
          : { since: cursor.since, seen: [...seen].slice(-MAX_SEEN * 2) },
      };
    }
  },
};
