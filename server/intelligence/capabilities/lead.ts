import { terms } from '../../search/terms.js';
import { zoneOf, type Zone } from './discourse.js';

/*
 * Which sentences of a document lead its summary and its article: a published extractive method,
 * not lists of faults. Each sentence is scored by
 *  - its centrality: LexRank (Erkan & Radev, 2004), the stationary distribution of a random walk on
 *    the graph of the document's sentences weighted by their TF-IDF cosine similarity (continuous
 *    LexRank, damping 0.85), the terms and stems being search/terms.ts's;
 *  - its similarity to the document's title (TF-IDF cosine), as in title-based sentence scoring
 *    (Edmundson, 1969);
 *  - a position prior: earlier sentences of their section first (the lead-N baseline's reason to be
 *    strong; a section's lead, as a document's, is where its news is);
 *  - the role of the section it stands in, where the document has labelled sections: a structured
 *    abstract's (NLM's categories: BACKGROUND, OBJECTIVE, METHODS, RESULTS, CONCLUSIONS) or a
 *    Federal Register preamble's (1 CFR 18.12: AGENCY, ACTION, SUMMARY, DATES, ADDRESSES, FOR
 *    FURTHER INFORMATION CONTACT, SUPPLEMENTARY INFORMATION); a section's caption is its label,
 *    not part of the statement quoted (sentence-quality.ts, rule-section-caption);
 *  - outside labelled sections, its zone (discourse.ts): a sentence citing other work is that work's
 *    background, one stating what the authors found is the document's result.
 */

/** The weights of the four scores: equal for centrality and title, half for position; a section's role adds or takes its own. */
export const LEAD_WEIGHTS = { centrality: 1, title: 1, position: 0.5 } as const;

/** What a labelled section is for: what the document found or decided, its context, or how to reach its publisher. */
export type SectionRole = 'news' | 'context' | 'furniture';
const ROLE_PRIOR: Record<SectionRole, number> = { news: 0.5, context: 0, furniture: -1 };

/** A sentence outside labelled sections weighed by its zone (discourse.ts): cited work as a BACKGROUND section's is not news; a finding is, below a RESULTS section's; the paper's aim (what it presents) leads as a RESULTS section does. */
const ZONE_PRIOR: Record<Zone, number> = { 'other-work': -0.5, finding: 0.25, aim: 0.5 };
const zonePrior = (sentence: string, language: string) => {
  const zone = zoneOf(sentence, language);
  return zone ? ZONE_PRIOR[zone] : 0;
};

/** Section labels of structured abstracts and Federal Register preambles, by role. */
const SECTION_ROLES: Readonly<Record<string, SectionRole>> = {
  summary: 'news', abstract: 'news', results: 'news', findings: 'news', conclusion: 'news', conclusions: 'news', interpretation: 'news',
  dates: 'news', date: 'news', 'effective date': 'news', 'effective dates': 'news', action: 'news',
  // A preamble's SUPPLEMENTARY INFORMATION opens with what the document does (its basis and purpose).
  'supplementary information': 'news',
  background: 'context', introduction: 'context', objective: 'context', objectives: 'context', purpose: 'context', aims: 'context', context: 'context',
  methods: 'context', design: 'context', setting: 'context', participants: 'context',
  agency: 'furniture', addresses: 'furniture', 'for further information contact': 'furniture',
};
/** A section's label and its colon, in any case: `writtenAsLabel` tells a label from a word of running text before a colon. */
const LABEL = new RegExp(String.raw`(?:^|\s)(${Object.keys(SECTION_ROLES).map((l) => l.replace(/ /g, '\\s+')).join('|')})\s*:\s`, 'gi');
/** What may stand before a label not in capitals, in the heading that opens the sentence: nothing, or a capitalised word or two ("Key findings:", "Materials and Methods:", "Comment Due Date:"). */
const HEADING_BEFORE_LABEL = /^(?:\p{Lu}\p{L}*\s+(?:(?:and|\p{Lu}\p{L}*)\s+)?)?$/u;

/**
 * Whether a label is written as one: in capitals, as the Federal Register writes them, wherever it
 * stands ("ACTION: ...", glued to the end of a header: "... Capital Rule AGENCY: Federal ..."); or in
 * sentence or title case as the heading that opens the sentence, as structured abstracts write them
 * ("Results: ...", "Key findings: ..."). A word of running text before a colon is no label ("Votes for
 * this action: Messrs. ...", "we report two findings: ...").
 */
function writtenAsLabel(sentence: string, match: RegExpMatchArray): boolean {
  const label = match[1]!;
  if (label === label.toUpperCase()) return true;
  const before = sentence.slice(0, match.index! + match[0].indexOf(label));
  return HEADING_BEFORE_LABEL.test(before) && /^\p{Lu}/u.test(before || label);
}

