/**
 * Builds fixtures/demo/corpus.jsonl.gz, the corpus the demo source replays, from the sets in
 * ../shared/data/demo. Normalises the sets' differing fields to one shape, drops records whose
 * licence does not allow redistribution (PubMed abstracts), prefers the fuller text of the
 * Federal Register and ClinicalTrials.gov sets, and interleaves kinds so that a replay shows
 * every kind within its first pages. Licences and attributions: fixtures/demo/NOTICE.md.
 *
 *   npx tsx scripts/build-demo-corpus.ts [path/to/shared/data/demo]
 *   npx tsx scripts/build-demo-corpus.ts --idf-only    the IDF table alone, from the bundled corpus
 *                                                      (after the terms changed: search/terms.ts)
 */
import { createReadStream, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ROOT } from '../server/paths.js';
import { IDF_FILE } from '../server/search/embeddings.js';
import { terms } from '../server/search/terms.js';

const IDF_ONLY = process.argv[2] === '--idf-only';
const SOURCE = path.resolve((!IDF_ONLY && process.argv[2]) || path.join(ROOT, '..', 'shared', 'data', 'demo'));
const OUT = path.join(ROOT, 'fixtures', 'demo', 'corpus.jsonl.gz');
/** One document of a set at most this long: the Federal Register issue holds a 614 KB notice. */
const MAX_TEXT = 60_000;

const COLLECTION_BY_KIND: Record<string, number> = {
  News: 1,
  'Press releases': 2,
  Blogs: 3,
  'Scientific studies': 4,
  Legislation: 5,
  Regulations: 6,
  regulation: 6,
  presidential_document: 6,
  Litigation: 7,
  'Securities filings': 8,
  'Clinical trials': 9,
  clinical_trial: 9,
  Patents: 10,
  Trademarks: 11,
};

export interface DemoDocument {
  id: string;
  collection_id: number;
  title: string;
  text: string;
  url: string | null;
  publisher: string | null;
  published_at: string | null;
  content_type: string;
  set: string;
  license: string | null;
  metadata: Record<string, unknown>;
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

async function* readJsonl(file: string): AsyncGenerator<Row> {
  const lines = readline.createInterface({ input: createReadStream(path.join(SOURCE, file)), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as Row;
}

function isoDate(value: unknown): string | null {
  const text = str(value);
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function normalise(row: Row, set: string, extra: Partial<DemoDocument> = {}): DemoDocument {
  const kind = String(row.kind);
  const collection = COLLECTION_BY_KIND[kind];
  if (!collection) throw new Error(`${set}: unknown kind ${kind}`);
  const { id, doc_id, kind: _k, title, text, url, published, source, license, provenance, ...rest } = row;
  void _k;
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)) metadata[key] = value;
  if (provenance) metadata.provenance = provenance;
  return {
    id: String(id ?? doc_id),
    collection_id: collection,
    title: str(title) ?? 'Untitled',
    text: (str(text) ?? '').slice(0, MAX_TEXT),
    url: str(url),
    publisher: str(source),
    published_at: isoDate(published),
    content_type: str(row.subtype) ?? kind,
    set,
    license: str(license),
    metadata,
    ...extra,
  };
}

async function main() {
  const bySet: DemoDocument[][] = [];
  const add = async (file: string, set: string, filter: (row: Row) => boolean = () => true, map?: (row: Row) => Partial<DemoDocument>) => {
    const docs: DemoDocument[] = [];
    for await (const row of readJsonl(file)) if (filter(row)) docs.push(normalise(row, set, map?.(row)));
    bySet.push(docs);
    console.log(`${set}: ${docs.length}`);
  };

  await add('news_wikipedia_cep_2015_09/wcep_2015-09.jsonl', 'wcep_2015_09');
  await add('news_wikinews_2004/wikinews_2004.jsonl', 'wikinews_2004');
  await add('news_fed_monetary/fed_monetary_press_releases.jsonl', 'fed_monetary');
  await add('news_whitehouse_covid_briefings_2020/wh_covid_briefings_2020.jsonl', 'whitehouse_covid_2020');
  await add('news_arxiv_recent/arxiv_recent.jsonl', 'arxiv_recent');
  await add('demo_federal_register/demo_federal_register_2016-04-15.jsonl', 'federal_register_2016_04_15', () => true, (row) => ({
    id: `fr:${String(row.doc_id)}`,
    content_type: str(row.fr_type) ?? 'Federal Register document',
    publisher: str(row.agency) ?? 'Federal Register',
    license: 'US Government work (public domain)',
  }));
  await add('demo_clinicaltrials/demo_clinicaltrials.jsonl', 'clinicaltrials_herniated_disc', () => true, (row) => ({
    id: `nct:${String(row.doc_id)}`,
    content_type: 'Clinical trial',
    publisher: str(row.sponsor) ?? 'ClinicalTrials.gov',
    license: 'ClinicalTrials.gov public registry data (NLM terms: free to redistribute with attribution)',
  }));
  // The combined set: its Federal Register and trial rows are shorter copies of the two sets
  // above; PubMed abstracts may be publisher-copyrighted and are not redistributed.
  await add('demo_corpus/demo_corpus.jsonl', 'demo_corpus', (row) => {
    const id = String(row.id);
    return !id.startsWith('fr:') && !id.startsWith('nct:') && !id.startsWith('pmid:');
  });

  // Round-robin across sets so every kind shows up early in the replay.
  const docs: DemoDocument[] = [];
  const seen = new Set<string>();
  for (let i = 0; bySet.some((set) => i < set.length); i++) {
    for (const set of bySet) {
      const doc = set[i];
      if (doc && !seen.has(doc.id)) {
        seen.add(doc.id);
        docs.push(doc);
      }
    }
  }
  const body = gzipSync(docs.map((d) => JSON.stringify(d)).join('\n') + '\n', { level: 9 });
  await writeFile(OUT, body);
  console.log(`${docs.length} documents -> ${path.relative(ROOT, OUT)} (${(body.length / 1e6).toFixed(2)} MB)`);

  await writeIdf(docs);
}

/** Document frequencies for the built-in embedding's IDF (terms seen in at least 2 documents). */
async function writeIdf(docs: { title: string; text: string }[]) {
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(terms(`${doc.title}\n${doc.text}`))) df.set(term, (df.get(term) ?? 0) + 1);
  const idf: Record<string, number> = {};
  const kept = [...df].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 60_000);
  for (const [term, n] of kept) idf[term] = Math.round((Math.log((docs.length + 1) / (n + 1)) + 1) * 1000) / 1000;
  await mkdir(path.dirname(IDF_FILE), { recursive: true });
  const idfBody = gzipSync(JSON.stringify({ documents: docs.length, idf }), { level: 9 });
  await writeFile(IDF_FILE, idfBody);
  console.log(`${kept.length} terms -> ${path.relative(ROOT, IDF_FILE)} (${(idfBody.length / 1e3).toFixed(0)} KB)`);
}

if (IDF_ONLY) await writeIdf(gunzipSync(readFileSync(OUT)).toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { title: string; text: string }));
else await main();
