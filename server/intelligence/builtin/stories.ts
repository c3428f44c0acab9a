/**
 * The built-in story tracker: incremental, deterministic single-pass grouping of a user's events
 * into stories, and first-story detection (is this the first report of its story?).
 *
 * Each document becomes a unit TF-IDF vector over its content words (with the words of its
 * address's slug that the text lacks: slugText) plus its named entities
 * (people, places, organisations from `compromise`; an entity weighs `entityWeight` times a word)
 * and each pair of a country it names (directly, by demonym, capital or big city: places.ts) with
 * the kind of happening it reports (conflict, disaster, politics, migration, justice, economy,
 * sport: `kindsOf`; `kindWeight`), so "a car bomb in Homs" and "rebels shell Damascus" meet on
 * "syria|conflict" though they share no other word, while a flood in Japan and a vote in Japan's
 * parliament do not meet on their country alone. Long documents keep their DOC_TERMS heaviest terms. IDF is learnt from the stream itself, smoothed by a prior of
 * `priorDocs` pseudo-documents, so the first documents of a stream are not judged on noise. A document joins the warm story (a member within `coldAfterDays`) with the best
 * score = (centroidWeight x cosine to the story centroid + the rest x cosine to the story's most
 * similar recent member) x decayPerDay^(days since last seen) x (1 + sizeBoost x ln members);
 * below `threshold` it starts a new story (isNew). When the document also scored above the
 * threshold on another story whose centroid is close to the joined one (`mergeThreshold`), the two
 * merge (fragments of one story found early join up; the older id survives, `resolve` maps the
 * other). Ties go to the older story: the same input always gives the same output.
 *
 * How the defaults were chosen, on the Wikipedia dev set and the headline-only one, what they give
 * and what was tried and left out: docs/decisions/005-story-tracker.md (`npm run eval` prints both).
 *
 * State is a plain JSON-able structure (`tracker.serialised()` is its JSON), so the pipeline can
 * persist stories and resume a tracker with `createStoryTracker({ state: JSON.parse(json) })`.
 *
 * A document's vector and the stream's IDF: story-vectors.ts; the runtime index of warm stories: story-index.ts.
 */
import { StoryIndex } from './story-index.js';
import { featuresOf, StreamStats, weigh } from './story-vectors.js';
import { addTo, dotOf, heaviest, type TermVector } from './term-vectors.js';

export type { TermVector } from './term-vectors.js';

export interface StoryDoc {
  id: string;
  title: string;
  text: string;
  publishedAt: Date;
  /** Entity names when the caller has them (e.g. from detection); else `compromise` finds them. */
  entities?: string[];
  /** Canonical entity keys already extracted (entity-pool.ts); used as they are. */
  entityKeys?: string[];
  /** The document's address: the words of its slug count as words of a short text (slugText). */
  url?: string | null;
}

export interface StoryAssignment {
  storyId: string;
  /** The first report of its story. */
  isNew: boolean;
  /** Score of the chosen story (0 when new and nothing was close). */
  similarity: number;
  /** The id of the most similar earlier member of the story when the document joined one. */
  matchedEventId?: string;
}


export interface StoryState {
  id: string;
  /** Sum of the members' unit vectors (pruned to the heaviest CENTROID_TERMS terms). */
  centroid: TermVector;
  /** Entity key -> number of members naming it. */
  entities: Record<string, number>;
  firstSeen: number;
  lastSeen: number;
  members: number;
  /** The most recent members (up to MEMBER_MEMORY): id and unit vector. */
  recent: { id: string; vector: TermVector }[];
}

export interface TrackerState {
  version: 1;
  documents: number;
  /** Document frequency of each term seen in the stream. */
  df: Record<string, number>;
  stories: StoryState[];
  /** Id of a story merged into another -> the id that survived. */
  aliases: Record<string, string>;
  /** Number of stories each term appeared in (storyIdfShare); absent in states written before it. */
  sf?: Record<string, number>;
  /** Stories opened so far (merges do not take any back). */
  storiesOpened?: number;
}

