// @vitest-environment jsdom
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MentionTextarea } from './mention-textarea';

const asked: string[] = [];
vi.mock('../../lib/auth-client', () => ({
  authClient: {
    authedApi: vi.fn(async (path: string) => {
      asked.push(path);
      return {
        teammates: [
          { id: 'u1', name: 'Ada Admin', handle: 'admin', can_read: true },
          { id: 'u2', name: 'Adam Apart', handle: 'adam', can_read: false },
        ],
      };
    }),
  },
}));

afterEach(() => {
  cleanup();
  asked.length = 0;
});

function Box({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  const [value, setValue] = useState('');
  return <MentionTextarea articleId={7} label="Add a comment" value={value} onChange={setValue} onSubmit={onSubmit} />;
}

function show(onSubmit?: () => void) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Box onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Add a comment' }) as HTMLTextAreaElement;
}

const type = (box: HTMLTextAreaElement, text: string) => fireEvent.change(box, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });

describe('MentionTextarea', () => {
  it('lists teammates after @, moves with the arrows and inserts the chosen handle with Enter', async () => {
    const box = show();
    type(box, 'Hi @ad');
    const list = await screen.findByRole('listbox', { name: 'Teammates to mention' });
    expect(asked.at(-1)).toBe('/articles/7/comments/mentionable/?q=ad');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    expect(options[1]!.textContent).toContain('Cannot see this article yet');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Hi @admin ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes with Escape, keeping the text; Ctrl+Enter submits', async () => {
    const submit = vi.fn();
    const box = show(submit);
    type(box, '@a');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('@a');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(submit).toHaveBeenCalledOnce();
  });
});
