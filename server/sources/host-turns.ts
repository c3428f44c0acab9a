/**
 * Politeness per host: a process runs several sources at once (the source-run queue's
 * concurrency) but one at a time per host, so twenty feeds of one site, or two arXiv queries,
 * take turns and each keeps its connector's request interval. Turns are first come, first served.
 * (Several worker processes each keep their own turns.)
 */
const tails = new Map<string, Promise<void>>();

/** The host a source's settings read from (its feed URL or API base URL); none for the demo corpus. */
export function hostOf(settings: unknown): string | null {
  if (typeof settings !== 'object' || settings === null) return null;
  const { url, baseUrl } = settings as { url?: unknown; baseUrl?: unknown };
  const address = typeof url === 'string' ? url : typeof baseUrl === 'string' ? baseUrl : null;
  if (!address) return null;
  try {
    return new URL(address).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Runs `work` when the host's earlier turns are over. */
export async function takeTurn<T>(host: string | null, work: () => Promise<T>): Promise<T> {
  if (!host) return work();
  const before = tails.get(host) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = before.then(() => mine);
  tails.set(host, tail);
  await before;
  try {
    return await work();
  } finally {
    release();
    // The last in line leaves no entry behind.
    if (tails.get(host) === tail) tails.delete(host);
  }
}
