/** Sparse term vectors of the story tracker (stories.ts): term -> weight. */
export type TermVector = Record<string, number>;

export function normalise(vector: TermVector): void {
  let sum = 0;
  for (const w of Object.values(vector)) sum += w * w;
  const norm = Math.sqrt(sum) || 1;
  for (const key of Object.keys(vector)) vector[key] = vector[key]! / norm;
}

export function cosine(a: TermVector, normA: number, b: TermVector, normB: number): number {
  const [small, large] = Object.keys(a).length <= Object.keys(b).length ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, w] of Object.entries(small)) {
    const o = large[term];
    if (o !== undefined) dot += w * o;
  }
  return dot / (normA * normB);
}

export function dotOf(entries: [string, number][], other: TermVector): number {
  let dot = 0;
  for (const [term, w] of entries) {
    const o = other[term];
    if (o !== undefined) dot += w * o;
  }
  return dot;
}

export function addTo(target: TermVector, vector: TermVector): void {
  for (const [term, w] of Object.entries(vector)) target[term] = (target[term] ?? 0) + w;
}

/** The `max` heaviest terms (ties by term, so the same input keeps the same terms); the vector itself when it has no more. */
export function heaviest(vector: TermVector, max: number): TermVector {
  if (Object.keys(vector).length <= max) return vector;
  return Object.fromEntries(
    Object.entries(vector)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, max),
  );
}
