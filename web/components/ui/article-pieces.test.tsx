// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeSources } from '../../lib/article-data';
import { KeyMetricsTable } from './key-metrics-table';
import { Markdown, safeUrl } from './markdown';
import { MarkedText, ReferenceProvider } from './references';

afterEach(cleanup);

const sources = mergeSources(
  [
    { number: 1, title: 'FOMC statement', source: 'Federal Reserve', date: '2024-03-20', document_id: 'doc-10-1' },
    { number: 2, title: 'Market wrap', source: 'Wire', date: '2024-03-19', document_id: 30 },
  ],
  [
    { document_id: 'doc-10-1', initial_reference_number: 1, final_reference_number: 1, was_cited: true },
    { document_id: 20, title: 'Uncited background', initial_reference_number: 2, was_cited: false },
    { document_id: 30, initial_reference_number: 3, final_reference_number: 2, was_cited: true },
  ],
);

describe('reference markers', () => {
  it('link each [n] to its document page in a new tab, resolved by final number, with a card on hover', () => {
    render(
      <ReferenceProvider sources={sources}>
        <p>
          <MarkedText text="Rates rose [1] as expected [2], see [9]." />
        </p>
      </ReferenceProvider>,
    );
    const first = screen.getByRole('link', { name: 'Reference 1: FOMC statement' });
    // The reader view strips the '-number' suffix of the id.
    expect(first.getAttribute('href')).toBe('/d/doc-10');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(first.getAttribute('rel')).toContain('noopener');
    // [2] is the second cited source (final number 2), not the uncited second document.
    expect(screen.getByRole('link', { name: 'Reference 2: Market wrap' }).getAttribute('href')).toBe('/d/30');
    // No source for [9]: plain text.
    expect(screen.queryByRole('link', { name: /Reference 9/ })).toBeNull();
    expect(screen.getByText('[9]')).toBeTruthy();

    fireEvent.mouseEnter(first);
    const card = screen.getByRole('tooltip');
    expect(card.textContent).toContain('FOMC statement');
    expect(card.textContent).toContain('Federal Reserve · Mar 20, 2024');
    expect(first.getAttribute('aria-describedby')).toBe(card.id);
    fireEvent.mouseLeave(first);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keep the card of a focused marker while the page scrolls it into view, and close it once the marker leaves', () => {
    render(
      <ReferenceProvider sources={sources}>
        <MarkedText text="Rates rose [1]." />
      </ReferenceProvider>,
    );
    const marker = screen.getByRole('link', { name: 'Reference 1: FOMC statement' });
    const at = (top: number) => (marker.getBoundingClientRect = () => ({ top, bottom: top + 16, left: 20, right: 36, width: 16, height: 16, x: 20, y: top, toJSON: () => ({}) }));
    at(400);
    fireEvent.focus(marker);
    at(200);
    fireEvent.scroll(window);
    expect(screen.getByRole('tooltip').style.top).toBe('194px');
    at(-100);
    fireEvent.scroll(window);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('Markdown', () => {
  it('renders GitHub markdown with markers as reference links, outside code and links', () => {
    render(
      <ReferenceProvider sources={sources}>
        <Markdown text={'**Rates** rose [1][2].\n\n- point with `[1]` in code\n- [a link](https://example.com/x) and [2]'} />
      </ReferenceProvider>,
    );
    expect(screen.getByText('Rates').tagName).toBe('STRONG');
    expect(screen.getAllByRole('link', { name: /^Reference 1/ })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: /^Reference 2/ })).toHaveLength(2);
    expect(screen.getByText('[1]', { selector: 'code' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'a link' });
    expect(link.getAttribute('href')).toBe('https://example.com/x');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('keeps only http, https, irc, ircs, mailto and xmpp links', () => {
    render(<Markdown text={'[ok](https://a.test) [mail](mailto:a@b.test) [chat](xmpp:a@b.test) [irc](ircs://irc.test/x) [bad](javascript:alert(1)) [data](data:text/html,x) [rel](/a/1)'} />);
    expect(screen.getByRole('link', { name: 'ok' }).getAttribute('href')).toBe('https://a.test');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@b.test');
    expect(screen.getByRole('link', { name: 'chat' }).getAttribute('href')).toBe('xmpp:a@b.test');
    expect(screen.getByRole('link', { name: 'irc' }).getAttribute('href')).toBe('ircs://irc.test/x');
    expect(screen.getByRole('link', { name: 'rel' }).getAttribute('href')).toBe('/a/1');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull();
  });

  it.each([
    ['https://x.test', 'https://x.test'],
    ['HTTP://x.test', 'HTTP://x.test'],
    ['irc://x', 'irc://x'],
    ['javascript:alert(1)', ''],
    ['JaVaScRiPt:alert(1)', ''],
    ['vbscript:x', ''],
    ['ftp://x.test', ''],
    ['/d/1?x=a:b', '/d/1?x=a:b'],
    ['#ref', '#ref'],
    ['relative/path', 'relative/path'],
  ])('safeUrl(%s) = %j', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });
});

describe('KeyMetricsTable', () => {
  const table = {
    columns: ['Metric', 'Value', 'Unit', 'Geo', 'Confidence', 'Citations', 'Notes'],
    rows: [
      ['Rate rise', '25', 'basis points', 'United States', 'high', '1', 'ignored'],
      { metric: 'Arrivals', VALUE: '7,000', confidence: 'Medium', citations: [2] },
      ['Outlook', '2', 'percent', '', 'low', '', ''],
    ],
  };

  it('shows recognised columns with confidence colours and cited markers', () => {
    render(
      <ReferenceProvider sources={sources}>
        <KeyMetricsTable table={JSON.stringify(table)} />
      </ReferenceProvider>,
    );
    const grid = screen.getByRole('table');
    expect(within(grid).getByText('Structured highlights extracted from the article')).toBeTruthy();
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Metric', 'Value', 'Unit', 'Geography', 'Confidence', 'Citations']);
    expect(within(grid).getByText('high').className).toContain('emerald');
    expect(within(grid).getByText('Medium').className).toContain('amber');
    expect(within(grid).getByText('low').className).toContain('slate');
    expect(within(grid).getByRole('link', { name: 'Reference 2: Market wrap' })).toBeTruthy();
    expect(within(grid).queryByText('ignored')).toBeNull();
  });

  it('folds details under the metric in the compact form', () => {
    render(<KeyMetricsTable table={table} compact />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Metric', 'Value', 'ConfidenceConf.']);
    expect(screen.getByText('United States')).toBeTruthy();
    expect(screen.getByText('basis points')).toBeTruthy();
  });

  it('is hidden when nothing can be read', () => {
    const { container } = render(
      <>
        <KeyMetricsTable table="{not json" />
        <KeyMetricsTable table={{ columns: ['Notes'], rows: [['x']] }} />
        <KeyMetricsTable table={{ columns: ['Metric'], rows: [] }} />
        <KeyMetricsTable table={null} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('KeyMetricsTable dates', () => {
  it('shows ISO dates as short dates and other periods as written', () => {
    render(<KeyMetricsTable table={{ columns: ['Metric', 'Date', 'Period'], rows: [['Rate', '2024-03-20', 'Q1 2024'], ['Other', 'next spring', '']] }} />);
    expect(screen.getByText('Mar 20, 2024')).toBeTruthy();
    expect(screen.getByText('Q1 2024')).toBeTruthy();
    expect(screen.getByText('next spring')).toBeTruthy();
  });
});
