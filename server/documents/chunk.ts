import { tokenCount, wordCount } from '../text.js';

export const CHUNK_TARGET_TOKENS = 300;
export const CHUNK_OVERLAP_TOKENS = 50;

export interface Chunk {
  chunkIndex: number;
  type: 'title' | 'text';
  text: string;
  startChar: number;
  endChar: number;
  tokenLen: number;
  charSize: number;
  wordSize: number;
}

interface Piece {
  start: number;
  end: number;
  tokens: number;
}

/** Sentence-ish pieces with their offsets; a piece longer than the target is cut by words. */
function pieces(text: string, target: number): Piece[] {
  const out: Piece[] = [];
  const sentence = /[^.!?\n]+(?:[.!?]+["'\u201d\u2019)]*|\n+|$)\s*/g;
  for (const match of text.matchAll(sentence)) {
    if (!match[0].trim()) continue;
    const start = match.index;
    const end = start + match[0].length;
    const tokens = tokenCount(match[0]);
    if (tokens <= target) {
      out.push({ start, end, tokens });
      continue;
    }
    // A very long "sentence" (a table, a list without stops): cut it every ~target tokens of words.
    const words = [...match[0].matchAll(/\S+\s*/g)];
    const perPiece = Math.max(1, Math.floor((words.length * target * 0.85) / tokens));
    for (let i = 0; i < words.length; i += perPiece) {
      const first = words[i]!;
      const last = words[Math.min(words.length, i + perPiece) - 1]!;
      const s = start + first.index;
      const e = start + last.index + last[0].length;
      out.push({ start: s, end: e, tokens: tokenCount(text.slice(s, e)) });
    }
  }
  return out;
}

/**
 * A title chunk, then text chunks of about `target` tokens built from whole sentences, each
 * starting with the last ~`overlap` tokens of the one before so no statement is cut in two.
 */
export function chunkDocument(title: string, text: string, target = CHUNK_TARGET_TOKENS, overlap = CHUNK_OVERLAP_TOKENS): Chunk[] {
  const make = (chunkIndex: number, type: Chunk['type'], body: string, startChar: number, endChar: number, tokens?: number): Chunk => ({
    chunkIndex,
    type,
    text: body,
    startChar,
    endChar,
    tokenLen: tokens ?? tokenCount(body),
    charSize: body.length,
    wordSize: wordCount(body),
  });
  const chunks: Chunk[] = [make(0, 'title', title, 0, 0)];
  const all = pieces(text, target);
  let i = 0;
  while (i < all.length) {
    let tokens = 0;
    let j = i;
    while (j < all.length && (j === i || tokens + all[j]!.tokens <= target)) tokens += all[j++]!.tokens;
    // A short tail (a closing line, an abbreviation cut as a sentence) joins this chunk instead
    // of becoming a tiny chunk of its own.
    let tail = 0;
    for (let k = j; k < all.length; k++) tail += all[k]!.tokens;
    if (j < all.length && tail <= target * 0.15) j = all.length;
    const start = all[i]!.start;
    const end = all[j - 1]!.end;
    const body = text.slice(start, end).trim();
    if (body) chunks.push(make(chunks.length, 'text', body, start, end));
    if (j >= all.length) break;
    // Step back over trailing pieces worth up to `overlap` tokens, but always move forward.
    let back = j;
    let carried = 0;
    while (back - 1 > i && carried + all[back - 1]!.tokens <= overlap) carried += all[--back]!.tokens;
    i = back;
  }
  return chunks;
}
