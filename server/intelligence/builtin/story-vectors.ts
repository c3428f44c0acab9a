/**
 * A document's vector for the story tracker (stories.ts): its features (content words with its
 * slug's, entity keys, (country, kind) keys), weighed by the IDF the stream teaches (StreamStats:
 * document and story frequencies) into a unit vector of its DOC_TERMS heaviest terms.
 */
import { countriesOf } from './places.js';
import type { StoryDoc, StoryTracker, TrackerState } from './stories.js';
import { normalise, type TermVector } from './term-vectors.js';
import { contentWords, entityKey, extractEntities, kindsOf, slugText } from './text-features.js';

type Options = StoryTracker['options'];

const DOC_TERMS = 100;
const ENTITY_PREFIX = '@';
const PLACE_PREFIX = '#';

/** What a document brings to its vector: its words, and the keys of its entities and (country, kind) pairs. */
export interface Features {
  /** Content word -> count. */
  tf: Map<string, number>;
  /** Entity keys, each once. */
  entities: string[];
  entityKeys: string[];
  kindKeys: string[];
}

/** A document's features: its words (slug's included), entity keys, and (country, kind) keys when kindWeight counts them. */
export function featuresOf(doc: StoryDoc, opts: Options): Features {
  const words = wordsOf(doc);
  const entities = [...new Set((doc.entityKeys ?? (doc.entities ? doc.entities.map(entityKey) : extractEntities(doc.title, doc.text))).filter((e) => e.length > 1))];
  const tf = new Map<string, number>();
  for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
  const countries = opts.kindWeight > 0 ? countriesOf(`${doc.title}. ${doc.text}`) : [];
  const kinds = opts.kindWeight > 0 ? kindsOf(words) : [];
  return {
    tf,
    entities,
    entityKeys: entities.map((e) => ENTITY_PREFIX + e),
    kindKeys: countries.flatMap((c) => kinds.map((k) => `${PLACE_PREFIX}${c}|${k}`)),
  };
}

/**
 * The content words of a document's title and text, then those of its address's slug that they
 * lack, once each: the slug often says more than a headline (an RSS item's title may even be a
 * section's name).
 */
function wordsOf(doc: StoryDoc): string[] {
  const words = contentWords(`${doc.title} ${doc.text}`);
  const have = new Set(words);
  for (const word of contentWords(slugText(doc.url))) {
    if (have.has(word)) continue;
    words.push(word);
    have.add(word);
  }
  return words;
}

/** A document's unit vector: TF-IDF of its words, its keys at their weights; its DOC_TERMS heaviest terms (enough to place it; state stays small). */
export function weigh(f: Features, stats: StreamStats, opts: Options): TermVector {
  const weights = new Map<string, number>();
  for (const [term, count] of f.tf) weights.set(term, (1 + Math.log(count)) * stats.idf(term));
  for (const key of f.entityKeys) weights.set(key, (weights.get(key) ?? 0) + opts.entityWeight * stats.idf(key));
  for (const key of f.kindKeys) weights.set(key, opts.kindWeight * stats.idf(key));
  const vector: TermVector = {};
  for (const [term, w] of [...weights].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, DOC_TERMS)) vector[term] = w;
  normalise(vector);
  return vector;
}

/** What the stream has taught: how many documents and stories hold each term, and the IDF they give. */
export class StreamStats {
  readonly df: Map<string, number>;
  readonly sf: Map<string, number>;

  constructor(
    private readonly st: TrackerState,
    private readonly opts: Options,
  ) {
    this.df = new Map(Object.entries(st.df));
    this.sf = new Map(Object.entries(st.sf ?? {}));
    st.storiesOpened ??= st.stories.length;
  }

  countDocument(f: Features): void {
    this.st.documents += 1;
    for (const term of new Set([...f.tf.keys(), ...f.entityKeys, ...f.kindKeys])) this.df.set(term, (this.df.get(term) ?? 0) + 1);
  }

  /** Terms a story now holds that it did not. */
  countStory(terms: string[]): void {
    for (const term of terms) this.sf.set(term, (this.sf.get(term) ?? 0) + 1);
  }

  /** Document IDF and story IDF (storyIdfShare), each smoothed by priorDocs; story frequency counts the document weighed as a story of its own (it may open one). */
  idf(term: string): number {
    const { opts, st } = this;
    return (
      (1 - opts.storyIdfShare) * (Math.log((st.documents + opts.priorDocs + 1) / ((this.df.get(term) ?? 0) + 1)) + 1) +
      opts.storyIdfShare * (Math.log(((st.storiesOpened ?? 0) + 1 + opts.priorDocs + 1) / ((this.sf.get(term) ?? 0) + 1 + 1)) + 1)
    );
  }
}
