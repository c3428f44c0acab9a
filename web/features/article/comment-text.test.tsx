// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommentText } from './comment-text';

afterEach(cleanup);

describe('CommentText', () => {
  it('draws markup as text, links as safe links, and only resolved handles as mentions', () => {
    const { container } = render(<CommentText body={'<img src=x onerror=alert(1)> see https://example.com/x @ada @stranger\n<b>next</b>'} mentions={['ada']} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> see https://example.com/x @ada @stranger\n<b>next</b>');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect([...container.querySelectorAll('[data-mention]')].map((m) => m.textContent)).toEqual(['@ada']);
  });

  it('never links a javascript: address', () => {
    const { container } = render(<CommentText body="javascript:alert(document.cookie)" mentions={[]} />);
    expect(container.querySelector('a')).toBeNull();
  });
});
