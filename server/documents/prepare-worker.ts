import { createHashedTfIdfEmbedder, type Embedder } from '../search/embeddings.js';
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
