/**
 * The built-in story tracker: incremental, deterministic single-pass grouping of a user's events
 * into stories, and first-story detection (is this the first report of its story?).
 *
 * Each document becomes a unit TF-IDF vector over its content words (with the words of its
 * address's slug that the text lacks: slugText) plus its named entities
 * (people, places, organisations from `compromise`; an entity weighs `entityWeight` times a word),
 * the countries it names (directly, by demonym, capital or big city: places.ts; `placeWeight`) and
 * each pair of such a country with the kind of happening the document reports (conflict, disaster,
 * politics, migration, justice, economy, sport: `kindsOf`; `kindWeight`), so "a car bomb in Homs"
 * and "rebels shell Damascus" meet on "syria|conflict" though they share no other word, while a flood
 * in Japan and a vote in Japan's parliament share only the weaker "japan". Long documents keep their
 * DOC_TERMS heaviest terms. IDF is learnt from the stream itself, smoothed by a prior of
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
 */
import { countriesOf } from './places.js';
import { addTo, cosine, dotOf, heaviest, normalise, type TermVector } from './term-vectors.js';
import { contentWords, entityKey, extractEntities, kindsOf, slugText } from './text-features.js';

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
  /** Weight of a term no earlier document had (it can match nothing, it only dilutes). */
  novelTermWeight?: number;
  /**
   * When a document joins one story while scoring at least `threshold` on another, the two stories
   * merge if their centroids' cosine reaches this (fragments of one story found early join up).
   * The older story's id survives; the younger one's id becomes an alias (`resolve`).
   */
  mergeThreshold?: number;
  /** A country the document names (directly, by demonym, capital or big city: places.ts) counts this many times a content word. */
  placeWeight?: number;
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
  novelTermWeight: 1,
  mergeThreshold: 0.2,
  placeWeight: 0.75,
  kindWeight: 1.5,
  memberMemory: 30,
  shortTextTerms: 14,
  shortTextPower: 2,
  shortTextMinMembers: 2,
  storyIdfShare: 0.5,
} as const;

