/**
 * How characteristic a cue word is of documents of its kind (scripts/eval-cues.ts; ADR 015). For
 * each kind's cues, over a collection of documents:
 *
 * - df: the documents that hold the cue, read as the engine reads a cue (lexicon/word-forms.ts
 *   saysCue: a word in one of its forms, a phrase word for word with its last word in one of its
 *   forms), and the words that made a word cue held ("import": "imports", "imported");
 * - against documents labelled with the kind (a source's own label: a collection, the wire
 *   editors' categories): the share of them that hold the cue, its lift over the collection
 *   (P(cue | kind) / P(cue)) and the log odds ratio of kind and cue (0.5 added to each cell);
 * - which kind the documents holding the cue are classified as by the other cues (the engine's
 *   scores without the head weighting: one a word and the cues that share its forms, two a phrase;
 *   the cue itself, and every cue that shares a form with it, left out), beside the share of all
 *   documents classified as the kind with the same cues left out (with them in, a cue held by many
 *   documents raises the share it is compared with: "space" makes 5% of the documents aerospace);
 * - chance: how likely as few of the documents holding the cue would be of its kind (by the
 *   measure its kind is judged by) if the cue said nothing of the kind (binomial, the share of all
 *   documents of the kind as its probability). A flag on a handful of documents is within chance.
 *
 * A kind is judged by its labels when enough documents carry one, else by classification when
 * enough documents are classified as it, else not at all (the collection holds too little of it).
 * A cue is flagged when it says nothing of its kind:
 * - rare: held by almost no document (the collection cannot vouch for it);
 * - other-words: most documents hold it by other words than the cue's own forms (the reading by
 *   stems did: "relations" by "related"; the reading by forms cannot, the flag checks that it holds);
 * - everywhere: held by a large share of all documents and not much more frequent in its kind;
 * - not-of-kind: rarer in documents labelled with its kind than in the collection;
 * - other-kind: (judged by classification) its documents are classified as its kind less often
 *   than documents in general are.
 */
import { cueGroups, cueText, cueWordsIn, formsOf, padded, saysCue } from '../server/intelligence/lexicon/word-forms.js';

/** A cue of one word ("anti-dumping" is two, as a text's words are read). */
const oneWord = (cue: string) => !padded(cue).trim().includes(' ');

export interface CueKind {
  key: string;
  cues: readonly string[];
}

export interface CueDocument {
  text: string;
  /** The kinds a source's own label gives it (none: unlabelled). */
  kinds: ReadonlySet<string>;
  /** The set it comes from ('demo', 'newswire'): df is also counted per set. */
  set?: string;
}

export type Judged = 'labels' | 'classification' | 'none';

export interface CueStat {
  kind: string;
  cue: string;
  /** Documents holding the cue, in all and per set. */
  df: number;
  dfBySet: Record<string, number>;
  /** A word cue: the words that made it held, most documents first; the share of documents holding it by its own forms. */
  heldAs: { word: string; docs: number }[];
  ownForms: number | null;
  /** Documents labelled with the kind, and how many of them hold the cue. */
  kindDocs: number;
  inKind: number;
  /** P(cue | kind) / P(cue); null when no document is labelled with the kind or none holds the cue. */
  lift: number | null;
  /** ln of the odds ratio of kind and cue (0.5 added to each cell); null without labelled documents. */
  logOdds: number | null;
  /** Of the documents holding the cue, the share the other cues classify as its kind; null when none holds it. */
  classifiedOwn: number | null;
  /** The kind most documents holding the cue are classified as by the other cues ('none': no other cue). */
  classifiedAs: string | null;
  /** Share of all documents the other cues classify as the kind (the cue's group left out in every document). */
  classifiedBase: number;
  /** The probability of as few documents of its kind among those holding the cue, were the cue independent of the kind (by the measure its kind is judged by); null when not judged. */
  chance: number | null;
  flags: string[];
}

export interface KindSummary {
  key: string;
  kindDocs: number;
  /** Share of all documents the cues classify as the kind. */
  classifiedShare: number;
  judged: Judged;
}

export const THRESHOLDS = {
  /** Fewer documents than this hold a `rare` cue. */
  rare: 3,
  /** An `everywhere` cue is held by this share of all documents or more ... */
  everywhere: 0.1,
  /** ... and is less than this many times as frequent in documents of its kind. */
  everywhereLift: 2,
  /** A kind with this many labelled documents is judged by its labels ... */
  labelled: 30,
  /** ... else by classification when this share of all documents is classified as it. */
  classified: 0.01,
  /** An `other-words` cue is held by its own forms in fewer than this share of its documents. */
  ownForms: 0.5,
  /** A flag below this chance is not chance: the collection says the cue is not of its kind. */
  chance: 0.05,
};

/** P(X <= x) for X ~ Binomial(n, p). */
export function binomialAtMost(x: number, n: number, p: number): number {
  if (p <= 0 || x >= n) return 1;
  if (p >= 1) return 0;
  let sum = 0;
  const logFactorial = (k: number) => {
    let f = 0;
    for (let i = 2; i <= k; i++) f += Math.log(i);
    return f;
  };
  const lnN = logFactorial(n);
  for (let k = 0; k <= x; k++) sum += Math.exp(lnN - logFactorial(k) - logFactorial(n - k) + k * Math.log(p) + (n - k) * Math.log(1 - p));
  return Math.min(1, sum);
}

/**
 * The statistics of every cue of `kinds` over `docs`. Documents are classified by the cues of
 * `classifyBy` (the kinds the engine scores; `kinds` when not given): a kind outside it is judged
 * by its labels alone.
 */
