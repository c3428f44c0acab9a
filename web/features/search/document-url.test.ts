import { describe, expect, it } from 'vitest';
import { documentRedirectUrl } from './document-url';

describe('documentRedirectUrl', () => {
  it.each([
    ['https://example.org/a', null, 'https://example.org/a'],
    ['https://example.org/a', '  ', 'https://example.org/a'],
    ['https://example.org/a', 'rate cut', 'https://example.org/a#:~:text=rate%20cut'],
    ['https://example.org/a#top', 'A-B, C&D', 'https://example.org/a#top:~:text=A%2DB%2C%20C%26D'],
    [null, 'x', null],
    ['', null, null],
    ['javascript:alert(1)', null, null],
    ['not a url', null, null],
  ])('%j with keyword %j -> %j', (url, keyword, expected) => expect(documentRedirectUrl(url, keyword)).toBe(expected));
});
