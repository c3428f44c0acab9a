/**
 * A signal that aborts after `ms` with a TimeoutError (as AbortSignal.timeout does) or as soon as
 * `parent` aborts, on a timer this module owns: call `clear()` when the work is done.
 *
 * Not AbortSignal.any([AbortSignal.timeout(ms), parent]): on Node 20 the timeout signal inside it
 * can be garbage-collected before it fires, and a feed sent slowly then held a source run until
 * its sender stopped (server/sources/http-gc.test.ts).
 */
export function deadline(ms: number, parent?: AbortSignal): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`The operation was aborted due to timeout after ${ms} ms`, 'TimeoutError')), ms);
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}
