import { z } from 'zod';

/**
 * The Sources calls: the operators of an install (superusers) list, add, edit, run and delete the
 * sources Herald reads, find a site's feed, preview a source before saving it, and move feeds in
 * and out as OPML. Dates are ISO 8601 strings.
 */

/** active: enabled and its last run succeeded (or it has not run); failing: enabled, last run failed; disabled: off, with the reason. */
export const SOURCE_STATES = ['active', 'failing', 'disabled'] as const;
export type TSourceState = (typeof SOURCE_STATES)[number];

const ZSettings = z.record(z.string(), z.unknown());

/** A run in progress: pages and items so far (total when the connector knows it). */
export const ZSourceProgress = z.object({
  started_at: z.string(),
  pages: z.number(),
  received: z.number(),
  inserted: z.number(),
});

export const ZSource = z.object({
  id: z.number(),
  kind: z.string(),
  /** The kind's name for people ("RSS / Atom feed", "arXiv"). */
  kind_label: z.string(),
  name: z.string(),
  collection_id: z.number(),
  settings: ZSettings,
  /** The address it reads, when its settings carry one (feeds, court RSS). */
  url: z.string().nullable(),
  enabled: z.boolean(),
  state: z.enum(SOURCE_STATES),
  disabled_reason: z.string().nullable(),
  interval_minutes: z.number(),
  last_run_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** When the last error happened (the last failed run's end). */
  last_error_at: z.string().nullable(),
  consecutive_failures: z.number(),
  /** Documents of this source in the store. */
  documents: z.number(),
  /** Items stored by the last finished run (null before any). */
  stored_last_run: z.number().nullable(),
  /** Items stored in the last 24 hours. */
  stored_24h: z.number(),
  /** Share of the last 24 hours' requests answered 304 Not Modified (null when none were made). */
  not_modified_share: z.number().nullable(),
  /** Present while a run is going on. */
  running: ZSourceProgress.nullable(),
  created_at: z.string(),
});
export type TSource = z.infer<typeof ZSource>;

export const ZSourceList = z.object({ sources: z.array(ZSource) });
export type TSourceList = z.infer<typeof ZSourceList>;

export const ZSourceRun = z.object({
  id: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** null while running. */
  ok: z.boolean().nullable(),
  trigger: z.enum(['schedule', 'manual', 'cli']),
  pages: z.number(),
  received: z.number(),
  inserted: z.number(),
  duplicates: z.number(),
  requests: z.number(),
  not_modified: z.number(),
  error: z.string().nullable(),
});
export type TSourceRun = z.infer<typeof ZSourceRun>;

export const ZSourceDetail = z.object({ source: ZSource, runs: z.array(ZSourceRun) });
export type TSourceDetail = z.infer<typeof ZSourceDetail>;

export const ZSourceKey = z.object({
  /** The environment variable that carries it. */
  env: z.string(),
  label: z.string(),
  required: z.boolean(),
  present: z.boolean(),
  help: z.string(),
});

export const ZSourceKind = z.object({
  kind: z.string(),
  label: z.string(),
  description: z.string(),
  default_collection_id: z.number(),
  default_interval_minutes: z.number(),
  /** The settings as JSON Schema (draft 2020-12), each property with a description (its help). */
  settings_schema: z.record(z.string(), z.unknown()),
  keys: z.array(ZSourceKey),
  /** False for the demo source, which is managed by the install, not added. */
  addable: z.boolean(),
});
export type TSourceKind = z.infer<typeof ZSourceKind>;
export const ZSourceKinds = z.object({ kinds: z.array(ZSourceKind) });
export type TSourceKinds = z.infer<typeof ZSourceKinds>;

const ZName = z.string().trim().min(1, 'Give the source a name').max(200, 'At most 200 characters');
const ZInterval = z.number().int('A whole number of minutes').min(1, 'At least 1 minute').max(7 * 24 * 60, 'At most a week');

export const ZCreateSource = z.object({
  kind: z.string().min(1),
  name: ZName,
  settings: ZSettings.default({}),
  collection_id: z.number().int().optional(),
  interval_minutes: ZInterval.optional(),
  enabled: z.boolean().default(true),
});
export type TCreateSource = z.input<typeof ZCreateSource>;

export const ZUpdateSource = z
  .object({
    name: ZName.optional(),
    settings: ZSettings.optional(),
    collection_id: z.number().int().optional(),
    interval_minutes: ZInterval.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type TUpdateSource = z.input<typeof ZUpdateSource>;

export const ZDeleteSourceResult = z.object({ deleted: z.literal(true), documents_deleted: z.number(), articles_deleted: z.number() });
export type TDeleteSourceResult = z.infer<typeof ZDeleteSourceResult>;

/** What deleting would remove, for the confirmation. */
export const ZSourceImpact = z.object({ documents: z.number(), articles: z.number() });
export type TSourceImpact = z.infer<typeof ZSourceImpact>;

export const ZRunQueued = z.object({ queued: z.boolean(), already_running: z.boolean() });

export const ZPreviewItem = z.object({
  title: z.string(),
  url: z.string().nullable(),
  published_at: z.string().nullable(),
  excerpt: z.string(),
});
export type TPreviewItem = z.infer<typeof ZPreviewItem>;

/** An existing source that reads the same address. */
export const ZDuplicateOf = z.object({ id: z.number(), name: z.string() }).nullable();

export const ZDiscoverRequest = z.object({ url: z.string().trim().min(1, 'Paste a site or feed address').max(2000) });
export const ZFeedCandidate = z.object({
  url: z.string(),
  title: z.string(),
  format: z.enum(['rss2', 'rss1', 'atom', 'jsonfeed']),
  items: z.array(ZPreviewItem),
  duplicate_of: ZDuplicateOf,
});
export type TFeedCandidate = z.infer<typeof ZFeedCandidate>;
export const ZDiscoverResponse = z.object({ candidates: z.array(ZFeedCandidate) });
export type TDiscoverResponse = z.infer<typeof ZDiscoverResponse>;

export const ZPreviewRequest = z.object({ kind: z.string().min(1), settings: ZSettings.default({}) });
export const ZPreviewResponse = z.object({ items: z.array(ZPreviewItem), duplicate_of: ZDuplicateOf });
export type TPreviewResponse = z.infer<typeof ZPreviewResponse>;

export const ZOpmlEntry = z.object({
  name: z.string(),
  url: z.string(),
  collection_id: z.number(),
  /** new: added (or would be, on a dry run); duplicate: a source reads it already; invalid: not an http(s) address. */
  status: z.enum(['new', 'duplicate', 'invalid']),
  reason: z.string().nullable(),
});
export const ZOpmlImportResult = z.object({ dry_run: z.boolean(), entries: z.array(ZOpmlEntry), added: z.number() });
export type TOpmlImportResult = z.infer<typeof ZOpmlImportResult>;
