import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { creationError } from './test-user-modal';

describe('creationError', () => {
  it('names the server’s reason and the fields', () => {
    const error = new ApiError(400, 'Bad Request', 'profile_invalid', 'Profile validation failed. Please check your information.', { title: ['This does not look like a job title or function.'] });
    expect(creationError(error)).toBe('Failed to create test user: Profile validation failed. Please check your information. title: This does not look like a job title or function.');
  });

  it('falls back to the spec’s wording', () => {
    expect(creationError(new Error('boom'))).toBe('Failed to create test user: User creation failed');
  });
});
