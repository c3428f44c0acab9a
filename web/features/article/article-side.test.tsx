// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ReferenceProvider } from '../../components/ui/references';
import { mergeSources } from '../../lib/article-data';
import { Impact, Takeaways } from './article-side';

afterEach(cleanup);

const sources = mergeSources(
  [
    { number: 1, title: 'Margin requirements for uncleared swaps', source: 'CFTC', date: '2024-03-20', document_id: 10 },
    { number: 2, title: 'Dealers react', source: 'Wire', date: '2024-03-21', document_id: 20 },
  ],
  [],
);

const show = (impact: Parameters<typeof Impact>[0]['impact']) =>
  render(
    <MemoryRouter>
      <ReferenceProvider sources={sources}>
        <Impact impact={impact} />
      </ReferenceProvider>
    </MemoryRouter>,
  );

describe('Impact', () => {
  it('shows why it matters, the severity with its basis, the dates ahead and the names, each claim linked to its references', () => {
    show({
      why_it_matters: { text: 'It names Acme Bank, which you follow.', references: [2] },
      severity: 4,
      confidence: 'medium',
      severity_basis: 'ranked among the most important.',
      entities: [{ name: 'Acme Bank', references: [2] }],
      horizon: [{ date: '2024-05-20', what: 'Comments must be received on or before May 20, 2024.', references: [1] }],
    });
    const card = screen.getByRole('region', { name: 'Why it matters to you' });
    expect(within(card).getByText(/Severity 4\/5/)).toBeTruthy();
    expect(within(card).getByText(/medium confidence: ranked among the most important/)).toBeTruthy();
    expect(within(card).getAllByRole('link', { name: 'Reference 2: Dealers react' })).toHaveLength(2);
    expect(within(card).getByRole('link', { name: 'Reference 1: Margin requirements for uncleared swaps' })).toBeTruthy();
    expect(within(card).getByText(/Comments must be received/)).toBeTruthy();
  });

  it('says why it matters once: not again when it is the takeaway', () => {
    render(
      <MemoryRouter>
        <ReferenceProvider sources={sources}>
          <Impact
            impact={{ why_it_matters: { text: 'It names Acme Bank, which you follow.', references: [2] }, severity: 2, confidence: 'low', severity_basis: 'ranked above 40% of your recent articles.', entities: [], horizon: [] }}
            takeaway="It names Acme Bank, which you follow. [2]"
          />
        </ReferenceProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByText(/It names Acme Bank/)).toBeNull();
  });

  it('is absent for an article without an assessment', () => {
    show(null);
    expect(screen.queryByRole('region', { name: 'Why it matters to you' })).toBeNull();
  });
});

describe('Takeaways', () => {
  const showTakeaway = (value: string, basis: Parameters<typeof Takeaways>[0]['basis']) =>
    render(
      <MemoryRouter>
        <ReferenceProvider sources={sources}>
          <Takeaways value={value} basis={basis} />
        </ReferenceProvider>
      </MemoryRouter>,
    );

  it('is left to the impact card when the server says it is the impact line: the page says the severity once', () => {
    showTakeaway('Severity 2 of 5 for your topic “Swaps” (low confidence): ranked 50 of 100 for relevance and quality.', 'impact');
    expect(screen.queryByRole('region', { name: 'Takeaways' })).toBeNull();
  });

  it('is left to the impact card when it only lists the names the topic follows, which the card shows', () => {
    showTakeaway('It names Acme Bank, which your topic “Swaps” follows. [2]', 'followed_names');
    expect(screen.queryByRole('region', { name: 'Takeaways' })).toBeNull();
  });

  it('shows a takeaway grounded in the documents or in why it matters, and one of an article written before the basis was recorded', () => {
    for (const basis of ['documents', 'why_it_matters', null] as const) {
      const { unmount } = showTakeaway('Watch May 20, 2024: Comments must be received on or before May 20, 2024. [1]', basis);
      expect(within(screen.getByRole('region', { name: 'Takeaways' })).getByText(/Comments must be received/)).toBeTruthy();
      unmount();
    }
  });
});
