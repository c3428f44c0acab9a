// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { TArticleSummary } from '../../../contract/feed';
import { HistoryCard } from './history-page';

afterEach(cleanup);

const article: TArticleSummary = {
  id: 7,
  title: 'FOMC statement',
  theme: 'Monetary policy',
  introduction: 'The Committee decided to keep the target range.',
  points: [],
  published_at: '2026-11-26T10:00:00.000Z',
  language: 'en',
  topic: { id: 1, name: 'Federal Reserve monetary policy' },
  rank: 0.5,
  alerted: false,
  catch_up: false,
  original_published_at: '1996-01-31T00:00:00.000Z',
  updated_at: null,
  judgement: null,
};

describe('a Previous Articles card', () => {
  it("shows a replayed document's own date first, as the feed and the article page do", () => {
    render(
      <MemoryRouter>
        <HistoryCard article={article} />
      </MemoryRouter>,
    );
    const line = screen.getByText(/^Published/);
    expect(line.textContent).toMatch(/^Published Jan 31, 1996 · replayed Nov 26, 2026$/);
  });
});
