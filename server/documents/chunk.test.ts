import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk.js';
import { tokenCount } from '../text.js';

const sentence = (i: number) => `Sentence number ${i} talks about the Federal Reserve and interest rates in some detail. `;

describe('chunkDocument', () => {
  it('makes a title chunk and one text chunk for a short document', () => {
    const chunks = chunkDocument('A title', 'One short text. Two sentences.');
    expect(chunks.map((c) => [c.chunkIndex, c.type, c.text])).toEqual([
      [0, 'title', 'A title'],
      [1, 'text', 'One short text. Two sentences.'],
    ]);
    expect(chunks[1]).toMatchObject({ charSize: 30, wordSize: 5, startChar: 0 });
  });

  it('cuts a long text into ~300-token chunks of whole sentences that overlap', () => {
    const text = Array.from({ length: 200 }, (_, i) => sentence(i)).join('');
    const chunks = chunkDocument('T', text).slice(1);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.tokenLen).toBeLessThanOrEqual(300);
      expect(chunk.tokenLen).toBe(tokenCount(chunk.text));
      expect(chunk.text).toMatch(/^Sentence number \d+ .*detail\.$/s);
      expect(text.slice(chunk.startChar, chunk.endChar).trim()).toBe(chunk.text);
    }
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.startChar).toBeLessThan(chunks[i - 1]!.endChar); // overlap
      expect(chunks[i]!.startChar).toBeGreaterThan(chunks[i - 1]!.startChar); // progress
    }
    expect(chunks.at(-1)!.endChar).toBeGreaterThanOrEqual(text.trimEnd().length);
  });

  it('splits a sentence longer than a chunk by words', () => {
    const text = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkDocument('T', text).slice(1);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.tokenLen).toBeLessThanOrEqual(330);
  });

  it('has only the title chunk for an empty text', () => {
    expect(chunkDocument('Only a title', '')).toHaveLength(1);
  });
});
