import { createHash } from 'node:crypto';

/** Exact-duplicate key: the same title and text, ignoring case, punctuation and spacing. */
export function contentHash(title: string, text: string): string {
  const normal = `${title}\n${text}`.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return createHash('sha256').update(normal).digest('hex');
}

/**
 * 64-bit SimHash over word 3-shingles (at most the first 2,000 words). Near-duplicate texts (a
 * wire story republished with a new first line) differ in a few bits; unrelated texts in about half.
 */
export function simhash(text: string): bigint {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const weights = new Int32Array(64);
  const count = Math.max(1, Math.min(words.length, 2000) - 2);
  for (let i = 0; i < count; i++) {
    const shingle = `${words[i] ?? ''} ${words[i + 1] ?? ''} ${words[i + 2] ?? ''}`;
    const lo = fnv1a(shingle, 0x811c9dc5);
    const hi = fnv1a(shingle, 0x01000193 ^ lo);
    for (let bit = 0; bit < 32; bit++) {
      weights[bit]! += (lo >>> bit) & 1 ? 1 : -1;
      weights[bit + 32]! += (hi >>> bit) & 1 ? 1 : -1;
    }
  }
  let lo = 0;
  let hi = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (weights[bit]! > 0) lo |= 1 << bit;
    if (weights[bit + 32]! > 0) hi |= 1 << bit;
  }
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // A final avalanche so neighbouring shingles spread over all bits.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** Four 16-bit bands, as signed-safe integers tagged with their position (band i -> i * 65536 + value). */
export function simhashBands(value: bigint): number[] {
  return [0, 1, 2, 3].map((band) => band * 65536 + Number((value >> BigInt(band * 16)) & 0xffffn));
}

export function bandsToSimhash(bands: number[]): bigint {
  let out = 0n;
  for (const tagged of bands) {
    const band = Math.floor(tagged / 65536);
    out |= BigInt(tagged % 65536) << BigInt(band * 16);
  }
  return out;
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = a ^ b;
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** At most this many differing bits (of 64) counts as a near-duplicate. */
export const NEAR_DUPLICATE_BITS = 3;

/** A URL as an identity: lower-case host, no fragment, no tracking parameters, no trailing slash. */
export function canonicalUrl(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    parsed.hash = '';
    parsed.protocol = 'https:';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/^(utm_|fbclid$|gclid$|mc_cid$|mc_eid$|ref$)/i.test(key)) parsed.searchParams.delete(key);
    }
    let out = parsed.toString();
    if (out.endsWith('/') && parsed.pathname !== '/') out = out.slice(0, -1);
    return out;
  } catch {
    return null;
  }
}
