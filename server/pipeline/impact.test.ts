import { describe, expect, it } from 'vitest';
import { reportedSource, takeawayContext } from './impact.js';

const arrived = new Date('2026-11-29T22:00:00.000Z');
// A made-up stored document: a replayed news article, as the demo source stores it (stamped with the replay time).
const stored = (over: Partial<Parameters<typeof reportedSource>[0]>): Parameters<typeof reportedSource>[0] => ({ id: 7, collectionId: 1, title: 'Council elects a chair', text: 'The council elected a chair on Monday.', contentType: 'Wikinews article', publisher: 'Wikinews (English)', language: 'en', canonicalAt: arrived, publishedAt: arrived, metadata: {}, ...over });
const article = { introduction: 'The council elected a chair on Monday. [1]', bullet_points: [], references: [{ number: 1, document_id: 7 }] };
const topic = { name: 'Local councils', keyEntities: [] };

describe('takeawayContext: the record the takeaway says the reported document is', () => {
  it.each([
    ['a replayed document keeps its own date', { metadata: { original_published_at: '2004-11-14T00:00:00.000Z' } }, '2004-11-14T00:00:00.000Z', '2004-11-14T00:00:00.000Z'],
    ['a replayed document with no date of its own has none, not the replay time', { metadata: { original_published_at: null } }, arrived.toISOString(), null],
    ['a document its source gave no date has none, not its ingest time', { publishedAt: null }, arrived.toISOString(), null],
    ['a document its source dated', { publishedAt: new Date('2025-01-02T00:00:00.000Z'), canonicalAt: new Date('2025-01-02T00:00:00.000Z') }, '2025-01-02T00:00:00.000Z', '2025-01-02T00:00:00.000Z'],
  ])('%s', (_, over, about, own) => {
    const reported = reportedSource(stored(over));
    expect(reported.date).toBe(about);
    expect(takeawayContext(topic, article, reported).document.record.date).toBe(own);
  });
});