export function cueStatistics(
  docs: readonly CueDocument[],
  kinds: readonly CueKind[],
  { classifyBy = kinds, thresholds = THRESHOLDS }: { classifyBy?: readonly CueKind[]; thresholds?: typeof THRESHOLDS } = {},
): { stats: CueStat[]; kinds: KindSummary[] } {
  const n = docs.length;
  const allCues = [...new Set([...kinds, ...classifyBy].flatMap((k) => k.cues))];
  // The group a cue is left out with: a word with every cue that shares a form with it, a phrase alone.
  const groups = cueGroups(allCues);
  const groupOf = (cue: string) => groups.get(cue)!;
  // Each document read once, as the engine reads it: the cues it holds, and for a word cue the words that carry it.
  const read = docs.map((doc) => {
    const text = cueText(doc.text);
    const held = new Set(allCues.filter((cue) => saysCue(cue, text)));
    return { held, forms: new Map([...held].map((cue) => [cue, cueWordsIn(cue, text)])) };
  });
  /** The kind a document's cues classify it as, leaving out the cues of one group. */
  const classify = (cues: ReadonlySet<string>, without?: string): string => {
    let best = 'none';
    let bestScore = 0;
    for (const kind of classifyBy) {
      let score = 0;
      const counted = new Set<string>();
      for (const cue of kind.cues) {
        if (!cues.has(cue) || groupOf(cue) === without) continue;
        if (cue.includes(' ')) score += 2;
        else if (!counted.has(groupOf(cue))) {
          counted.add(groupOf(cue));
          score += 1;
        }
      }
      if (score > bestScore) {
        best = kind.key;
        bestScore = score;
      }
    }
    return best;
  };
  const classes = read.map((r) => classify(r.held));
  const classCount = new Map<string, number>();
  for (const c of classes) classCount.set(c, (classCount.get(c) ?? 0) + 1);
  const scored = new Set(classifyBy.map((k) => k.key));
  const summaries: KindSummary[] = kinds.map((kind) => {
    const kindDocs = docs.filter((d) => d.kinds.has(kind.key)).length;
    const classifiedShare = n ? classes.filter((c) => c === kind.key).length / n : 0;
    const judged: Judged = kindDocs >= thresholds.labelled ? 'labels' : scored.has(kind.key) && classifiedShare >= thresholds.classified ? 'classification' : 'none';
    return { key: kind.key, kindDocs, classifiedShare, judged };
  });
  const stats: CueStat[] = [];
  for (const [k, kind] of kinds.entries()) {
    const { kindDocs, judged } = summaries[k]!;
    for (const cue of kind.cues) {
      const holding = docs.flatMap((_, i) => (read[i]!.held.has(cue) ? [i] : []));
      const df = holding.length;
      const dfBySet: Record<string, number> = {};
      for (const i of holding) if (docs[i]!.set) dfBySet[docs[i]!.set!] = (dfBySet[docs[i]!.set!] ?? 0) + 1;
      // The words that carry a word cue, and whether its own forms do.
      const words = new Map<string, number>();
      let own = 0;
      if (oneWord(cue)) {
        const mine = formsOf(cue);
        for (const i of holding) {
          const forms = read[i]!.forms.get(cue) ?? [];
          for (const w of forms) words.set(w, (words.get(w) ?? 0) + 1);
          if ([...forms].some((w) => mine.has(w))) own++;
        }
      }
      const heldAs = [...words].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([word, count]) => ({ word, docs: count }));
      const ownForms = !oneWord(cue) || !df ? null : own / df;
      const inKind = holding.filter((i) => docs[i]!.kinds.has(kind.key)).length;
      const labelled = kindDocs > 0;
      const lift = labelled && df > 0 ? inKind / kindDocs / (df / n) : null;
      const [a, b, c, d] = [inKind, kindDocs - inKind, df - inKind, n - kindDocs - (df - inKind)].map((x) => x + 0.5) as [number, number, number, number];
      const logOdds = labelled ? Math.log(a / b / (c / d)) : null;
      const votes = new Map<string, number>();
      for (const i of holding) {
        const as = classify(read[i]!.held, groupOf(cue));
        votes.set(as, (votes.get(as) ?? 0) + 1);
      }
      const top = [...votes].sort((x, y) => y[1] - x[1])[0];
      const ownVotes = votes.get(kind.key) ?? 0;
      const classifiedOwn = df ? ownVotes / df : null;
      // The share of all documents classified as the kind with the cue's group left out: only the documents holding it change.
      const classifiedBase = n ? ((classCount.get(kind.key) ?? 0) - holding.filter((i) => classes[i] === kind.key).length + ownVotes) / n : 0;
      const chance = judged === 'labels' ? binomialAtMost(inKind, df, kindDocs / n) : judged === 'classification' ? binomialAtMost(ownVotes, df, classifiedBase) : null;
      const flags: string[] = [];
      if (df < thresholds.rare) flags.push('rare');
      else {
        if (ownForms !== null && ownForms < thresholds.ownForms) flags.push('other-words');
        // How much more often documents of its kind hold it than documents in general.
        const ownLift = judged === 'labels' ? lift : judged === 'classification' && classifiedOwn !== null ? classifiedOwn / classifiedBase : null;
        if (df / n >= thresholds.everywhere && ownLift !== null && ownLift < thresholds.everywhereLift) flags.push('everywhere');
        if (judged === 'labels' && lift !== null && lift < 1) flags.push('not-of-kind');
        if (judged === 'classification' && classifiedOwn !== null && classifiedOwn < classifiedBase) flags.push('other-kind');
      }
      stats.push({ kind: kind.key, cue, df, dfBySet, heldAs, ownForms, kindDocs, inKind, lift, logOdds, classifiedOwn, classifiedAs: top?.[0] ?? null, classifiedBase, chance, flags });
    }
  }
  return { stats, kinds: summaries };
}
