import { terms } from '../../search/terms.js';
import type { ComposeInput, ComposeSource } from './compose.js';
import { ownSentences } from './compose-template.js';
import { cleaned, opensPointingBack, quotable } from './sentence-quality.js';
import { pickDistinct, rankedLeadSentences, rankedStatements, saysAgain, sentences, type LeadSentences } from './summarise.js';

/*
 * The sentences a built-in article may quote, scored, and how they are taken: the best first, none
 * twice, a sentence that points back only with the one it points to (compose.ts).
 */

export interface Candidate {
  sentence: string;
  source: number; // initial reference number
  score: number;
  order: number;
}

/**
 * Every sentence the article may quote, scored: the main document's first 60 by the method of its
 * summary (lead.ts) plus the weight of the event's words, a research result's when it shares two
 * of them; furniture and fragments far below.
 */
export function candidatesOf(input: ComposeInput, all: ComposeSource[], lead: LeadSentences): Candidate[] {
  const focus = new Set(terms(`${input.main.title} ${input.novelFacts.join(' ')} ${input.topic.name}`));
  const candidates: Candidate[] = [];
  const leadScore = new Map(rankedLeadSentences(input.main.title, lead, input.language).map((r) => [r.sentence, r.score]));
  all.forEach((doc, index) => {
    const pool = (index === 0 ? ownSentences(lead) : researchPool(doc)).map((s) => cleaned(s, input.language));
    pool.forEach((sentence, order) => {
      const words = new Set(terms(sentence));
      if (words.size < 4 || sentence.length > 400) return;
      const shared = [...words].filter((w) => focus.has(w)).length;
      // A research result's sentence must share at least two words with the event to be quoted.
      if (index > 0 && shared < 2) return;
      const overlap = shared / Math.max(4, focus.size);
      const figures = /\d/.test(sentence) ? 0.15 : 0;
      const own = index === 0 ? leadScore.get(sentence) : undefined;
      const score = own !== undefined ? own + overlap : overlap + figures + 0.5 / (1 + order * 0.25) + (index === 0 ? 0.3 : doc.score * 0.3);
      candidates.push({ sentence, source: index + 1, order, score: score - (quotable(sentence, input.language) ? 0 : 2) });
    });
  });
  return candidates;
}

/** Takes the best `count` statements of `candidates` (never furniture nor a fragment), never a sentence already taken (`used`) nor one saying what a taken one says. */
export function picker(candidates: Candidate[], language: string | null) {
  const used = new Set<string>();
  // A sentence that opens pointing back ("To address this limitation, ...") is quoted with the sentence it points to, or not at all.
  const at = new Map(candidates.map((c) => [`${c.source}:${c.order}`, c]));
  const take = (filter: (c: Candidate) => boolean, count: number) => {
    const picked: Candidate[] = [];
    const fresh = (c: Candidate) => filter(c) && quotable(c.sentence, language) && !used.has(c.sentence) && !saysAgain(c.sentence, [...used]);
    for (const c of candidates.filter((c) => filter(c) && quotable(c.sentence, language)).sort((a, b) => b.score - a.score)) {
      if (picked.length >= count) break;
      if (!fresh(c)) continue;
      const before = at.get(`${c.source}:${c.order - 1}`);
      if (opensPointingBack(c.sentence, language) && !used.has(before?.sentence ?? '')) {
        if (!before || !fresh(before) || picked.length + 2 > count) continue;
        picked.push(before);
        used.add(before.sentence);
      }
      picked.push(c);
      used.add(c.sentence);
    }
    return picked.sort((a, b) => a.source - b.source || a.order - b.order);
  };
  return { take, used };
}

/** A research result's sentences that background may quote: its summary's, then its own best statements by lead.ts (not its first lines: minutes open with a roster), its source's template aside. */
function researchPool(doc: ComposeSource): string[] {
  const ranked = rankedStatements(doc.title, doc.text, undefined, doc.sourceTemplate).filter((r) => !r.template);
  const best = pickDistinct(ranked, 16).sort((a, b) => a.index - b.index);
  return [...sentences(doc.summary), ...best.map((r) => r.sentence)].slice(0, 20);
}
