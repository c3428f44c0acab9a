import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, LOGO_MAX_BYTES, type TAccountUser } from '../../../contract/accounts';
import { displayName, duplicateProblem, logoProblem, matchesSearch, roleLabel } from './users';

const user = (over: Partial<TAccountUser>): TAccountUser => ({
  id: '1',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@navy.example',
  title: 'Rear Admiral',
  location: 'Arlington, VA',
  role: 'MEMBER',
  status: 'ACTIVE',
  can_edit: false,
  billing_admin: false,
  invite_info: null,
  ...over,
});

describe('matchesSearch', () => {
  const cases: [string, Partial<TAccountUser>, boolean][] = [
    ['grace hopper', {}, true],
    ['GRACE', {}, true],
    ['navy.example', {}, true],
    ['admiral', {}, true],
    ['arlington', {}, true],
    ['member', {}, true],
    ['admin', { role: 'ADMIN' }, true],
    ['administrator', { role: 'ADMIN' }, true],
    ['administrator', {}, false],
    ['active', {}, true],
    ['invited', {}, false],
    ['Invited', { status: 'INVITED' }, true],
    ['  ', {}, true],
    ['lovelace', {}, false],
  ];
  it.each(cases)('"%s" in %o is %s', (term, over, expected) => {
    expect(matchesSearch(user(over), term)).toBe(expected);
  });
});

describe('duplicateProblem', () => {
  const users = [user({ email: 'grace@navy.example' }), user({ id: '2', email: 'kat@nasa.example', status: 'INVITED' })];
  it('flags members and invited people, whatever the case, once the address has an @', () => {
    expect(duplicateProblem(' Grace@Navy.Example ', users)).toBe(ACCOUNT_TEXT.alreadyMember);
    expect(duplicateProblem('kat@nasa.example', users)).toBe(ACCOUNT_ERRORS.alreadyInvited);
    expect(duplicateProblem('grace', users)).toBeUndefined();
    expect(duplicateProblem('ada@example.com', users)).toBeUndefined();
  });
});

describe('logoProblem', () => {
  it('accepts raster images under 5 MB only', () => {
    expect(logoProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(logoProblem({ type: 'image/jpeg', size: LOGO_MAX_BYTES - 1 })).toBeUndefined();
    expect(logoProblem({ type: 'image/jpeg', size: LOGO_MAX_BYTES })).toBe(ACCOUNT_TEXT.tooLarge);
    expect(logoProblem({ type: 'image/svg+xml', size: 100 })).toBe(ACCOUNT_TEXT.notImage);
    expect(logoProblem({ type: 'text/plain', size: 100 })).toBe(ACCOUNT_TEXT.notImage);
    expect(logoProblem({ type: '', size: 100 })).toBe(ACCOUNT_TEXT.notImage);
  });
});

describe('labels', () => {
  it('names people and roles', () => {
    expect(displayName(user({ first_name: ' ', last_name: '' }))).toBe('grace@navy.example');
    expect(roleLabel(user({ role: 'ADMIN', can_edit: true }))).toBe('Admin');
    expect(roleLabel(user({ role: 'ADMIN', can_edit: false }))).toBe('Admin (view only)');
  });
});
