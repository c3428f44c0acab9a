/**
 * The profile step's draft (the form's answers, the clarifying questions so far and their
 * conversation), kept in this tab's session storage so a reload during the step loses nothing.
 * Per user; cleared once the profile is validated.
 */
export interface OnboardingDraft<V, L> {
  values: V;
  transcript: L[];
  conversationId: string | null;
  asking: boolean;
}

const keyOf = (userId: string) => `herald:onboarding-draft:${userId}`;

export function loadDraft<V, L>(userId: string | undefined): OnboardingDraft<V, L> | undefined {
  if (!userId) return undefined;
  try {
    const saved = sessionStorage.getItem(keyOf(userId));
    return saved ? (JSON.parse(saved) as OnboardingDraft<V, L>) : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft<V, L>(userId: string | undefined, draft: OnboardingDraft<V, L>): void {
  if (!userId) return;
  try {
    sessionStorage.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the step still works, it only forgets on reload.
  }
}

export function clearDraft(userId: string | undefined): void {
  if (!userId) return;
  try {
    sessionStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
