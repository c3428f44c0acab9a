import { describe, expect, it } from 'vitest';
import { ZDeliveredArticle } from '../../contract/deliveries.js';
import { deliveredArticle } from './payload.js';

const impact = {
  why_it_matters: { text: 'It names the FDIC, which you follow.', references: [1] },
  severity: 4,
  confidence: 'medium',
  severity_basis: 'in the top quarter of your recent articles.',
  entities: [{ name: 'FDIC', references: [1] }],
  horizon: [{ date: '2026-12-15', what: 'Comments are due.', references: [2] }],
};

describe('deliveredArticle', () => {
  it('carries the takeaway and the impact assessment as the reader article serves them', () => {
    const article = { title: 'FDIC proposes capital rule', introduction: 'The FDIC proposed a rule [1].', bullet_points: ['Comments are due Dec 15 [2].'], actionable_takeaway: 'Watch Dec 15: comments are due [2]', impact };
    const delivered = deliveredArticle('https://herald.example.com', { id: 3, article, publishedAt: new Date('2026-11-27T00:00:00Z') }, { id: 1, name: 'Banking' });
    expect(ZDeliveredArticle.parse(delivered)).toEqual(delivered);
    expect(delivered.takeaway).toBe('Watch Dec 15: comments are due [2]');
    expect(delivered.impact).toEqual(impact);
  });

  it('says null for an impact that is missing or not of its shape (an article written before assessments)', () => {
    for (const broken of [undefined, { severity: 9 }, 'high']) {
      const delivered = deliveredArticle('https://herald.example.com', { id: 3, article: { title: 'T', impact: broken }, publishedAt: null }, { id: 1, name: 'Banking' });
      expect(delivered.impact).toBeNull();
      expect(delivered.takeaway).toBe('');
    }
  });
});
