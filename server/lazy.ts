import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A library loaded on its first use, synchronously through its CommonJS build. For the heavy ones
 * a process may not need for a while (or ever) after it starts: imported up front, compromise, the
 * GPT tokenizer and linkedom cost about 0.8 s of a warm start (bench:startup), before the API
 * could answer. Libraries used from async code are imported with `await import()` instead.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
