/** Onboarding and suggestion messages, free of schemas so the feed can import them without zod. */

/** Suggestion messages. */
export const SUGGESTION_MESSAGES = {
  addFailed: 'Failed to add suggestion. Please try again.',
  removed: 'Suggestion removed',
  removeFailed: 'Failed to remove suggestion.',
  added: (name: string) => `Added topic "${name}"`,
  none: 'No suggestions available',
  notFound: 'This suggestion is not in your list.',
} as const;
