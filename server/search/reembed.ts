import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../db/client.js';
import type { JobDefinition } from '../jobs/types.js';
import { vectorLiteral } from './index-state.js';

export const REEMBED_JOB = 'reembed-chunks';
const BATCH = 256;

const ZPayload = z.object({});

/**
 * Embeds every chunk that has no vector yet, in batches, with the current embedder: after the
 * embedding model changed (the index was rebuilt empty) or pgvector appeared on a server.
 */
export const reembedChunksJob: JobDefinition<typeof ZPayload> = {
  name: REEMBED_JOB,
  payload: ZPayload,
  queue: { policy: 'singleton', retryLimit: 3, retryDelay: 30, expireInSeconds: 4 * 3600 },
  async handler(_payload, { database, search, logger }) {
    if (!search.vectors) return { embedded: 0, skipped: 'no vector index' };
    let embedded = 0;
    for (;;) {
      const rows = rowsOf<{ id: string; text: string; title: string; type: string }>(
        await database.db.execute(sql`
          SELECT c.id::text, c.text, c.type, d.title FROM chunks c JOIN documents d ON d.id = c.document_id
          WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id)
            AND NOT EXISTS (SELECT 1 FROM chunk_vectors_pending p WHERE p.chunk_id = c.id)
            AND (c.type = 'text' OR NOT EXISTS (SELECT 1 FROM chunks t WHERE t.document_id = c.document_id AND t.type = 'text'))
          ORDER BY c.id LIMIT ${BATCH}`),
      );
      if (rows.length === 0) break;
      const vectors = await search.embedder.embed(rows.map((r) => (r.type === 'title' ? r.text : `${r.title}\n${r.text}`)));
      const pairs = rows.map((r, i) => [Number(r.id), vectorLiteral(vectors[i]!)]);
      await database.db.execute(sql`
        INSERT INTO chunk_vectors (chunk_id, embedding)
        SELECT (e->>0)::bigint, (e->>1)::vector FROM jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) e
        ON CONFLICT (chunk_id) DO NOTHING`);
      embedded += rows.length;
    }
    logger.info({ embedded, model: search.embedder.model }, 're-embed finished');
    search.reembedPending = false;
    return { embedded };
  },
};
