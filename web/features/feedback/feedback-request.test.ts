import { describe, expect, it } from 'vitest';
import { feedbackRequest } from './feedback-dialog';

describe('feedbackRequest', () => {
  it('sends the reader’s own feedback with the article being read', () => {
    expect(feedbackRequest('Useful', 7, undefined, false)).toEqual({ path: '/feedback/', body: { text: 'Useful', article_id: 7 } });
  });
  it('sends a superuser’s feedback in the name of the user they act as', () => {
    expect(feedbackRequest('Useful', 7, 'u-1', true)).toEqual({ path: '/feedback/?user_id=u-1', body: { text: 'Useful', article_id: 7 } });
  });
  it('keeps an admin’s preview read-only: the feedback is the admin’s own, about no member article', () => {
    expect(feedbackRequest('Useful', 7, 'u-1', false)).toEqual({ path: '/feedback/', body: { text: 'Useful' } });
  });
});
