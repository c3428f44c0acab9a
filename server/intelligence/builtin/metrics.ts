/**
 * Evaluation of story grouping (B-cubed) and first-story detection.
 *
 * Which items count: only items that carry a gold story (`gold` not null/undefined). Items without
 * a gold story tag are left out of both measures entirely: they are neither scored nor counted as
 * cluster-mates of scored items (a predicted cluster is restricted to gold-tagged items before
 * counting). This fits partially labelled sets such as the Wikipedia Current Events items, where an
 * untagged item is "not annotated", not "a story of its own". `bcubed(..., { untaggedAsSingletons:
 * true })` gives the stricter variant in which every untagged item is its own gold story and is
 * scored too.
 *
 * Order: items are given in stream order (the order the system saw them). A gold first story is the
 * earliest item of its gold story in that order; a predicted first story is an item with isNew.
 *
 * Parts of a stream (`only`): a measure can be taken on some of the items alone, e.g. one half of
 * the stream by time (evaluate.ts `timeSplit`), to tune on one part and report on the other. A story
 * that crosses the boundary counts where its items fall: B-cubed sees only the part's items (its
 * clusters and stories restricted to them), and an item is a gold first story only when it is the
 * earliest of its story in the whole stream (a later part's items of a story begun earlier are
 * follow-ups, as they are to a tracker that has read the stream from its start).
 */

export interface EvalItem {
  /** Predicted story (cluster) id; null when the system made no event of the item (a singleton). */
  predicted: string | null;
  /** Gold story; null/undefined when the item carries no story tag. */
  gold?: string | null;
  /** The system called it the first report of its story. */
  isNew: boolean;
}

/** Which items (by index in the stream) a measure reads; all of them when absent. */
export type ItemFilter = (index: number) => boolean;

export interface PRF {
  precision: number;
  recall: number;
  f1: number;
  /** Items scored. */
  items: number;
}

const f1 = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);

/**
 * B-cubed precision/recall/F1: for each scored item, precision = share of its predicted cluster
 * (among scored items) that shares its gold story, recall = share of its gold story that is in its
 * predicted cluster; both averaged over scored items; F1 of the two averages.
 */
export function bcubed(items: EvalItem[], options: { untaggedAsSingletons?: boolean; only?: ItemFilter } = {}): PRF {
  const scored = items
    .map((item, index) => ({
      gold: options.only && !options.only(index) ? null : (item.gold ?? (options.untaggedAsSingletons ? `\u0000untagged-${index}` : null)),
      predicted: item.predicted ?? `\u0000unassigned-${index}`,
    }))
    .filter((item): item is { gold: string; predicted: string } => item.gold !== null);
  if (scored.length === 0) return { precision: 0, recall: 0, f1: 0, items: 0 };
  const predSize = new Map<string, number>();
  const goldSize = new Map<string, number>();
  const both = new Map<string, number>();
  for (const { gold, predicted } of scored) {
    predSize.set(predicted, (predSize.get(predicted) ?? 0) + 1);
    goldSize.set(gold, (goldSize.get(gold) ?? 0) + 1);
    const key = `${predicted}\u0001${gold}`;
    both.set(key, (both.get(key) ?? 0) + 1);
  }
  let precision = 0;
  let recall = 0;
  for (const { gold, predicted } of scored) {
    const common = both.get(`${predicted}\u0001${gold}`)!;
    precision += common / predSize.get(predicted)!;
    recall += common / goldSize.get(gold)!;
  }
  precision /= scored.length;
  recall /= scored.length;
  return { precision, recall, f1: f1(precision, recall), items: scored.length };
}

/**
 * First-story detection P/R/F1 over items with a gold story: true first = earliest item of its gold
 * story (stream order), predicted first = isNew. Precision = true firsts among predicted firsts,
 * recall = predicted among true firsts. Precision is 0 when nothing is predicted first. With `only`,
 * the items it admits are scored, firsts still judged against the whole stream.
 */
export function firstStory(items: EvalItem[], options: { only?: ItemFilter } = {}): PRF {
  const seen = new Set<string>();
  let tp = 0;
  let predicted = 0;
  let actual = 0;
  let scored = 0;
  for (const [index, item] of items.entries()) {
    if (item.gold === null || item.gold === undefined) continue;
    const isFirst = !seen.has(item.gold);
    seen.add(item.gold);
    if (options.only && !options.only(index)) continue;
    scored++;
    if (isFirst) actual++;
    if (item.isNew) predicted++;
    if (isFirst && item.isNew) tp++;
  }
  const precision = predicted ? tp / predicted : 0;
  const recall = actual ? tp / actual : 0;
  return { precision, recall, f1: f1(precision, recall), items: scored };
}
