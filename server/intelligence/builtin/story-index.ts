/**
 * The story tracker's runtime index (stories.ts): the warm stories by the terms of their centroids,
 * their creation ranks (ties go to the older story) and their centroid norms. Nothing of it is
 * state: a tracker read back from its state builds it again.
 */
import { cosine } from './term-vectors.js';
import type { StoryState } from './stories.js';

/** Runtime only: warm stories by the terms of their centroids, their creation rank (ties go to the older) and centroid norms. */
export class StoryIndex {
  private readonly postings = new Map<string, Set<StoryState>>();
  private readonly ranks = new Map<StoryState, number>();
  /** Ranks only grow: a story forgotten does not free its rank for a newer one (ties go to the older). */
  private nextRank = 0;
  private readonly norms = new Map<StoryState, number>();

  constructor(stories: StoryState[]) {
    for (const story of stories) this.open(story);
  }

  /** A story joins the index, ranked after every other. */
  open(story: StoryState): void {
    this.ranks.set(story, this.nextRank++);
    this.add(story);
  }

  /** The centroid changes: the story leaves the index, `change` runs, it comes back with its norm read again. */
  update(story: StoryState, change: () => void): void {
    this.remove(story);
    change();
    this.add(story);
    this.norms.delete(story);
  }

  /** No document can reach the story any more (closed, or merged into another). */
  remove(story: StoryState): void {
    for (const term of Object.keys(story.centroid)) this.postings.get(term)?.delete(story);
  }

  /** The story leaves the tracker for good. */
  forget(story: StoryState): void {
    this.remove(story);
    this.norms.delete(story);
    this.ranks.delete(story);
  }

  rank(story: StoryState): number {
    return this.ranks.get(story)!;
  }

  cosine(a: StoryState, b: StoryState): number {
    return cosine(a.centroid, this.normOf(a), b.centroid, this.normOf(b));
  }

  /**
   * The cosine of a unit vector's entries to every warm story's centroid, best first (ties: the
   * older story). Stories last seen before `coldBefore` leave the index (documents arrive in time
   * order; a late one cannot reopen them).
   */
  byCentroid(entries: [string, number][], coldBefore: number): { story: StoryState; centroid: number }[] {
    const dots = new Map<StoryState, number>();
    const cold = new Set<StoryState>();
    for (const [term, w] of entries) {
      for (const story of this.postings.get(term) ?? []) {
        if (story.lastSeen < coldBefore) cold.add(story);
        else dots.set(story, (dots.get(story) ?? 0) + w * story.centroid[term]!);
      }
    }
    for (const story of cold) this.remove(story);
    return [...dots]
      .map(([story, dot]) => ({ story, centroid: dot / this.normOf(story), index: this.ranks.get(story)! }))
      .sort((a, b) => b.centroid - a.centroid || a.index - b.index);
  }

  private add(story: StoryState): void {
    for (const term of Object.keys(story.centroid)) {
      let set = this.postings.get(term);
      if (!set) this.postings.set(term, (set = new Set()));
      set.add(story);
    }
  }

  private normOf(story: StoryState): number {
    let n = this.norms.get(story);
    if (n === undefined) {
      n = Math.sqrt(Object.values(story.centroid).reduce((sum, w) => sum + w * w, 0)) || 1;
      this.norms.set(story, n);
    }
    return n;
  }
}
