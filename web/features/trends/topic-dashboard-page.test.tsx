// @vitest-environment jsdom
import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTopicTrends } from '../../../contract/trends';
import { ApiError } from '../../lib/api';
import { makeEmptyTrends, makeTrends } from './test-kit';
import TopicDashboardPage from './topic-dashboard-page';

const calls: string[] = [];
let answer: (path: string) => TTopicTrends;
vi.mock('../../lib/auth-client', () => ({
  authClient: {
    authedApi: vi.fn(async (path: string) => {
      calls.push(path);
      return answer(path);
    }),
  },
}));
const viewing = { userId: undefined as string | undefined, viewed: { topics: [{ id: 7, name: 'Federal Reserve monetary policy' }] } };
vi.mock('../../lib/viewing', () => ({ useViewing: () => viewing, withUser: (path: string, userId?: string) => (userId ? `${path}&user_id=${userId}` : path) }));

beforeEach(() => {
  calls.length = 0;
  viewing.userId = undefined;
  answer = () => makeTrends();
});
afterEach(cleanup);

/** Where the page is: its path and query, as the address bar would show them. */
const at = { path: '' };
function Where() {
  const here = useLocation();
  useEffect(() => {
    at.path = `${here.pathname}${here.search}`;
  });
  return null;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/topics/:id" element={<TopicDashboardPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the topic dashboard', () => {
  it('shows the total with its change, the sources, and every section', async () => {
    renderAt('/topics/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Federal Reserve monetary policy' })).toBeTruthy();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(calls).toEqual(['/topics/7/trends/?range=30d']);
    const data = makeTrends();
    expect(within(totals).getByText(String(data.total))).toBeTruthy();
    expect(within(totals).getByText(`+${Math.round(data.change! * 100)}% vs previous 30 days`)).toBeTruthy();
    expect(within(totals).getByText('News')).toBeTruthy();
    expect(within(totals).getByText('Regulations')).toBeTruthy();
    for (const title of ['Articles per day', 'Spikes', 'Rising names', 'Top stories', 'What changed']) expect(section(title)).toBeTruthy();
    const chart = within(section('Articles per day')).getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(`Stacked bar chart of articles per day by source, Sun, Mar 1, 2026 to Mon, Mar 30, 2026: ${data.total} articles, most on Fri, Mar 20, 2026 (12); 1 spike marked.`);
  });

  it("explains a spike with links to its articles, numbered as its markers", async () => {
    renderAt('/topics/7');
    const spikes = await screen.findByRole('region', { name: 'Spikes' });
    expect(within(spikes).getByRole('heading', { name: 'Mar 20, 2026' })).toBeTruthy();
    expect(within(spikes).getByText('12 articles against a usual 1.6 a day (a spike from above 4.9)')).toBeTruthy();
    const first = within(spikes).getByRole('link', { name: 'Reference 1: Fed holds rates, signals two cuts' });
    expect(first.getAttribute('href')).toBe('/a/101');
    expect(within(spikes).getByRole('link', { name: 'Reference 2: Treasury yields fall after the Fed decision' }).getAttribute('href')).toBe('/a/102');
    // The articles listed under it, in the markers' order.
    const listed = within(spikes).getAllByRole('listitem').filter((li) => li.textContent?.startsWith('['));
    expect(listed.map((li) => li.textContent?.slice(0, 3))).toEqual(['[1]', '[2]']);
    expect(within(spikes).getByRole('link', { name: 'Treasury yields fall after the Fed decision' }).getAttribute('href')).toBe('/a/102');
  });

  it('gives the same figures as a table, and marks the spike buckets in both', async () => {
    renderAt('/topics/7');
    const chartSection = await screen.findByRole('region', { name: 'Articles per day' });
    const data = makeTrends();
    // The bars: one button per day, its figures in its name; a single Tab stop on the latest.
    const bars = within(chartSection).getAllByRole('button').filter((b) => b.hasAttribute('data-bucket'));
    expect(bars).toHaveLength(30);
    expect(bars.filter((b) => b.tabIndex === 0).map((b) => b.dataset.bucket)).toEqual([data.series.at(-1)!.start]);
    expect(bars[19]!.getAttribute('aria-label')).toBe('Fri, Mar 20, 2026: 12 articles (News 9, Regulations 3), spike');
    fireEvent.keyDown(bars[29]!, { key: 'Home' });
    expect(document.activeElement).toBe(bars[0]);
    fireEvent.keyDown(bars[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(bars[1]);
    expect(within(chartSection).getByTestId('chart-readout').textContent).toBe(bars[1]!.getAttribute('aria-label'));
    expect(chartSection.querySelectorAll('[data-spike]')).toHaveLength(1);

    fireEvent.click(within(chartSection).getByRole('button', { name: 'Show as table' }));
    const table = within(chartSection).getByRole('table');
    expect(within(chartSection).queryByRole('img')).toBeNull();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Day', 'Total', 'News', 'Regulations', 'Spike']);
    const rows = within(table).getAllByRole('row').slice(1, -1);
    expect(rows).toHaveLength(30);
    rows.forEach((row, i) => {
      const point = data.series[i]!;
      const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
      expect(cells).toEqual([String(point.total), String(point.by_kind.news ?? 0), String(point.by_kind.regulations ?? 0), i === 19 ? 'Spike' : '']);
      // The bar of the same day said the same total.
      expect(bars[i]!.getAttribute('aria-label')).toContain(`: ${point.total} article`);
    });
    const sums = within(within(table).getAllByRole('row').at(-1)!).getAllByRole('cell').map((c) => c.textContent);
    expect(sums.slice(0, 3)).toEqual([String(data.total), String(data.by_kind.news), String(data.by_kind.regulations)]);
    fireEvent.click(within(chartSection).getByRole('button', { name: 'Show as chart' }));
    expect(within(chartSection).getByRole('img')).toBeTruthy();
  });

  it('lists rising names with their momentum or New, each opening its articles', async () => {
    renderAt('/topics/7');
    const rising = await screen.findByRole('region', { name: 'Rising names' });
    const powell = within(rising).getByRole('button', { name: /Jerome Powell/ });
    expect(powell.textContent).toContain('Entity');
    expect(powell.textContent).toContain('×3.2 vs previous 30 days');
    expect(powell.textContent).toContain('6 articles in the last 7 days · 4 in the 30 days before');
    expect(within(rising).getByRole('button', { name: /Jackson Hole/ }).textContent).toMatch(/PlaceNew/);
    expect(within(rising).queryByRole('link', { name: 'Fed holds rates, signals two cuts' })).toBeNull();
    expect(powell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(powell);
    expect(powell.getAttribute('aria-expanded')).toBe('true');
    expect(within(rising).getByRole('link', { name: 'Fed holds rates, signals two cuts' }).getAttribute('href')).toBe('/a/101');
  });

  it('shows each story’s timeline and the analysis with its references and its writer', async () => {
    renderAt('/topics/7');
    const stories = await screen.findByRole('region', { name: 'Top stories' });
    expect(within(stories).getByRole('heading', { name: 'March FOMC decision' })).toBeTruthy();
    const steps = within(stories).getAllByRole('listitem').slice(1);
    expect(steps.map((s) => s.textContent?.match(/^(First report|Update|Latest)/)?.[0])).toEqual(['First report', 'Update', 'Latest']);
    expect(within(stories).getByRole('link', { name: 'Minutes show debate over the pace of cuts' }).getAttribute('href')).toBe('/a/104');

    const analysis = section('What changed');
    expect(within(analysis).getByRole('link', { name: 'Reference 2: Treasury yields fall after the Fed decision' }).getAttribute('href')).toBe('/a/102');
    expect(within(analysis).getByText(/Written by Herald's built-in analysis/)).toBeTruthy();
  });

  it('switches range in the address and asks again; links keep the viewed user', async () => {
    viewing.userId = 'u-1';
    renderAt('/topics/7');
    const spikes = await screen.findByRole('region', { name: 'Spikes' });
    expect(calls).toEqual(['/topics/7/trends/?range=30d&user_id=u-1']);
    expect(within(spikes).getByRole('link', { name: 'Reference 1: Fed holds rates, signals two cuts' }).getAttribute('href')).toBe('/a/101?user_id=u-1');
    answer = () => ({ ...makeTrends(), range: '7d' });
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(calls).toContain('/topics/7/trends/?range=7d&user_id=u-1'));
    expect(at.path).toBe('/topics/7?range=7d');
    expect((screen.getByRole('radio', { name: '7 days' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(within(section('Totals')).getByText(/vs previous 7 days/)).toBeTruthy());
  });

  it('says what each section will hold when the period is empty', async () => {
    answer = () => ({ ...makeTrends(), spikes: [], rising: [], stories: [], analysis: null });
    renderAt('/topics/7');
    const spikes = await screen.findByRole('region', { name: 'Spikes' });
    expect(spikes.textContent).toContain('No spikes in this period.');
    expect(spikes.textContent).toContain('A spike is a day with far more articles than the 14 days before it.');
    expect(spikes.textContent).toContain('Herald can find spikes for this topic from Mar 15, 2026 on');
    expect(section('Rising names').textContent).toContain('No rising names yet.');
    expect(section('Top stories').textContent).toContain('No stories in this period.');
    expect(section('What changed').textContent).toContain('No analysis for this period yet.');
  });

  it('has one empty state when the period has no articles, and offers a longer one', async () => {
    answer = () => makeEmptyTrends();
    renderAt('/topics/7');
    expect(await screen.findByRole('heading', { name: 'No articles in the last 30 days' })).toBeTruthy();
    expect(screen.getByText('none in the previous 30 days')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Spikes' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    answer = () => ({ ...makeEmptyTrends(), range: '90d' });
    fireEvent.click(screen.getByRole('button', { name: 'Look at 90 days' }));
    await waitFor(() => expect(at.path).toBe('/topics/7?range=90d'));
  });

  it("says so for a topic that is not the reader's", async () => {
    answer = () => {
      throw new ApiError(404, 'Not Found', 'not_found', 'Topic not found');
    };
    renderAt('/topics/99');
    expect(await screen.findByRole('heading', { name: 'Topic not found' })).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});