const CENTROID_TERMS = 150;
const DOC_TERMS = 100;
const DAY = 86_400_000;
const ENTITY_PREFIX = '@';
const PLACE_PREFIX = '#';

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
  const opts = {
    threshold: options.threshold ?? STORY_DEFAULTS.threshold,
    coldAfterDays: options.coldAfterDays ?? STORY_DEFAULTS.coldAfterDays,
    centroidWeight: options.centroidWeight ?? STORY_DEFAULTS.centroidWeight,
    entityWeight: options.entityWeight ?? STORY_DEFAULTS.entityWeight,
    decayPerDay: options.decayPerDay ?? STORY_DEFAULTS.decayPerDay,
    priorDocs: options.priorDocs ?? STORY_DEFAULTS.priorDocs,
    sizeBoost: options.sizeBoost ?? STORY_DEFAULTS.sizeBoost,
    novelTermWeight: options.novelTermWeight ?? STORY_DEFAULTS.novelTermWeight,
    mergeThreshold: options.mergeThreshold ?? STORY_DEFAULTS.mergeThreshold,
    placeWeight: options.placeWeight ?? STORY_DEFAULTS.placeWeight,
    kindWeight: options.kindWeight ?? STORY_DEFAULTS.kindWeight,
    memberMemory: options.memberMemory ?? STORY_DEFAULTS.memberMemory,
    shortTextTerms: options.shortTextTerms ?? STORY_DEFAULTS.shortTextTerms,
    shortTextPower: options.shortTextPower ?? STORY_DEFAULTS.shortTextPower,
    shortTextMinMembers: options.shortTextMinMembers ?? STORY_DEFAULTS.shortTextMinMembers,
    storyIdfShare: options.storyIdfShare ?? STORY_DEFAULTS.storyIdfShare,
  };
  const st: TrackerState = options.state ? structuredClone(options.state) : { version: 1, documents: 0, df: {}, stories: [], aliases: {} };
  const df = new Map<string, number>(Object.entries(st.df));
  const norms = new Map<StoryState, number>();
  const usedIds = new Set(st.stories.map((s) => s.id));
  // Runtime only: term -> warm stories whose centroid holds it, and each story's creation rank (ties).
  const postings = new Map<string, Set<StoryState>>();
  const rank = new Map<StoryState, number>();
  const indexStory = (story: StoryState) => {
    for (const term of Object.keys(story.centroid)) {
      let set = postings.get(term);
      if (!set) postings.set(term, (set = new Set()));
      set.add(story);
    }
  };
  const unindexStory = (story: StoryState) => {
    for (const term of Object.keys(story.centroid)) postings.get(term)?.delete(story);
  };
  for (const story of st.stories) {
    rank.set(story, rank.size);
    indexStory(story);
  }

  const sf = new Map<string, number>(Object.entries(st.sf ?? {}));
  st.storiesOpened ??= st.stories.length;
  // Story frequency counts the document being weighed as a story of its own (it may open one).
  const idf = (term: string) =>
    (1 - opts.storyIdfShare) * (Math.log((st.documents + opts.priorDocs + 1) / ((df.get(term) ?? 0) + 1)) + 1) +
    opts.storyIdfShare * (Math.log(((st.storiesOpened ?? 0) + 1 + opts.priorDocs + 1) / ((sf.get(term) ?? 0) + 1 + 1)) + 1);
  const normOf = (story: StoryState) => {
    let n = norms.get(story);
    if (n === undefined) {
      n = Math.sqrt(Object.values(story.centroid).reduce((sum, w) => sum + w * w, 0)) || 1;
      norms.set(story, n);
    }
    return n;
  };

  function assign(doc: StoryDoc): StoryAssignment {
    const time = doc.publishedAt.getTime();
    const words = contentWords(`${doc.title} ${doc.text}`);
    // The address's slug often says more than a headline (an RSS item's title may even be a
    // section's name): its words count once each, where the title and text do not hold them.
    const have = new Set(words);
    for (const word of contentWords(slugText(doc.url))) {
      if (have.has(word)) continue;
      words.push(word);
      have.add(word);
    }
    const entities = (doc.entityKeys ?? (doc.entities ? doc.entities.map(entityKey) : extractEntities(doc.title, doc.text))).filter((e) => e.length > 1);
    const tf = new Map<string, number>();
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    const entityKeys = [...new Set(entities)].map((e) => ENTITY_PREFIX + e);
    const countries = opts.placeWeight > 0 || opts.kindWeight > 0 ? countriesOf(`${doc.title}. ${doc.text}`) : [];
    const placeKeys = opts.placeWeight > 0 ? countries.map((c) => PLACE_PREFIX + c) : [];
    const kinds = opts.kindWeight > 0 ? kindsOf(words) : [];
    const kindKeys = countries.flatMap((c) => kinds.map((k) => `${PLACE_PREFIX}${c}|${k}`));
    // The stream teaches the IDF: count this document before weighing it.
    st.documents += 1;
    for (const term of new Set([...tf.keys(), ...entityKeys, ...placeKeys, ...kindKeys])) df.set(term, (df.get(term) ?? 0) + 1);

    const vector: TermVector = {};
    const novel = (term: string) => (df.get(term) === 1 ? opts.novelTermWeight : 1);
    const weights = new Map<string, number>();
    for (const [term, count] of tf) weights.set(term, (1 + Math.log(count)) * idf(term) * novel(term));
    for (const key of entityKeys) weights.set(key, (weights.get(key) ?? 0) + opts.entityWeight * idf(key) * novel(key));
    for (const key of placeKeys) weights.set(key, opts.placeWeight * idf(key) * novel(key));
    for (const key of kindKeys) weights.set(key, opts.kindWeight * idf(key) * novel(key));
    // Long documents keep their DOC_TERMS heaviest terms: enough to place them, and state stays small.
    const kept = [...weights].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, DOC_TERMS);
    for (const [term, w] of kept) vector[term] = w;
    normalise(vector);
    const entries = Object.entries(vector);

    // Score every warm story on its centroid; the best few also on their closest member.
    const coldBefore = time - opts.coldAfterDays * DAY;
    const dots = new Map<StoryState, number>();
    const cold = new Set<StoryState>();
    for (const [term, w] of entries) {
      for (const story of postings.get(term) ?? []) {
        if (story.lastSeen < coldBefore) cold.add(story);
        else dots.set(story, (dots.get(story) ?? 0) + w * story.centroid[term]!);
      }
    }
    // Closed stories leave the index (documents arrive in time order; a late one cannot reopen them).
    for (const story of cold) unindexStory(story);
    const scored = [...dots].map(([story, dot]) => ({ story, centroid: dot / normOf(story), index: rank.get(story)! }));
    scored.sort((a, b) => b.centroid - a.centroid || a.index - b.index);
    let best: { story: StoryState; score: number; member?: string } | undefined;
    const over: StoryState[] = [];
    const shortThreshold = opts.threshold * Math.min(1, Math.pow(entries.length / opts.shortTextTerms, opts.shortTextPower));
    const thresholdFor = (story: StoryState) => (story.members >= opts.shortTextMinMembers ? shortThreshold : opts.threshold);
    for (const candidate of scored.slice(0, 20)) {
      let memberSim = 0;
      let member: string | undefined;
      for (const m of candidate.story.recent) {
        const sim = dotOf(entries, m.vector);
        if (sim > memberSim) {
          memberSim = sim;
          member = m.id;
        }
      }
      const days = Math.max(0, (time - candidate.story.lastSeen) / DAY);
      const score = (opts.centroidWeight * candidate.centroid + (1 - opts.centroidWeight) * memberSim) * Math.pow(opts.decayPerDay, days) * (1 + opts.sizeBoost * Math.log(candidate.story.members));
      if (!best || score > best.score) best = { story: candidate.story, score, member };
      if (score >= thresholdFor(candidate.story)) over.push(candidate.story);
    }

    if (best && best.score >= thresholdFor(best.story)) {
      const story = best.story;
      for (const term of Object.keys(vector)) if (!(term in story.centroid)) sf.set(term, (sf.get(term) ?? 0) + 1);
      unindexStory(story);
      addTo(story.centroid, vector);
      pruneCentroid(story);
      indexStory(story);
      norms.delete(story);
      for (const e of new Set(entities)) story.entities[e] = (story.entities[e] ?? 0) + 1;
      story.lastSeen = Math.max(story.lastSeen, time);
      story.members += 1;
      story.recent.push({ id: doc.id, vector });
      if (story.recent.length > opts.memberMemory) story.recent.shift();
      const survivor = mergeNeighbours(story, over);
      return { storyId: survivor.id, isNew: false, similarity: round(best.score), ...(best.member ? { matchedEventId: best.member } : {}) };
    }

    st.storiesOpened = (st.storiesOpened ?? 0) + 1;
    for (const term of Object.keys(vector)) sf.set(term, (sf.get(term) ?? 0) + 1);
    const story: StoryState = {
      id: storyIdFor(doc.id),
      centroid: { ...vector },
      entities: Object.fromEntries([...new Set(entities)].map((e) => [e, 1])),
      firstSeen: time,
      lastSeen: time,
      members: 1,
      recent: [{ id: doc.id, vector }],
    };
    st.stories.push(story);
    rank.set(story, rank.size);
    indexStory(story);
    return { storyId: story.id, isNew: true, similarity: round(best?.score ?? 0) };
  }

  function mergeNeighbours(story: StoryState, others: StoryState[]): StoryState {
    let target = story;
    for (const other of others) {
      if (other === target) continue;
      const cos = cosine(target.centroid, normOf(target), other.centroid, normOf(other));
      if (cos < opts.mergeThreshold) continue;
      const [keep, drop] = rank.get(other)! < rank.get(target)! ? [other, target] : [target, other];
      unindexStory(keep);
      unindexStory(drop);
      addTo(keep.centroid, drop.centroid);
      pruneCentroid(keep);
      indexStory(keep);
      norms.delete(keep);
      for (const [e, n] of Object.entries(drop.entities)) keep.entities[e] = (keep.entities[e] ?? 0) + n;
      keep.firstSeen = Math.min(keep.firstSeen, drop.firstSeen);
      keep.lastSeen = Math.max(keep.lastSeen, drop.lastSeen);
      keep.members += drop.members;
      keep.recent = [...keep.recent, ...drop.recent].slice(-opts.memberMemory);
      st.stories.splice(st.stories.indexOf(drop), 1);
      st.aliases[drop.id] = keep.id;
      for (const [alias, to] of Object.entries(st.aliases)) if (to === drop.id) st.aliases[alias] = keep.id;
      target = keep;
    }
    return target;
  }

  function storyIdFor(docId: string): string {
    let id = `story-${docId}`;
    for (let n = 2; usedIds.has(id); n++) id = `story-${docId}-${n}`;
    usedIds.add(id);
    return id;
  }

  return {
    assign,
    resolve: (storyId: string) => st.aliases[storyId] ?? storyId,
    aliasesOf: (storyId: string) => Object.keys(st.aliases).filter((alias) => st.aliases[alias] === storyId),
    serialised: () => {
      // Closed stories leave the tracker itself too (one kept in memory between batches stays the
      // size of its open stories, and behaves as one read back from this state).
      const newest = st.stories.reduce((max, story) => Math.max(max, story.lastSeen), 0);
      const open = st.stories.filter((story) => story.lastSeen >= newest - opts.coldAfterDays * DAY);
      if (open.length < st.stories.length) {
        const ids = new Set(open.map((story) => story.id));
        for (const story of st.stories) {
          if (ids.has(story.id)) continue;
          unindexStory(story);
          norms.delete(story);
          rank.delete(story);
          usedIds.delete(story.id);
        }
        st.stories = open;
        st.aliases = Object.fromEntries(Object.entries(st.aliases).filter(([, to]) => ids.has(to)));
      }
      return JSON.stringify({ ...st, df: Object.fromEntries(df), sf: Object.fromEntries(sf) });
    },
    options: opts,
  };
}

function pruneCentroid(story: StoryState): void {
  story.centroid = heaviest(story.centroid, CENTROID_TERMS);
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;
