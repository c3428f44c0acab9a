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
 * Documents of one source (and publisher) a sentence must be in to be template text. Fewer can be
 * chance, one story told again (a correction, a follow-up quoting its first report), or a batch of
 * notices of one kind published together, whose shared wording says what each notice is: in one
 * day's Federal Register, three National Register nominations of the Park Service, three waiver
 * petitions to the Department of Energy, four notices of a fishery council's meeting (with 3 or 4
 * here, eval:summaries fell on them: 0.336/0.155/0.289 held-out at 3, against 0.342/0.158/0.297).
 * A source's template outlasts a batch: on the demo corpus the Federal Reserve's "The minutes for
 * each regularly scheduled meeting ... are made available three weeks after ..." is in 33 releases,
 * its statements' standing sentences in 10 to 30; no sentence of the news, Wikinews or arXiv sets
 * recurs 5 times in its source.
 */
export const TEMPLATE_MIN_DOCUMENTS = 5;

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
 * by TEMPLATE_MIN_DOCUMENTS of the source's documents). A document that is all template (a release
 * that only says how its source publishes minutes) has no sentence to lead with: its title leads.
 */
export function templateMask(sentences: readonly string[], repeated: ReadonlySet<number> | undefined): boolean[] {
  return sentences.map((s) => !!repeated?.size && mayBeTemplate(s) && repeated.has(sentenceKey(s)));
}
