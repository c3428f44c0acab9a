/**
 * Terms for the built-in embedding: lower-case words without stop words, lightly stemmed so
 * "rates"/"rate" and "regulated"/"regulation" meet. Deliberately simple and deterministic.
 */
/** Function words (and a few every text uses): the one list; the story tracker adds news words to it. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers herself him himself his ' +
    'how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves ' +
    'out over own same she should so some such than that the their theirs them themselves then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with would you your yours ' +
    'yourself yourselves also may might must shall upon said says one two new s t'
  ).split(' '),
);

export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  for (const [suffix, keep] of [
    ['ational', 'ate'],
    ['ization', 'ize'],
    ['ations', 'ate'],
    ['ation', 'ate'],
    ['ements', ''],
    ['ement', ''],
    ['ments', ''],
    ['ment', ''],
    ['ness', ''],
    ['ings', ''],
    ['ing', ''],
    ['ies', 'y'],
    ['ied', 'y'],
    ['ers', ''],
    ['er', ''],
    ['ed', ''],
    ['es', ''],
    ['ly', ''],
    ['s', ''],
  ] as const) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length) + keep;
  }
  return word;
}

export function terms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+)*/gu)) {
    const word = match[0].replace(/'s$/, '');
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}
