import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  roles: z.array(z.enum(['api', 'worker', 'scheduler'])),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    migrations: z.object({ applied: z.number().int(), latest: z.string().nullable() }),
    pgvector: z.boolean(),
  }),
  queue: z.object({ running: z.boolean() }),
  /** What the sources have stored, and the search mode it is served with. */
  content: z.object({
    documents: z.number().int(),
    sources: z.number().int(),
    sourcesDisabled: z.number().int(),
    search: z.enum(['hybrid', 'full_text']),
    embeddingModel: z.string(),
  }),
  uptimeSeconds: z.number(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const ZInitSource = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  topic_selectable: z.boolean(),
  search_filter: z.boolean(),
});

export const ZInitResponse = z.object({
  sources: z.array(ZInitSource),
  industries: z.array(z.object({ value: z.string(), label: z.string() })),
  version: z.string(),
  /** The product's external website, linked from the footer; null when not configured. */
  site_url: z.string().nullable(),
  /** Google sign-in client id for the popup flow; null hides the Google buttons. */
  google_client_id: z.string().nullable(),
  /** The name on the 'Sign in with …' button of single sign-on (OIDC_NAME); null when no OpenID provider is configured. */
  oidc_name: z.string().nullable(),
  /** The executives /about names (the operator's ABOUT_EXECUTIVES); empty: the page shows placeholders. */
  executives: z.array(z.object({ name: z.string(), title: z.string() })),
});
export type TInitResponse = z.infer<typeof ZInitResponse>;