/** The role of each sentence's section: a label opens a section that lasts until the next one (the last label a sentence holds); before any, none. */
export function sectionRoles(sentences: readonly string[]): (SectionRole | null)[] {
  let role: SectionRole | null = null;
  return sentences.map((sentence) => {
    const labels = [...sentence.matchAll(LABEL)].filter((m) => writtenAsLabel(sentence, m)).map((m) => m[1]!.toLowerCase().replace(/\s+/g, ' '));
    // A label glued to the end of a header ("... Capital Rule AGENCY: Federal ...") opens its section from this sentence on.
    if (labels.length) role = SECTION_ROLES[labels[labels.length - 1]!] ?? null;
    return role;
  });
}

type Vector = Map<string, number>;

/** TF-IDF vectors of texts, the IDF taken over `documents` (a document's sentences: the only collection a single document has). */
function tfidf(documents: string[][], texts: string[][]): Vector[] {
  const df = new Map<string, number>();
  for (const words of documents) for (const w of new Set(words)) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log((documents.length + 1) / ((df.get(w) ?? 0) + 1)) + 1;
  return texts.map((words) => {
    const v: Vector = new Map();
    for (const w of words) v.set(w, (v.get(w) ?? 0) + idf(w));
    return v;
  });
}

const norm = (v: Vector) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));

function cosine(a: Vector, b: Vector, normA = norm(a), normB = norm(b)): number {
  // Over the shorter vector's words: a sentence against a long one costs its own length.
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [w, x] of small) dot += x * (large.get(w) ?? 0);
  return dot === 0 ? 0 : dot / (normA * normB);
}

/** Continuous LexRank: the power iteration of the row-normalised similarity graph with damping `d`. */
export function lexRank(vectors: Vector[], d = 0.85, iterations = 30): number[] {
  const n = vectors.length;
  if (n === 0) return [];
  // Symmetric: each pair once, each vector's norm once.
  const norms = vectors.map(norm);
  const sim = vectors.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) sim[i]![j] = sim[j]![i] = cosine(vectors[i]!, vectors[j]!, norms[i], norms[j]);
  const rowSums = sim.map((row) => row.reduce((s, x) => s + x, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let step = 0; step < iterations; step++) {
    const next = new Array<number>(n).fill((1 - d) / n);
    for (let i = 0; i < n; i++) {
      if (rowSums[i] === 0) for (let j = 0; j < n; j++) next[j]! += (d * rank[i]!) / n;
      else for (let j = 0; j < n; j++) next[j]! += (d * rank[i]! * sim[i]![j]!) / rowSums[i]!;
    }
    rank = next;
  }
  return rank;
}

export interface RankedSentence {
  sentence: string;
  index: number;
  score: number;
}

/**
 * A document's sentences scored by the method above, in their order. `roles` are the sections'
 * (sectionRoles of the sentences as the source wrote them, before their labels were taken away).
 */
export function rankSentences(title: string, sentences: readonly string[], roles: readonly (SectionRole | null)[] = [], language = 'en'): RankedSentence[] {
  const words = sentences.map((s) => terms(s, language));
  const vectors = tfidf(words, [...words, terms(title, language)]);
  const titleVector = vectors.pop()!;
  const central = lexRank(vectors);
  const top = Math.max(...central, 0) || 1;
  const since = sinceSectionStart(roles);
  return sentences.map((sentence, index) => {
    const role = roles[index];
    const score =
      LEAD_WEIGHTS.centrality * (central[index]! / top) +
      LEAD_WEIGHTS.title * cosine(vectors[index]!, titleVector) * (0.5 + 0.5 * novelty(vectors[index]!, titleVector)) +
      LEAD_WEIGHTS.position / Math.sqrt(1 + since[index]!) +
      (role ? ROLE_PRIOR[role] : zonePrior(sentence, language));
    return { sentence, index, score };
  });
}

/**
 * The share of a sentence's weight in words its title does not say: the reader has the title, and
 * a sentence that restates it (a list of the banks the title names) is no lead (maximal marginal
 * relevance, Carbonell & Goldstein 1998, with the title as what is already shown).
 */
function novelty(sentence: Vector, title: Vector): number {
  let total = 0;
  let said = 0;
  for (const [w, x] of sentence) {
    total += x;
    if (title.has(w)) said += x;
  }
  return total ? 1 - said / total : 0;
}

/** Each sentence's place in its section (0 for a section's first): a section's lead is where its news is, as a document's is. */
function sinceSectionStart(roles: readonly (SectionRole | null)[]): number[] {
  let start = 0;
  return roles.map((role, i) => {
    if (i > 0 && role !== roles[i - 1]) start = i;
    return i - start;
  });
}
