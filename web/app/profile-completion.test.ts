import { describe, expect, it } from 'vitest';
import type { TMe } from '../../contract/auth';
import { fullName, initialsOf, profileCompletion } from './profile-completion';

const base = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  location: null,
  city: null,
  country: null,
  job_title_function: null,
  employer: null,
  places_jurisdictions: [],
  organizations: [],
  products_markets: [],
  gpt_industries: [],
  gpt_responsibilities: [],
} as unknown as TMe;

describe('profileCompletion', () => {
  it.each([
    [{}, 0],
    [{ location: 'London' }, 13],
    [{ city: 'London', job_title_function: 'Analyst', employer: 'Acme', places_jurisdictions: ['UK'] }, 50],
    [{ location: '  ', employer: '', organizations: ['  '], gpt_industries: [] }, 0],
    [
      {
        location: 'London',
        job_title_function: 'Analyst',
        employer: 'Acme',
        places_jurisdictions: ['UK'],
        organizations: ['FCA'],
        products_markets: ['Bonds'],
        gpt_industries: ['Finance'],
        gpt_responsibilities: ['Research'],
      },
      100,
    ],
  ])('counts the eight fields of %o as %i%%', (fields, expected) => {
    expect(profileCompletion({ ...base, ...fields } as TMe)).toBe(expected);
  });
});

describe('names', () => {
  it('uses initials and full names, falling back to the email', () => {
    expect(initialsOf(base)).toBe('AL');
    expect(initialsOf({ first_name: ' ', last_name: '', email: 'zed@example.com' })).toBe('Z');
    expect(fullName({ first_name: '', last_name: '', email: 'zed@example.com' })).toBe('zed@example.com');
  });
});
