import { describe, expect, it } from 'vitest';
import { capitalise } from './text';

describe('capitalise', () => {
  it.each([
    ['offshore wind permitting in the North Sea', 'Offshore wind permitting in the North Sea'],
    ['  iPhone sales', 'IPhone sales'],
    ['écoles', 'Écoles'],
    ['', ''],
  ])('%j -> %j', (input, expected) => expect(capitalise(input)).toBe(expected));
});
