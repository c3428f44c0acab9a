// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTrendsOverview } from '../../../contract/trends';
import { makeOverview } from './test-kit';
import TrendsPage from './trends-page';

const calls: string[] = [];
let answer: (path: string) => TTrendsOverview;
vi.mock('../../lib/auth-client', () => ({
  authClient: {
    authedApi: vi.fn(async (path: string) => {
      calls.push(path);
      return answer(path);
    }),
  },
}));
vi.mock('../../lib/viewing', () => ({ useViewing: () => ({ userId: undefined, viewed: { first_name: 'Dana' }, isImpersonating: false }), withUser: (path: string) => path }));

beforeEach(() => {
  calls.length = 0;
  answer = () => makeOverview();
});
afterEach(cleanup);

function renderPage(path = '/trends') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <TrendsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the trends overview', () => {
  it('has a card per topic: its dashboard, total, change, sparkline with its figures, spikes and rising names', async () => {
    renderPage();
    const fed = await screen.findByRole('article', { name: 'Federal Reserve monetary policy' });
    expect(calls).toEqual(['/trends/?range=30d']);
    expect(within(fed).getByRole('link', { name: 'Federal Reserve monetary policy' }).getAttribute('href')).toBe('/topics/7');
    expect(fed.textContent).toContain('50 articles in the last 30 days');
    expect(within(fed).getByText('+25% vs previous 30 days')).toBeTruthy();
    expect(within(fed).getByRole('img').getAttribute('aria-label')).toBe('Articles per day, Sun, Mar 1, 2026 to Mon, Mar 30, 2026: 41 in all, most on Fri, Mar 20, 2026 (12).');
    expect(within(fed).getByText('Most on Fri, Mar 20, 2026: 12 articles')).toBeTruthy();
    expect(within(fed).getByText('1, latest Mar 20, 2026 (12 articles)')).toBeTruthy();
    expect(within(fed).getByText('Jerome Powell, Jackson Hole')).toBeTruthy();
    // The spike is a dot on the line.
    expect(within(fed).getByRole('img').querySelectorAll('circle')).toHaveLength(1);

    const wind = screen.getByRole('article', { name: 'Offshore wind permitting' });
    expect(within(wind).getByText('none in the previous 30 days')).toBeTruthy();
    expect(within(wind).getByText('None in the last 30 days')).toBeTruthy();
    expect(within(wind).getByText('None')).toBeTruthy();
    expect(within(wind).getByText('No names on the rise')).toBeTruthy();
  });

  it('switches range, and the cards link to the dashboard in that range', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'Offshore wind permitting' });
    answer = () => ({ ...makeOverview(), range: '7d' });
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(calls).toEqual(['/trends/?range=30d', '/trends/?range=7d']));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Offshore wind permitting' }).getAttribute('href')).toBe('/topics/8?range=7d'));
  });

  it('says what will appear when the reader has no topics', async () => {
    answer = () => makeOverview({ topics: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No topics yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add topics' }).getAttribute('href')).toBe('/topics');
  });
});
