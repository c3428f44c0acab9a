import { LRUCache } from 'lru-cache';
import { lazyRequire } from './lazy.js';

const tokenizer = lazyRequire<typeof import('gpt-tokenizer')>('gpt-tokenizer');

/** Token counts shown in the UI and used for chunk sizes: the o200k tokenizer of current models. */
export function tokenCount(text: string): number {
  return text ? tokenizer().countTokens(text) : 0;
}

const longLines = new LRUCache<string, number>({ max: 2000 });
/**
 * The o200k token count of a text made of lines, each line counted once and its count kept when it
 * is long: a record of the built-in engine repeats one document's lines for every topic it is
 * judged against. Within a token or two of tokenCount.
 */
export function tokenCountByLines(text: string): number {
  if (!text) return 0;
  // Each line with the break that ends it (o200k reads punctuation and the break after it as one piece).
  const lines = text.split(/(?<=\n)/);
  let total = 0;
  for (const line of lines) {
    if (line.length < 200) {
      total += tokenCount(line);
      continue;
    }
    let count = longLines.get(line);
    if (count === undefined) longLines.set(line, (count = tokenCount(line)));
    total += count;
  }
  return total;
}

export function wordCount(text: string): number {
  const matches = text.match(/\S+/g);
  return matches ? matches.length : 0;
}

/** Collapses runs of spaces, keeps paragraph breaks, trims. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v\u00a0\u200b]+/g, ' ')
    .replace(/[ ]{2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface TextSizes {
  tokens: number;
  chars: number;
  words: number;
}

export function sizes(text: string): TextSizes {
  return { tokens: tokenCount(text), chars: text.length, words: wordCount(text) };
}
