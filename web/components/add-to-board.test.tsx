// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TBoard } from '../../contract/boards';
import { ApiError } from '../lib/api';
import { AddToBoard } from './add-to-board';
import { ToastProvider } from './ui/toast';

const calls: { path: string; method?: string; body?: unknown }[] = [];
let refuseCreate: ApiError | undefined;
const board = (id: number, name: string, extra: Partial<TBoard> = {}): TBoard => ({
  id,
  name,
  visibility: 'account',
  owner_name: 'Dana Demo',
  mine: true,
  can_manage: true,
  item_count: 2,
  has_article: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
});
vi.mock('../lib/auth-client', () => ({
  authClient: {
    authedApi: vi.fn(async (path: string, options: { method?: string; body?: { name?: string } } = {}) => {
      calls.push({ path, method: options.method, body: options.body });
      if (!options.method) return { boards: [board(1, 'Rates', { has_article: true }), board(2, 'Reading list', { visibility: 'private' })] };
      if (path === '/boards/') {
        if (refuseCreate) throw refuseCreate;
        return board(9, options.body!.name!);
      }
      return { id: 50 };
    }),
  },
}));

beforeAll(() => {
  // jsdom has no modal dialogs: open and close set the attribute, as the browser does.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  cleanup();
  calls.length = 0;
  refuseCreate = undefined;
});

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AddToBoard articleId={7} title="Fed holds rates" />
      </ToastProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add to board: Fed holds rates' }));
  return screen.getByRole('dialog', { name: 'Add to board' });
}

describe('AddToBoard', () => {
  it('lists the boards, the one holding the article marked and not chosen again; a click adds with the note', async () => {
    const dialog = open();
    const list = await within(dialog).findByRole('list', { name: 'Boards' });
    expect(calls[0]!.path).toBe('/boards/?article_id=7');
    const holding = within(list).getByRole('button', { name: /Rates/ });
    expect(holding).toHaveProperty('disabled', true);
    expect(holding.textContent).toContain('On this board');
    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: 'Ask Ada' } });
    fireEvent.click(within(list).getByRole('button', { name: /Reading list/ }));
    await screen.findByText('Added to Reading list.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ path: '/boards/2/items/', method: 'POST', body: { article_id: 7, note: 'Ask Ada' } }]);
  });

  it('makes a new board and adds the article to it; a refusal is shown in the product’s words', async () => {
    const dialog = open();
    await within(dialog).findByRole('list', { name: 'Boards' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New board…' }));
    fireEvent.change(within(dialog).getByLabelText('Board name'), { target: { value: 'Rates' } });
    refuseCreate = new ApiError(409, 'Conflict', 'board_name_taken', 'Your account already has a board with this name.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    await within(dialog).findByText('Your account already has a board with this name.');

    refuseCreate = undefined;
    fireEvent.change(within(dialog).getByLabelText('Board name'), { target: { value: 'CFO brief' } });
    fireEvent.change(within(dialog).getByLabelText('Who sees it'), { target: { value: 'private' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    await screen.findByText('Added to CFO brief.');
    const writes = calls.filter((c) => c.method === 'POST');
    expect(writes.slice(-2)).toEqual([
      { path: '/boards/', method: 'POST', body: { name: 'CFO brief', visibility: 'private' } },
      { path: '/boards/9/items/', method: 'POST', body: { article_id: 7 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to board' })).toBeNull());
  });
});
