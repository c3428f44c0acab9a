import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type AppTx, type Database } from '../db/client.js';
import { turnTaker } from '../db/priority.js';
import { documents } from '../db/schema/index.js';
import type { SearchIndex } from '../search/index-state.js';
import type { RawDocument } from './raw.js';
import { bandsToSimhash, hammingDistance, NEAR_DUPLICATE_BITS } from './fingerprint.js';
import { prepareDocument, RejectedDocument, type PreparedDocument } from './normalise.js';
import { embedLiterals, prepareOffThread, type Prepared } from './prepare-pool.js';
import { addSourceSentences } from './source-sentences.js';

export interface IngestContext {
  database: Database;
  search: SearchIndex;
  logger: Logger;
}

export interface IngestResult {
  received: number;
  inserted: number;
  duplicates: number;
  nearDuplicates: number;
  rejected: number;
  chunks: number;
  insertedIds: number[];
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Stores a page of documents from one source: prepare, drop what is already stored (same source
 * and external id, same canonical URL, same content), flag near-duplicates of other sources'
 * documents, then write documents, chunks and vectors (a few documents per transaction). Unique
 * indexes make it idempotent under concurrency: a document another run stored first is skipped, not doubled.
 */
export async function ingestDocuments(
  context: IngestContext,
  source: { id: number; collectionId: number },
  raws: RawDocument[],
  now = new Date(),
): Promise<IngestResult> {
  const result: IngestResult = { received: raws.length, inserted: 0, duplicates: 0, nearDuplicates: 0, rejected: 0, chunks: 0, insertedIds: [] };
  const prepared: PreparedDocument[] = [];
  const seen = new Set<string>();
  const results = (await prepareOffThread(raws, source.collectionId, now)) ?? (await prepareHere(raws, source.collectionId, now));
  for (const doc of results) {
    if ('rejected' in doc) {
      result.rejected++;
      context.logger.debug({ source: source.id, reason: doc.rejected }, 'document rejected');
      continue;
    }
    const keys = [`e:${doc.externalId}`, `h:${doc.contentHash}`, ...(doc.canonicalUrl ? [`u:${doc.canonicalUrl}`] : [])];
    if (keys.some((key) => seen.has(key))) {
      result.duplicates++;
      continue;
    }
    for (const key of keys) seen.add(key);
    prepared.push(doc);
  }
  if (prepared.length === 0) return result;

  const { db } = context.database;
  // Skip what is stored already before paying for embeddings.
  const existing = await db.execute(sql`
    SELECT external_id, source_id::text, content_hash, canonical_url FROM documents
    WHERE (source_id = ${source.id} AND external_id IN (SELECT jsonb_array_elements_text(${json(prepared.map((d) => d.externalId))}::jsonb)))
       OR content_hash IN (SELECT jsonb_array_elements_text(${json(prepared.map((d) => d.contentHash))}::jsonb))
       OR canonical_url IN (SELECT jsonb_array_elements_text(${json(prepared.flatMap((d) => (d.canonicalUrl ? [d.canonicalUrl] : [])))}::jsonb))`);
  const known = new Set<string>();
  for (const row of rowsOf<{ external_id: string; source_id: string; content_hash: string; canonical_url: string | null }>(existing)) {
    if (Number(row.source_id) === source.id) known.add(`e:${row.external_id}`);
    known.add(`h:${row.content_hash}`);
    if (row.canonical_url) known.add(`u:${row.canonical_url}`);
  }
  const fresh = prepared.filter((d) => !known.has(`e:${d.externalId}`) && !known.has(`h:${d.contentHash}`) && !(d.canonicalUrl && known.has(`u:${d.canonicalUrl}`)));
  result.duplicates += prepared.length - fresh.length;
  if (fresh.length === 0) return result;

  // Near-duplicates: documents of other sources sharing a SimHash band, within a few bits.
  const bands = [...new Set(fresh.flatMap((d) => d.simhashBands))];
  const candidates = rowsOf<{ id: string; simhash_bands: number[] }>(
    await db.execute(sql`
      SELECT id::text, simhash_bands FROM documents
      WHERE simhash_bands && ARRAY(SELECT jsonb_array_elements_text(${json(bands)}::jsonb)::int) AND source_id <> ${source.id}
      LIMIT 2000`),
  ).map((row) => ({ id: Number(row.id), simhash: bandsToSimhash(row.simhash_bands) }));
  const nearDuplicateOf = new Map<PreparedDocument, number>();
  for (const doc of fresh) {
    const match = candidates.find((c) => hammingDistance(c.simhash, doc.simhash) <= NEAR_DUPLICATE_BITS);
    if (match) nearDuplicateOf.set(doc, match.id);
  }

  // Text chunks are embedded with their document's title, so a title chunk needs its own vector
  // only when the document has no text.
  const embedded = (d: PreparedDocument) => (d.chunks.length > 1 ? d.chunks.slice(1) : d.chunks);
  for (let start = 0; start < fresh.length; start += DOCUMENTS_PER_TRANSACTION) {
    const group = fresh.slice(start, start + DOCUMENTS_PER_TRANSACTION);
    const vectors = context.search.vectors
      ? await embedLiterals(context.search.embedder, group.flatMap((d) => embedded(d).map((c) => (c.type === 'title' ? c.text : `${d.title}\n${c.text}`))))
      : [];
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(documents)
        .values(
          group.map((d) => ({
            sourceId: source.id,
            externalId: d.externalId,
            collectionId: d.collectionId,
            title: d.title,
            text: d.text,
            url: d.url,
            canonicalUrl: d.canonicalUrl,
            publisher: d.publisher,
            contentType: d.contentType,
            language: d.language,
            canonicalAt: d.canonicalAt,
            publishedAt: d.publishedAt,
            contentHash: d.contentHash,
            simhashBands: d.simhashBands,
            nearDuplicateOf: nearDuplicateOf.get(d) ?? null,
            metadata: d.metadata,
            tokenCount: d.tokenCount,
            charCount: d.charCount,
            wordCount: d.wordCount,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: documents.id, externalId: documents.externalId });
      const idByExternal = new Map(inserted.map((row) => [row.externalId, row.id]));
      result.duplicates += group.length - inserted.length;
      const chunkRows: ChunkRow[] = [];
      let v = 0;
      for (const doc of group) {
        const id = idByExternal.get(doc.externalId);
        const withVectors = new Set(embedded(doc));
        for (const chunk of doc.chunks) {
          const vector = withVectors.has(chunk) ? vectors[v++] : undefined;
          if (id === undefined) continue;
          chunkRows.push([id, chunk.chunkIndex, chunk.type, chunk.text, chunk.startChar, chunk.endChar, chunk.tokenLen, chunk.charSize, chunk.wordSize, doc.collectionId, doc.canonicalAt.toISOString(), vector ?? null]);
        }
        if (id !== undefined) {
          result.inserted++;
          result.insertedIds.push(id);
          if (nearDuplicateOf.has(doc)) result.nearDuplicates++;
        }
      }
      // The source's template is what its documents repeat: counted with the documents, in their transaction.
      await addSourceSentences(tx, source.id, group.filter((d) => idByExternal.has(d.externalId)).map((d) => ({ publisher: d.publisher, keys: d.sentenceKeys })));
      for (let first = 0; first < chunkRows.length; first += CHUNK_ROWS_PER_STATEMENT) {
        const slice = chunkRows.slice(first, first + CHUNK_ROWS_PER_STATEMENT);
        await writeChunks(tx, slice, context.search.vectors);
        result.chunks += slice.length;
      }
    });
  }
  return result;
}

/** On this thread, in short turns (requests go first on the embedded database). */
async function prepareHere(raws: RawDocument[], collectionId: number, now: Date): Promise<Prepared[]> {
  const takeTurn = turnTaker();
  const out: Prepared[] = [];
  for (const raw of raws) {
    await takeTurn();
    try {
      out.push(await prepareDocument(raw, collectionId, now));
    } catch (error) {
      if (!(error instanceof RejectedDocument)) throw error;
      out.push({ rejected: error.message });
    }
  }
  return out;
}

/** A chunk row as one JSON array (the last item: its vector literal, or null). */
type ChunkRow = [documentId: number, chunkIndex: number, type: string, text: string, startChar: number, endChar: number, tokenLen: number, charSize: number, wordSize: number, collectionId: number, canonicalAt: string, vector: string | null];

const CHUNK_VALUES = sql.raw(`(e->>0)::bigint, (e->>1)::int, e->>2, e->>3, (e->>4)::int, (e->>5)::int, (e->>6)::int, (e->>7)::int, (e->>8)::int, (e->>9)::smallint, (e->>10)::timestamptz`);
const CHUNK_COLUMNS = sql.raw('chunks (document_id, chunk_index, type, text, start_char, end_char, token_len, char_size, word_size, collection_id, canonical_at)');

/**
 * One statement of chunks, and their vectors, from one JSON parameter. The vectors wait beside
 * the HNSW graph, which is built behind ingest (search/vector-index.ts). Building a statement of a
 * parameter per value (64 rows x 11 columns) cost the server's thread more than the database's
 * own work of the insert.
 */
async function writeChunks(tx: AppTx, rows: ChunkRow[], vectors: boolean): Promise<void> {
  const data = json(rows);
  if (!vectors) {
    await tx.execute(sql`INSERT INTO ${CHUNK_COLUMNS} SELECT ${CHUNK_VALUES} FROM jsonb_array_elements(${data}::jsonb) WITH ORDINALITY AS r(e, n) ORDER BY n`);
    return;
  }
  await tx.execute(sql`
    WITH r AS (SELECT e, n FROM jsonb_array_elements(${data}::jsonb) WITH ORDINALITY AS r(e, n)),
    written AS (INSERT INTO ${CHUNK_COLUMNS} SELECT ${CHUNK_VALUES} FROM r ORDER BY n RETURNING id, document_id, chunk_index)
    INSERT INTO chunk_vectors_pending (chunk_id, embedding)
    SELECT w.id, (r.e->>11)::vector FROM written w JOIN r ON (r.e->>0)::bigint = w.document_id AND (r.e->>1)::int = w.chunk_index
    WHERE r.e->>11 IS NOT NULL`);
}

/**
 * Documents written per transaction: each document with its chunks and vectors is atomic, and a
 * page is written in several transactions, so that on the embedded database (one connection) a
 * request waits behind one short transaction, not a whole page (a page of 100 long documents held
 * the connection for 3-4 s). A crash between two leaves whole documents; the page's re-run skips them.
 */
const DOCUMENTS_PER_TRANSACTION = 16;

/**
 * Chunks (and their vectors) go in statements of this many rows: on the embedded database one
 * statement runs on the server's own thread, and between statements the event loop gets its turn
 * (db/priority.ts).
 */
const CHUNK_ROWS_PER_STATEMENT = 64;

