/*
 * A source's template text, found by repetition rather than named by rules: a sentence that recurs
 * word for word in many documents of one source is the source's boilerplate (how its minutes are
 * released, how to comment on its notices), not the news of any one of them. This is how template
 * detection works on the web (Bar-Yossef & Rajagopalan, 2002: a block shared by many pages of a
 * site is its template), applied to sentences: ingest counts, per source and publisher, how many
 * documents hold each sentence (db table source_sentences); the lead and the points never quote
 * one held by TEMPLATE_MIN_DOCUMENTS or more (the document's text keeps it).
 */

/**
 * Documents of one source (and publisher) a sentence must be in to be template text. Two can be
 * chance or one story told twice (a correction, a follow-up quoting its first report); a third
 * document saying it word for word is a pattern. On the demo corpus 3 catches the Federal Reserve's
 * "The minutes for each regularly scheduled meeting ... are made available three weeks after ..."
 * (33 minutes) and the comment instructions of Federal Register notices, and no sentence of the
 * news, Wikinews or arXiv sets, whose documents do not repeat themselves.
 */
export const TEMPLATE_MIN_DOCUMENTS = 3;

/** A sentence as its source repeats it: case, punctuation and spacing aside. */
export function normalisedSentence(sentence: string): string {
  return sentence
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A sentence's key in source_sentences: FNV-1a (32 bits, signed as PostgreSQL's integer) of its normalised text. */
export function sentenceKey(sentence: string): number {
  let hash = 0x811c9dc5;
  for (const ch of normalisedSentence(sentence)) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * Whether a sentence may be template text: not when it carries a figure. A figure is what changes
 * from one document of a series to the next, and where it does not (a rate held at 6-1/2 percent
 * for three meetings: "... keeping its target for the federal funds rate at 6-1/2 percent") the
 * sentence is still the document's decision, not its furniture.
 */
const mayBeTemplate = (sentence: string) => !/\d/.test(sentence);

/** The distinct keys of a document's sentences that may be template (those the lead is chosen from), each counted once per document. */
export function distinctKeys(sentences: readonly string[]): number[] {
  return [...new Set(sentences.filter(mayBeTemplate).map(sentenceKey))];
}

/**
 * Which of a document's sentences are its source's template: those whose key is `repeated` (held
 * by TEMPLATE_MIN_DOCUMENTS of the source's documents). A document that is all template (a source
 * whose every document says the same) keeps them all: it has nothing else to lead with.
 */
export function templateMask(sentences: readonly string[], repeated: ReadonlySet<number> | undefined): boolean[] {
  const mask = sentences.map((s) => !!repeated?.size && mayBeTemplate(s) && repeated.has(sentenceKey(s)));
  return mask.every(Boolean) ? mask.map(() => false) : mask;
}
