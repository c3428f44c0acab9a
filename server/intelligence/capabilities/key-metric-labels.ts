import { terms } from '../../search/terms.js';
import { fired } from '../rules.js';
import { basesOf, lemmasOf } from '../lexicon/wordnet.js';
import { wordRolesAt } from '../lexicon/clause.js';

/*
 * Whether a Key Metrics label names a measure (key-metrics.ts METRIC_RULES): a whole phrase of
 * substance (wholeLabel, also asked of the labels a language model writes) and, for the grammar's
 * own labels, one the tagger reads as a noun phrase in its sentence (labelReadsAsMeasure).
 */

/** No label, because of the rule named `name`. */
function none(name: string): undefined {
  fired(name);
  return undefined;
}

/** A measure's name is a short noun phrase: a longer label is a stretch of its sentence ("reconstruction RMSE below for all HLS spectral bands with ..."). */
const LABEL_WORDS = 8;

/**
 * Whether a label, read by the tagger in its sentence, names a measure: no more than LABEL_WORDS
 * words, none of them a finite verb (a clause: "method improves average accuracy", "three vendors
 * NoT cuts stakeholder collapse"), and not ending on a small word ("riddles vs", "briefs not
 * later"). Its first or last word counts as a verb only where it cannot be a noun (a label's head is
 * often a noun the tagger reads as a verb: "drop in accuracy", "diffusion models"), a name never.
 */
export function labelReadsAsMeasure(measure: readonly { text: string; lower: string; at: number }[], sentence: string): boolean {
  if (measure.length > LABEL_WORDS) return none('label-too-long') ?? false;
  const roles = wordRolesAt(sentence);
  const verb = measure.some((w, i) => {
    if (roles.get(w.at) !== 'finite-verb' || !/^\p{Ll}+$/u.test(w.text)) return false;
    return (i > 0 && i < measure.length - 1) || basesOf(w.lower, 'noun').length === 0;
  });
  if (verb) return none('label-holds-a-verb') ?? false;
  return roles.get(measure.at(-1)!.at) !== 'small-word' || (none('label-ends-on-a-small-word') ?? false);
}

/** Words that open or end no label: small words, verbs of change and report, comparisons, a participle at the end. */
const LABEL_EDGE_WORDS = (
  'of to at by the a an was is are were be been and or from in on for with than about around approximately nearly almost ' +
  'over under some its their his her this that these those which who up down rose fell rises falls cut set aside said says ' +
  'say reached stood stands stand grew grows came comes hit hits not only just least most more less close near below above ' +
  'equal equals exceeding totaling totalling reaching including'
).split(' ');
const LABEL_EDGE = new RegExp(String.raw`^(?:${LABEL_EDGE_WORDS.join('|')}|\w+ed)$`, 'i');

/**
 * Whether a label names a thing: a label of one word is a noun only, as WordNet knows it (an
 * adjective alone, "relative", "effective", "equivalent", leaves what is measured unsaid; "vs" is
 * no word); a longer one does not end on a verb ("best overall performance improving", "method
 * surpasses"). A name or an abbreviation (a capital, a digit: "F1", "AP50") names a thing.
 */
function headIsNoun(all: string[]): boolean {
  const last = all.at(-1)!.replace(/\W+$/, '');
  if (!/^\p{Ll}+$/u.test(last)) return true;
  const lemmas = lemmasOf(last);
  if (all.length === 1) return lemmas.some((l) => l.part === 'noun') && !lemmas.some((l) => l.part === 'adj');
  return !(lemmas.some((l) => l.part === 'verb') && !lemmas.some((l) => l.part === 'noun'));
}

/** Whether a metric's label is whole (whoever wrote it): words of substance, no small word or verb at its edges, no open bracket. */
export function wholeLabel(label: string): boolean {
  const all = label.trim().split(/\s+/).filter(Boolean);
  if (all.length === 0 || terms(label).length === 0) return false;
  // A participle may open a measure ("intended level", "estimated cost"), not end one ("rate raised").
  const first = all[0]!.replace(/^\W+/, '');
  if ((LABEL_EDGE.test(first) && !/^\w+ed$/i.test(first)) || LABEL_EDGE.test(all.at(-1)!.replace(/\W+$/, ''))) return none('label-edge') ?? false;
  if (!headIsNoun(all)) return none('label-head-no-noun') ?? false;
  return (label.match(/[([]/g)?.length ?? 0) === (label.match(/[)\]]/g)?.length ?? 0) || (none('label-open-bracket') ?? false);
}
