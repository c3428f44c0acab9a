/**
 * The reader's "More like this" / "Less like this" on an article: the two judgements and the words
 * the web app and the alert email say them in. Free of schemas, so the web shell imports it
 * without zod.
 */
export const JUDGEMENTS = ['more', 'less'] as const;
export type TJudgement = (typeof JUDGEMENTS)[number];

export const isJudgement = (value: unknown): value is TJudgement => value === 'more' || value === 'less';

export const JUDGEMENT_LABELS: Record<TJudgement, string> = { more: 'More like this', less: 'Less like this' };

/** What the reader is told once Herald has their judgement (or its removal, `null`) on an article of `topicName`. */
export function judgementConfirmation(judgement: TJudgement | null, topicName: string): string {
  if (judgement === null) return `Undone: this article no longer steers ${topicName}`;
  return `Herald will show ${judgement} like this in ${topicName}`;
}

export const JUDGEMENT_TEXT = {
  notFound: 'Article not found.',
  chooseOne: 'Choose more or less',
  failed: 'Herald could not save that. Please try again.',
};
