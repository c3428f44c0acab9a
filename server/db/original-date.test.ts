import { describe, expect, it } from 'vitest';
import { originalDate, ownDate } from './original-date.js';

const arrived = new Date('2026-11-29T22:00:00.000Z');

describe('originalDate and ownDate: the time a document is about, and the date it gives itself', () => {
  it.each([
    ['a replayed document with its original date', { canonicalAt: arrived, publishedAt: arrived, metadata: { original_published_at: '2015-09-01T00:00:00.000Z' } }, '2015-09-01T00:00:00.000Z', '2015-09-01T00:00:00.000Z'],
    ['a replayed document whose record has no date: ordered by its arrival, but no date of its own', { canonicalAt: arrived, publishedAt: arrived, metadata: { original_published_at: null } }, arrived.toISOString(), null],
    ['a replayed document whose date does not read as one', { canonicalAt: arrived, publishedAt: arrived, metadata: { original_published_at: 'some day in 2004' } }, arrived.toISOString(), null],
    ['a document its source dated', { canonicalAt: new Date('2024-03-20T08:00:00.000Z'), publishedAt: new Date('2024-03-20T08:00:00.000Z'), metadata: {} }, '2024-03-20T08:00:00.000Z', '2024-03-20T08:00:00.000Z'],
    ['a document its source gave no date: stamped with its ingest time, which is not its own', { canonicalAt: arrived, publishedAt: null, metadata: {} }, arrived.toISOString(), null],
    ['no metadata at all', { canonicalAt: arrived, publishedAt: null, metadata: null }, arrived.toISOString(), null],
  ])('%s', (_, doc, about, own) => {
    expect(originalDate(doc).toISOString()).toBe(about);
    expect(ownDate(doc)?.toISOString() ?? null).toBe(own);
  });
});
