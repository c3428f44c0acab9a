/** Score colours: 0.8 and up green, 0.6 yellow, 0.4 orange, else red. */
export function scoreTone(score: number): string {
  if (score >= 0.8) return 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100';
  if (score >= 0.6) return 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900/60 dark:text-yellow-100';
  if (score >= 0.4) return 'bg-orange-100 text-orange-900 dark:bg-orange-900/60 dark:text-orange-100';
  return 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100';
}

/** Scores show 3 decimals. */
export const formatScore = (score: number) => (Number.isFinite(score) ? score.toFixed(3) : '0.000');
