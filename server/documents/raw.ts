/**
 * One document as a source connector found it (server/sources/), before normalisation
 * (normalise.ts): what ingest takes in.
 */
export interface RawDocument {
  /** Stable id within the source (guid, accession number, NCT id, DOI...). Required. */
  externalId: string;
  title: string;
  /** Plain text. Leave empty and set `html` when only HTML is available: ingest extracts it. */
  text: string;
  html?: string;
  url?: string;
  /**
   * The URL that identifies this document for deduplication. Defaults to `url`; set null when
   * the URL is shared by several documents (a day page, a search page).
   */
  canonicalUrl?: string | null;
  publisher?: string;
  /** When the document was published or last meaningfully updated at the source. */
  publishedAt?: Date | null;
  /** BCP 47 language when the source states it; otherwise ingest detects it. */
  language?: string;
  /** What kind of record this is at the source, e.g. 'rss_item', 'pubmed_article', '8-K'. */
  contentType: string;
  /** Anything else worth keeping (authors, docket, agencies, form type...). JSON-serialisable. */
  metadata?: Record<string, unknown>;
  /** Overrides the source's collection for this document (e.g. a feed of press releases). */
  collectionId?: number;
}
