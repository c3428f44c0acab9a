import type { RawDocument } from './raw.js';
import { chunkDocument, type Chunk } from './chunk.js';
import { htmlToText } from './extract.js';
import { canonicalUrl, contentHash, simhash, simhashBands } from './fingerprint.js';
import { detectLanguage } from './language.js';
import { cleanText, sizes } from '../text.js';
import { normaliseSourceFormat } from './formats/index.js';
import { leadSentenceKeys } from '../intelligence/capabilities/summarise.js';

/** Longest text kept per document (a 614 KB notice is cut here; its chunks would swamp search). */
export const MAX_DOCUMENT_CHARS = 200_000;

export interface PreparedDocument {
  externalId: string;
  collectionId: number;
  title: string;
  text: string;
  url: string | null;
  canonicalUrl: string | null;
  publisher: string | null;
  contentType: string;
  language: string | null;
  canonicalAt: Date;
  publishedAt: Date | null;
  contentHash: string;
  simhash: bigint;
  simhashBands: number[];
  metadata: Record<string, unknown>;
  tokenCount: number;
  charCount: number;
  wordCount: number;
  chunks: Chunk[];
  /** Keys of the sentences a lead is chosen from, counted per source (documents/source-sentences.ts). */
  sentenceKeys: number[];
}

export class RejectedDocument extends Error {}

function validDate(value: Date | null | undefined): Date | null {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
}

/**
 * One raw document made ready to store: readable text (Readability for HTML), its source's format
 * cleaned (formats/: markup, LaTeX, page furniture, a title's formulas), clean title,
 * language (stated, else fastText), canonical URL, fingerprints and chunks. A document without
 * an id, or without any title and text, is rejected (the runner counts it, the page goes on).
 */
export async function prepareDocument(raw: RawDocument, defaultCollectionId: number, now = new Date()): Promise<PreparedDocument> {
  const externalId = raw.externalId?.trim();
  if (!externalId) throw new RejectedDocument('document without an external id');
  let text = cleanText(raw.text ?? '');
  let extractedTitle: string | undefined;
  if (!text && raw.html) {
    const extracted = htmlToText(raw.html);
    text = extracted.text;
    extractedTitle = extracted.title;
  }
  const publishedTitle = cleanText(raw.title ?? '').replace(/\s+/g, ' ') || extractedTitle?.trim() || '';
  // The source's format cleaned (formats/: LaTeX, a printed page's furniture, a title's formulas).
  const clean = normaliseSourceFormat({ title: publishedTitle, text: text.slice(0, MAX_DOCUMENT_CHARS), contentType: raw.contentType ?? '', publisher: raw.publisher });
  text = clean.text;
  const title = clean.title || text.slice(0, 120).split('\n')[0]!.trim();
  if (!title && !text) throw new RejectedDocument(`document ${externalId} has neither title nor text`);
  const publishedAt = validDate(raw.publishedAt);
  const hash = simhash(`${title}\n${text}`);
  const size = sizes(text);
  const language = raw.language?.slice(0, 2).toLowerCase() || (await detectLanguage(`${title}. ${text}`));
  return {
    externalId,
    collectionId: raw.collectionId ?? defaultCollectionId,
    title: title || 'Untitled',
    text,
    url: raw.url?.trim() || null,
    canonicalUrl: raw.canonicalUrl === undefined ? canonicalUrl(raw.url) : canonicalUrl(raw.canonicalUrl),
    publisher: raw.publisher?.trim() || null,
    contentType: raw.contentType || 'document',
    language,
    canonicalAt: publishedAt ?? now,
    publishedAt,
    contentHash: contentHash(title, text),
    simhash: hash,
    simhashBands: simhashBands(hash),
    // The title as published, where the normaliser changed it (search by it, show it on request).
    metadata: clean.title !== publishedTitle && publishedTitle ? { ...raw.metadata, publishedTitle } : (raw.metadata ?? {}),
    tokenCount: size.tokens,
    charCount: size.chars,
    wordCount: size.words,
    chunks: chunkDocument(title || 'Untitled', text),
    sentenceKeys: leadSentenceKeys(text, language),
  };
}
