import { sql } from 'drizzle-orm';
import type { TDocumentChunksResponse } from '../../contract/search.js';
import { rowsOf, type Database } from '../db/client.js';
import { sizes } from '../text.js';
import { CHUNK_COLUMNS, chunkMetadata } from './search.js';

/** Neighbours on each side in the Context view and the Extended context view. */
export const CONTEXT_NEIGHBOURS = 1;
export const EXTENDED_NEIGHBOURS = 3;

type Row = Parameters<typeof chunkMetadata>[0] & { url: string | null; document_text: string };

/**
 * A document's chunks and the reconstituted views of the Document Content modal: the matched
 * chunk alone, the full document, the chunk with its neighbours, with more neighbours, and the
 * first and last chunks around it (bookends); each with its sizes. Without a
 * matched chunk (or a chunk of another document) the first text chunk stands in.
 */
export async function documentChunks(database: Database, documentId: number, matchedChunkId?: number): Promise<TDocumentChunksResponse | undefined> {
  const rows = rowsOf<Row>(
    await database.db.execute(sql`
      SELECT ${CHUNK_COLUMNS}, d.url, d.text AS document_text
      FROM chunks c JOIN documents d ON d.id = c.document_id JOIN sources s ON s.id = d.source_id
      WHERE c.document_id = ${documentId}
      ORDER BY c.chunk_index`),
  );
  const first = rows[0];
  if (!first) return undefined;
  const chunks = rows.map((row) => {
    const metadata = chunkMetadata(row);
    const json = JSON.stringify(metadata);
    return { id: Number(row.id), text: row.text, metadata, metadata_len: json.length, metadata_token_len: sizes(json).tokens };
  });
  const texts = chunks.filter((c) => c.metadata.type === 'text');
  const matched = chunks.find((c) => c.id === matchedChunkId) ?? texts[0] ?? chunks[0]!;
  const position = texts.indexOf(matched);

  const view = (picked: typeof chunks) => ({
    text: picked.map((c) => c.text).join('\n\n'),
    is_selected: picked.includes(matched),
    segments: picked.map((c) => ({ chunk_id: c.id, chunk_index: c.metadata.chunk_index, text: c.text, is_selected: c === matched })),
  });
  const around = (n: number) => (position < 0 ? [matched] : texts.slice(Math.max(0, position - n), position + n + 1));
  const bookends = position < 0 ? [matched] : [...new Set([texts[0]!, matched, texts.at(-1)!])];

  const fullDocument = `${first.title}\n\n${first.document_text}`.trim();
  const reconstituted = {
    chunk_view: view([matched]),
    full_document: fullDocument,
    context_document: view(around(CONTEXT_NEIGHBOURS)),
    extended_context: view(around(EXTENDED_NEIGHBOURS)),
    bookend_context: view(bookends),
  };
  const metric = (text: string) => {
    const s = sizes(text);
    return { token_count: s.tokens, char_count: s.chars, word_count: s.words };
  };
  const info = chunks[0]!.metadata;
  return {
    chunks,
    documentInfo: {
      title: first.title || 'Untitled',
      collection: info.collection,
      // A replayed document's own date (its arrival is in each chunk's canonical_at).
      date: info.original_published_at ?? info.canonical_at,
      source: info.source || 'Unknown',
      publisher: info.publisher,
      namespace: info.namespace,
      totalChunks: chunks.length,
      documentId,
      url: first.url,
    },
    matched_chunk_id: matched.id,
    reconstituted,
    metrics: {
      chunk_view: metric(reconstituted.chunk_view.text),
      full_document: metric(fullDocument),
      context_document: metric(reconstituted.context_document.text),
      extended_context: metric(reconstituted.extended_context.text),
      bookend_context: metric(reconstituted.bookend_context.text),
    },
  };
}
