import { describe, expect, it } from 'vitest';
import { commentPieces, handleAtCaret, handleOf, mentionHandles } from './comment-text.js';

describe('mentionHandles', () => {
  it('finds each @handle once, lower case, leaving out emails, sentence dots and a lone @', () => {
    expect(mentionHandles('@Ada and @bob.smith, mail carol@example.com. Thanks @ada @Bob.Smith.')).toEqual(['ada', 'bob.smith']);
    expect(mentionHandles('(@dana) "@eve" @ @@frank x@y')).toEqual(['dana', 'eve']);
    expect(mentionHandles('first.last+news@x — @first.last+news!')).toEqual(['first.last+news']);
    expect(mentionHandles('no names at all')).toEqual([]);
  });

  it('reads the handle of an email as its local part', () => {
    expect(handleOf('Ada.Lovelace@Example.com')).toBe('ada.lovelace');
  });
});

describe('commentPieces', () => {
  const join = (pieces: ReturnType<typeof commentPieces>) => pieces.map((p) => p.text).join('');

  it('turns addresses into links and known handles into mentions; the rest stays text, markup included', () => {
    const text = 'Hi @ada, see https://example.com/a?b=1. And <script>alert(1)</script> @nobody www.herald.test/x';
    const pieces = commentPieces(text, ['ada']);
    expect(join(pieces)).toBe(text);
    expect(pieces).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@ada', handle: 'ada' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. And <script>alert(1)</script> @nobody ' },
      { kind: 'link', text: 'www.herald.test/x', href: 'https://www.herald.test/x' },
    ]);
  });

  it('keeps brackets an address opened, drops the ones around it, and never links another scheme', () => {
    expect(commentPieces('(see https://en.wikipedia.org/wiki/Fed_(disambiguation))').filter((p) => p.kind === 'link').map((p) => p.text)).toEqual(['https://en.wikipedia.org/wiki/Fed_(disambiguation)']);
    expect(commentPieces('(https://example.com/x)').map((p) => p.text)).toEqual(['(', 'https://example.com/x', ')']);
    expect(commentPieces('javascript:alert(1) data:text/html,x').every((p) => p.kind === 'text')).toBe(true);
  });

  it('does not make a mention inside an address', () => {
    const pieces = commentPieces('https://example.com/@ada/post', ['ada']);
    expect(pieces.map((p) => p.kind)).toEqual(['link']);
  });
});

describe('handleAtCaret', () => {
  it('names the handle being typed, and nothing inside an email or after a space', () => {
    expect(handleAtCaret('Hello @Ad', 9)).toEqual({ start: 6, query: 'ad' });
    expect(handleAtCaret('@', 1)).toEqual({ start: 0, query: '' });
    expect(handleAtCaret('mail ada@ex', 11)).toBeUndefined();
    expect(handleAtCaret('@ada done', 9)).toBeUndefined();
  });
});
