import { createHashedTfIdfEmbedder, type Embedder } from '../search/embeddings.js';
import { parseFeed, type ParsedFeed } from '../sources/connectors/feed-format.js';
import { SourceError } from '../sources/types.js';
import { vectorLiteral } from '../search/index-state.js';
import type { RawDocument } from './raw.js';
import { prepareDocument, RejectedDocument } from './normalise.js';
import type { Prepared } from './prepare-pool.js';

/** A worker thread of prepare-pool.ts: each document prepared, or the reason it was rejected. */
export default async function prepareBatch(batch: { raws: RawDocument[]; collectionId: number; now: Date }): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const raw of batch.raws) {
    try {
      out.push(await prepareDocument(raw, batch.collectionId, batch.now));
    } catch (error) {
      if (!(error instanceof RejectedDocument)) throw error;
      out.push({ rejected: error.message });
    }
  }
  return out;
}

let embedder: Embedder | undefined;

/** The built-in embedder's vectors of `texts`, as pgvector literals ready to store. */
export async function embed(batch: { texts: string[]; dimensions: number }): Promise<string[]> {
  if (embedder?.dimensions !== batch.dimensions) embedder = createHashedTfIdfEmbedder(batch.dimensions);
  return (await embedder.embed(batch.texts)).map(vectorLiteral);
}

/** A feed parsed here, off the server thread (prepare-pool.ts parseFeedOffThread); a malformed one answers its error (a class does not cross threads). */
export function feed(input: { content: string; what: string; baseUrl?: string }): { feed: ParsedFeed } | { error: string; code: SourceError['code'] } {
  try {
    return { feed: parseFeed(input.content, input.what, input.baseUrl ? { baseUrl: input.baseUrl } : {}) };
  } catch (error) {
    if (error instanceof SourceError) return { error: error.message, code: error.code };
    throw error;
  }
}
