// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TJudgement } from '../../contract/judgement-text';
import { ApiError } from '../lib/api';
import { JudgementButtons } from './judgement-buttons';
import { ToastProvider } from './ui/toast';

const calls: { path: string; method?: string; body?: unknown }[] = [];
let failWith: Error | undefined;
/** While set, answers wait for it: what the reader sees before the server has answered. */
let gate: Promise<void> | undefined;
vi.mock('../lib/auth-client', () => ({
  authClient: {
    authedApi: vi.fn(async (path: string, options: { method?: string; body?: { judgement: TJudgement } } = {}) => {
      calls.push({ path, method: options.method, body: options.body });
      await gate;
      if (failWith) throw failWith;
      return { article_id: 7, topic: { id: 3, name: 'Monetary policy' }, judgement: options.method === 'DELETE' ? null : options.body!.judgement };
    }),
  },
}));
const viewing = { me: { is_superuser: false }, isImpersonating: false };
vi.mock('../lib/viewing', () => ({ useViewing: () => viewing, withUser: (path: string) => path }));

afterEach(() => {
  cleanup();
  calls.length = 0;
  failWith = undefined;
  viewing.isImpersonating = false;
});

const article = { id: 7, judgement: null, topic: { id: 3, name: 'Monetary policy' } };

/** The same article twice, as Top News and Latest show it. */
function renderTwice(props: Partial<Parameters<typeof JudgementButtons>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <div data-testid="top">
          <JudgementButtons article={article} {...props} />
        </div>
        <div data-testid="latest">
          <JudgementButtons article={article} />
        </div>
      </ToastProvider>
    </QueryClientProvider>,
  );
  const buttons = (where: string) => ({ more: within(screen.getByTestId(where)).getByRole('button', { name: 'More like this' }), less: within(screen.getByTestId(where)).getByRole('button', { name: 'Less like this' }) });
  return { top: buttons('top'), latest: () => buttons('latest') };
}

describe('JudgementButtons', () => {
  it('presses the chosen one everywhere the article is shown, switches, and undoes on a second click', async () => {
    const { top, latest } = renderTwice();
    expect(top.less.getAttribute('aria-pressed')).toBe('false');
    let answer = () => {};
    gate = new Promise((resolve) => (answer = resolve));
    fireEvent.click(top.less);
    await waitFor(() => expect(latest().less.getAttribute('aria-pressed')).toBe('true'));
    // One change at a time: a click while it is saved is ignored.
    fireEvent.click(top.more);
    answer();
    gate = undefined;
    expect(await screen.findByText('Herald will show less like this in Monetary policy')).toBeTruthy();
    expect(calls).toEqual([{ path: '/articles/7/judgement/', method: 'PUT', body: { judgement: 'less' } }]);

    fireEvent.click(latest().more);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(top.more.getAttribute('aria-pressed')).toBe('true');
    expect(top.less.getAttribute('aria-pressed')).toBe('false');
    await screen.findByText('Herald will show more like this in Monetary policy');

    fireEvent.click(top.more);
    await waitFor(() => expect(calls.at(-1)).toEqual({ path: '/articles/7/judgement/', method: 'DELETE', body: undefined }));
    await screen.findByText('Undone: this article no longer steers Monetary policy');
    expect(top.more.getAttribute('aria-pressed')).toBe('false');
  });

  it('puts the choice back and says so when it cannot be saved', async () => {
    const { top } = renderTwice();
    failWith = new ApiError(500, 'Internal Server Error', 'internal_error', 'An unexpected error occurred.');
    fireEvent.click(top.more);
    expect(await screen.findByText('Herald could not save that. Please try again.')).toBeTruthy();
    expect(top.more.getAttribute('aria-pressed')).toBe('false');
    // A refusal is told in the server's words.
    failWith = new ApiError(403, 'Forbidden', 'forbidden', 'Previewing is read-only.');
    fireEvent.click(top.less);
    expect(await screen.findByText('Previewing is read-only.')).toBeTruthy();
  });

  it("applies a judgement an email link asked for once, and shows nothing in an admin's read-only preview", async () => {
    const handled = vi.fn();
    const { top } = renderTwice({ requested: 'more', onRequestHandled: handled });
    await waitFor(() => expect(top.more.getAttribute('aria-pressed')).toBe('true'));
    expect(calls).toEqual([{ path: '/articles/7/judgement/', method: 'PUT', body: { judgement: 'more' } }]);
    expect(handled).toHaveBeenCalledTimes(1);
    cleanup();

    viewing.isImpersonating = true;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <JudgementButtons article={article} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'More like this' })).toBeNull();
  });
});
