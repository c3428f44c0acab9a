import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';

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

/**
 * An array built on its first use, for a module constant that other modules read as an array
 * (`find`, `some`, iteration) but that costs work to build: world.ts's PLACES, built from the place
 * knowledge layer, is imported by modules a warm start loads.
 */
export function lazyArray<T>(build: () => T[]): T[] {
  let built: T[] | undefined;
  const array = () => (built ??= build());
  return new Proxy([] as T[], {
    get: (_target, prop) => {
      const a = array();
      const value: unknown = Reflect.get(a, prop, a);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(a) : value;
    },
    has: (_target, prop) => Reflect.has(array(), prop),
    ownKeys: () => Reflect.ownKeys(array()),
    getOwnPropertyDescriptor: (_target, prop) => Reflect.getOwnPropertyDescriptor(array(), prop),
  });
}

/**
 * A reading of texts kept for the texts read again (the `max` last): every stage reads the same
 * documents (the story tracker, relevance against each topic, summaries, topic profiles), and
 * reading names and places with compromise costs some milliseconds a text. `key` tells the
 * readings of one text apart (its language, options); each caller gets its own copy of the list.
 */
export function readOnce<A extends unknown[], T>(read: (text: string, ...rest: A) => T[], key: (text: string, ...rest: A) => string = (...args) => args[0], max = 2000): (text: string, ...rest: A) => T[] {
  const cache = new LRUCache<string, T[]>({ max });
  return (text, ...rest) => {
    const k = key(text, ...rest);
    let found = cache.get(k);
    if (!found) cache.set(k, (found = read(text, ...rest)));
    return [...found];
  };
}
