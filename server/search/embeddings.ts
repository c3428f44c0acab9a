import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { turnTaker } from '../db/priority.js';
import { ROOT } from '../paths.js';
import { terms } from './terms.js';

/** Turns texts into vectors of a fixed dimension; the index stores which model made them. */
export interface Embedder {
  model: string;
  dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
  /**
   * Set on the built-in embedder: a pure function of the text and these settings, so another
   * thread can compute the very same vectors (documents/prepare-pool.ts).
   */
  builtin?: { dimensions: number };
}

export const IDF_FILE = path.join(ROOT, 'fixtures', 'search', 'idf.json.gz');

interface IdfTable {
  documents: number;
  idf: Record<string, number>;
}

let idfTable: IdfTable | undefined;
function loadIdf(): IdfTable {
  idfTable ??= JSON.parse(gunzipSync(readFileSync(IDF_FILE)).toString('utf8')) as IdfTable;
  return idfTable;
}

/**
 * The share of documents of the bundled corpus (news, rules, studies ...) holding an English stem:
 * how common a word is in general, for a store too small to say. A stem the corpus never holds
 * gets the share of one document.
 */
export function generalShare(stem: string): number {
  const table = loadIdf();
  // The table's IDF is ln((documents + 1) / (df + 1)) + 1.
  const idf = Object.hasOwn(table.idf, stem) ? table.idf[stem]! : Math.log(table.documents + 1) + 1;
  return Math.min(1, Math.max(1 / (table.documents + 1), Math.exp(1 - idf) - 1 / (table.documents + 1)));
}

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The built-in embedding: hashed TF-IDF. Each stemmed term (and each pair of adjacent terms, at
 * half weight) adds (1 + ln tf) x idf to one of `dimensions` buckets, with a sign from the hash so
 * collisions cancel rather than pile up; the vector is L2-normalised, so the dot product is the
 * cosine. IDF comes from the bundled corpus (scripts/build-demo-corpus.ts); unseen terms get the
 * highest IDF. No network, no model files, the same vector on every machine.
 */
export function createHashedTfIdfEmbedder(dimensions = 256): Embedder {
  const table = loadIdf();
  const maxIdf = Math.log((table.documents + 1) / 1) + 1;
  // Own properties only: a word such as "constructor" is no key of the table's prototype (it gave NaN vectors).
  const idf = (term: string) => (Object.hasOwn(table.idf, term) ? table.idf[term]! : maxIdf);
  const embedOne = (text: string): number[] => {
    const words = terms(text);
    const counts = new Map<string, number>();
    for (let i = 0; i < words.length; i++) {
      counts.set(words[i]!, (counts.get(words[i]!) ?? 0) + 1);
      if (i > 0) {
        const pair = `${words[i - 1]} ${words[i]}`;
        counts.set(pair, (counts.get(pair) ?? 0) + 1);
      }
    }
    const vector = new Float64Array(dimensions);
    for (const [term, tf] of counts) {
      const space = term.indexOf(' ');
      const weight = space < 0 ? idf(term) : 0.5 * Math.min(idf(term.slice(0, space)), idf(term.slice(space + 1)));
      const hash = fnv1a(term);
      vector[hash % dimensions]! += (hash & 0x80000000 ? -1 : 1) * (1 + Math.log(tf)) * weight;
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm) || 1;
    return Array.from(vector, (value) => Math.round((value / norm) * 1e6) / 1e6);
  };
  return {
    // The name changes with the terms it hashes (Snowball stems since 2026-11): an install that
    // upgrades rebuilds its vector index in the background (index-state.ts), full text meanwhile.
    model: `builtin-snowball-tfidf-${dimensions}`,
    dimensions,
    builtin: { dimensions },
    embed: async (texts) => {
      const takeTurn = turnTaker();
      const out: number[][] = [];
      for (const text of texts) {
        await takeTurn();
        out.push(embedOne(text));
      }
      return out;
    },
  };
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

/**
 * An OpenAI-compatible `/embeddings` endpoint (OpenAI, Mistral, vLLM, Ollama, LiteLLM...). Asks for
 * the configured dimensions and checks the answer has them: a mismatch is an error, never a
 * silently broken index.
 */
export function createOpenAiCompatibleEmbedder(options: { url: string; model: string; apiKey?: string; dimensions: number; fetchImpl?: typeof fetch }): Embedder {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    model: options.model,
    dimensions: options.dimensions,
    async embed(texts) {
      const out: number[][] = [];
      for (let start = 0; start < texts.length; start += 128) {
        const response = await doFetch(`${options.url}/embeddings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ model: options.model, input: texts.slice(start, start + 128), dimensions: options.dimensions }),
          signal: AbortSignal.timeout(60_000),
        });
        if (!response.ok) throw new Error(`embeddings endpoint answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
        const body = (await response.json()) as { data?: { index: number; embedding: number[] }[] };
        const rows = [...(body.data ?? [])].sort((a, b) => a.index - b.index);
        for (const row of rows) {
          if (row.embedding.length !== options.dimensions) {
            throw new Error(`embeddings endpoint returned ${row.embedding.length} dimensions, configured ${options.dimensions}`);
          }
          out.push(row.embedding);
        }
      }
      if (out.length !== texts.length) throw new Error(`embeddings endpoint returned ${out.length} vectors for ${texts.length} texts`);
      return out;
    },
  };
}

export function createEmbedder(config: { embeddings?: { url: string; model: string; apiKey?: string; dimensions: number } }): Embedder {
  return config.embeddings ? createOpenAiCompatibleEmbedder(config.embeddings) : createHashedTfIdfEmbedder();
}
