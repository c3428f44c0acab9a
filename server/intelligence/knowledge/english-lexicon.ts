/**
 * compromise (an English part-of-speech tagger) as the place knowledge reads it: the parser, for
 * the people and places it finds in a sentence (place-evidence.ts), and its lexicon's tags of a
 * word (a given name, a place, an ordinary word: gazetteer.ts, places.ts).
 */
import type Compromise from 'compromise';
import { lazyRequire } from '../../lazy.js';

export const compromise = lazyRequire<typeof Compromise>('compromise');

let lexicon: Record<string, string | string[]> | undefined;
/** compromise's tags of a lower-case word (its lexicon: names, places, parts of speech). */
export function lexiconTags(word: string): string[] {
  lexicon ??= (compromise() as unknown as { model(): { one: { lexicon: Record<string, string | string[]> } } }).model().one.lexicon;
  const tags = lexicon[word.toLowerCase()];
  return tags === undefined ? [] : [tags].flat();
}
