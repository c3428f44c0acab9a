import { describe, expect, it } from 'vitest';
import { mapProfileErrors } from './profile-modal';

describe('mapProfileErrors', () => {
  it('maps the server’s field names to the form’s', () => {
    expect(mapProfileErrors({ title: ['bad title'], company_or_organization: ['bad'], location: ['where?'], interests: ['vague'] })).toEqual({
      job_title_function: 'bad title',
      employer: 'bad',
      country: 'where?',
      interests: 'vague',
    });
    expect(mapProfileErrors(null)).toEqual({});
  });
});
