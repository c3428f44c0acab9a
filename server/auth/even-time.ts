/**
 * How long an answer that must not tell whether an address has an account takes at least: a known
 * address writes a code and an email and queues it (about 5 ms), an unknown one does not (about 2
 * ms); both answer after this, so the time says nothing either.
 */
export const EVEN_ANSWER_MS = 200;

/** Runs `work` and answers no sooner than `ms` after it began, whichever way it went. */
export async function inEvenTime<T>(work: () => Promise<T>, ms = EVEN_ANSWER_MS): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