export interface StoryTrackerOptions {
  /** Score at which a document joins a story. */
  threshold?: number;
  /** A story no member joined for this long is closed: a later report starts a new story. */
  coldAfterDays?: number;
  /** Weight of the centroid cosine in the score (the rest is the best member cosine). */
  centroidWeight?: number;
  /** An entity counts this many times a content word. */
  entityWeight?: number;
  /** Score multiplier per day since the story was last seen (1 = no decay). */
  decayPerDay?: number;
  /** Pseudo-documents in the IDF prior (every term rare in them). */
  priorDocs?: number;
  /** A story of n members scores (1 + sizeBoost x ln n) times its similarity: broad stories drift. */
  sizeBoost?: number;
  /**
   * When a document joins one story while scoring at least `threshold` on another, the two stories
   * merge if their centroids' cosine reaches this (fragments of one story found early join up).
   * The older story's id survives; the younger one's id becomes an alias (`resolve`).
   */
  mergeThreshold?: number;
  /** Each pair of a country the document names and a kind of happening it reports (`kindsOf`) counts this many times a content word. */
  kindWeight?: number;
  /** The most recent members a story keeps (their vectors) for the member part of the score. */
  memberMemory?: number;
  /**
   * A document of fewer terms than this (a headline, a one-line item) joins a story of at least
   * `shortTextMinMembers` members at a lower bar: threshold x (terms / shortTextTerms)^shortTextPower.
   * A short text shares fewer words with its story's centroid, so the same bar would split a running
   * story into fragments; an established story is what such a text can be matched to safely.
   */
  shortTextTerms?: number;
  shortTextPower?: number;
  shortTextMinMembers?: number;
  /**
   * Share of the IDF learnt per story instead of per document: a term every report of one story
   * repeats ("bachelor" in a stream full of one show's finale) is common among documents but
   * specific among stories, and document IDF alone makes a running story's own name look generic.
   */
  storyIdfShare?: number;
  state?: TrackerState;
}

export const STORY_DEFAULTS = {
  threshold: 0.21,
  coldAfterDays: 10,
  centroidWeight: 0.8,
  entityWeight: 2,
  decayPerDay: 0.97,
  priorDocs: 50,
  sizeBoost: 0.05,
  mergeThreshold: 0.2,
  kindWeight: 1.5,
  memberMemory: 30,
  shortTextTerms: 14,
  shortTextPower: 2,
  shortTextMinMembers: 2,
  storyIdfShare: 0.5,
} as const;

const CENTROID_TERMS = 150;
/** Stories scored on their closest member too: the best by centroid. */
const CANDIDATES = 20;
const DAY = 86_400_000;

export interface StoryTracker {
  assign(doc: StoryDoc): StoryAssignment;
  /** The current id of a story (a merged story's id maps to the story it joined). */
  resolve(storyId: string): string;
  /** Ids of stories merged into this one. */
  aliasesOf(storyId: string): string[];
  /**
   * The tracker's state (a TrackerState) as JSON. Stories closed for good (cold relative to the
   * newest story) are left out: no later document can join them, and the state a pipeline stores
   * per user stays the size of its open stories. JSON, not a copy of the structure: the pipeline
   * writes it after every batch, and a deep copy cost as much as the text again.
   */
  serialised(): string;
  readonly options: Required<Omit<StoryTrackerOptions, 'state'>>;
}

export function createStoryTracker(options: StoryTrackerOptions = {}): StoryTracker {
  return new Tracker(withDefaults(options), options.state ? structuredClone(options.state) : { version: 1, documents: 0, df: {}, stories: [], aliases: {} });
}

type Options = StoryTracker['options'];

function withDefaults(options: StoryTrackerOptions): Options {
  const given = options as Record<string, number | undefined>;
  return Object.fromEntries(Object.entries(STORY_DEFAULTS).map(([name, value]) => [name, given[name] ?? value])) as Options;
}

