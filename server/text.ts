import { lazyRequire } from './lazy.js';

const tokenizer = lazyRequire<typeof import('gpt-tokenizer')>('gpt-tokenizer');

/** Token counts shown in the UI and used for chunk sizes: the o200k tokenizer of current models. */
export function tokenCount(text: string): number {
  return text ? tokenizer().countTokens(text) : 0;
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