/** The tracker: each method one step of `assign` or of keeping the state. */
class Tracker implements StoryTracker {
  private readonly stats: StreamStats;
  private readonly index: StoryIndex;
  private readonly usedIds: Set<string>;

  constructor(
    readonly options: Options,
    private readonly st: TrackerState,
  ) {
    this.stats = new StreamStats(st, options);
    this.index = new StoryIndex(st.stories);
    this.usedIds = new Set(st.stories.map((s) => s.id));
  }

  assign(doc: StoryDoc): StoryAssignment {
    const time = doc.publishedAt.getTime();
    const features = featuresOf(doc, this.options);
    // The stream teaches the IDF: count this document before weighing it.
    this.stats.countDocument(features);
    const vector = weigh(features, this.stats, this.options);
    const { best, over } = this.bestStory(vector, time);
    if (best?.joins) return this.join(best, over, doc.id, vector, features.entities, time);
    return this.open(doc.id, vector, features.entities, time, best?.score ?? 0);
  }

  resolve(storyId: string): string {
    return this.st.aliases[storyId] ?? storyId;
  }

  aliasesOf(storyId: string): string[] {
    return Object.keys(this.st.aliases).filter((alias) => this.st.aliases[alias] === storyId);
  }

  serialised(): string {
    this.dropClosed();
    return JSON.stringify({ ...this.st, df: Object.fromEntries(this.stats.df), sf: Object.fromEntries(this.stats.sf) });
  }

  /**
   * Scores every warm story on its centroid, the best CANDIDATES also on their closest member:
   * the best story (whether its score reaches its bar) and every story over its bar.
   */
  private bestStory(vector: TermVector, time: number) {
    const opts = this.options;
    const entries = Object.entries(vector);
    const bar = barFor(entries.length, opts);
    let best: { story: StoryState; score: number; member?: string; joins: boolean } | undefined;
    const over: StoryState[] = [];
    for (const candidate of this.index.byCentroid(entries, time - opts.coldAfterDays * DAY).slice(0, CANDIDATES)) {
      const { story } = candidate;
      const member = closestMember(entries, story.recent);
      const days = Math.max(0, (time - story.lastSeen) / DAY);
      const score = (opts.centroidWeight * candidate.centroid + (1 - opts.centroidWeight) * member.similarity) * Math.pow(opts.decayPerDay, days) * (1 + opts.sizeBoost * Math.log(story.members));
      const joins = score >= bar(story);
      if (!best || score > best.score) best = { story, score, joins, ...(member.id ? { member: member.id } : {}) };
      if (joins) over.push(story);
    }
    return { best, over };
  }

  /** The document joins its best story, which then merges with the close ones it also reached. */
  private join(best: { story: StoryState; score: number; member?: string }, over: StoryState[], id: string, vector: TermVector, entities: string[], time: number): StoryAssignment {
    const story = best.story;
    this.stats.countStory(Object.keys(vector).filter((term) => !(term in story.centroid)));
    this.index.update(story, () => {
      addTo(story.centroid, vector);
      pruneCentroid(story);
    });
    for (const e of entities) story.entities[e] = (story.entities[e] ?? 0) + 1;
    story.lastSeen = Math.max(story.lastSeen, time);
    story.members += 1;
    story.recent.push({ id, vector });
    if (story.recent.length > this.options.memberMemory) story.recent.shift();
    const survivor = this.mergeNeighbours(story, over);
    return { storyId: survivor.id, isNew: false, similarity: round(best.score), ...(best.member ? { matchedEventId: best.member } : {}) };
  }

  /** The document opens a story of its own: the first report. */
  private open(id: string, vector: TermVector, entities: string[], time: number, bestScore: number): StoryAssignment {
    this.st.storiesOpened = (this.st.storiesOpened ?? 0) + 1;
    this.stats.countStory(Object.keys(vector));
    const story: StoryState = {
      id: this.storyIdFor(id),
      centroid: { ...vector },
      entities: Object.fromEntries(entities.map((e) => [e, 1])),
      firstSeen: time,
      lastSeen: time,
      members: 1,
      recent: [{ id, vector }],
    };
    this.st.stories.push(story);
    this.index.open(story);
    return { storyId: story.id, isNew: true, similarity: round(bestScore) };
  }

  /** Merges into `story` each of `others` whose centroid is close enough (mergeThreshold): the older one survives. */
  private mergeNeighbours(story: StoryState, others: StoryState[]): StoryState {
    let target = story;
    for (const other of others) {
      if (other === target) continue;
      if (this.index.cosine(target, other) < this.options.mergeThreshold) continue;
      const [keep, drop] = this.index.rank(other) < this.index.rank(target) ? [other, target] : [target, other];
      this.merge(keep, drop);
      target = keep;
    }
    return target;
  }

  /** `drop` becomes part of `keep`: its centroid, entities, times, members and recent members; its id an alias. */
  private merge(keep: StoryState, drop: StoryState): void {
    this.index.remove(drop);
    this.index.update(keep, () => {
      addTo(keep.centroid, drop.centroid);
      pruneCentroid(keep);
    });
    for (const [e, n] of Object.entries(drop.entities)) keep.entities[e] = (keep.entities[e] ?? 0) + n;
    keep.firstSeen = Math.min(keep.firstSeen, drop.firstSeen);
    keep.lastSeen = Math.max(keep.lastSeen, drop.lastSeen);
    keep.members += drop.members;
    keep.recent = [...keep.recent, ...drop.recent].slice(-this.options.memberMemory);
    this.st.stories.splice(this.st.stories.indexOf(drop), 1);
    this.st.aliases[drop.id] = keep.id;
    for (const [alias, to] of Object.entries(this.st.aliases)) if (to === drop.id) this.st.aliases[alias] = keep.id;
  }

  /**
   * Closed stories (cold relative to the newest story) leave the state and the tracker itself: one
   * kept in memory between batches stays the size of its open stories, and behaves as one read back
   * from its state.
   */
  private dropClosed(): void {
    const newest = this.st.stories.reduce((max, story) => Math.max(max, story.lastSeen), 0);
    const open = this.st.stories.filter((story) => story.lastSeen >= newest - this.options.coldAfterDays * DAY);
    if (open.length === this.st.stories.length) return;
    const ids = new Set(open.map((story) => story.id));
    for (const story of this.st.stories) {
      if (ids.has(story.id)) continue;
      this.index.forget(story);
      this.usedIds.delete(story.id);
    }
    this.st.stories = open;
    this.st.aliases = Object.fromEntries(Object.entries(this.st.aliases).filter(([, to]) => ids.has(to)));
  }

  private storyIdFor(docId: string): string {
    let id = `story-${docId}`;
    for (let n = 2; this.usedIds.has(id); n++) id = `story-${docId}-${n}`;
    this.usedIds.add(id);
    return id;
  }
}

/** The bar a document of `terms` terms must reach on a story: lower for a short text on an established story (shortText*). */
function barFor(terms: number, opts: Options): (story: StoryState) => number {
  const short = opts.threshold * Math.min(1, Math.pow(terms / opts.shortTextTerms, opts.shortTextPower));
  return (story) => (story.members >= opts.shortTextMinMembers ? short : opts.threshold);
}

/** The recent member a document is most similar to, and that similarity (0 and no id when it shares nothing). */
function closestMember(entries: [string, number][], recent: StoryState['recent']): { id?: string; similarity: number } {
  let best: { id?: string; similarity: number } = { similarity: 0 };
  for (const m of recent) {
    const sim = dotOf(entries, m.vector);
    if (sim > best.similarity) best = { id: m.id, similarity: sim };
  }
  return best;
}

function pruneCentroid(story: StoryState): void {
  story.centroid = heaviest(story.centroid, CENTROID_TERMS);
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;
