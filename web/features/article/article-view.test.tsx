// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { TReaderArticle } from '../../../contract/feed';
import { ReferenceProvider } from '../../components/ui/references';
import { mergeSources } from '../../lib/article-data';
import { ArticleBody } from './article-view';

afterEach(cleanup);

const references = [{ number: 1, title: 'Harbour fees', source: 'Port Authority', date: '2024-03-20', document_id: 10 }];
const article = (introduction: string, points: string[]): TReaderArticle => ({
  id: 1,
  title: 'Harbour fees rise',
  theme: 'Harbours',
  introduction,
  points,
  published_at: '2024-03-20T00:00:00Z',
  language: 'en',
  topic: { id: 1, name: 'Harbours' },
  rank: 0.5,
  alerted: false,
  catch_up: false,
  original_published_at: null,
  updated_at: null,
  judgement: null,
  sections: [],
  disclosure: '',
  references,
  documents: [],
  actionable_takeaway: null,
  takeaway_basis: null,
  data_table: null,
  impact: null,
});

const show = (a: TReaderArticle) =>
  render(
    <MemoryRouter>
      <ReferenceProvider sources={mergeSources(references, [])}>
        <ArticleBody article={a} showReferences={false} />
      </ReferenceProvider>
    </MemoryRouter>,
  );

describe('ArticleBody', () => {
  it("reads a one-sentence source's sentence once: no key point repeats the introduction", () => {
    show(article('The port raised mooring fees by ten percent. [1]', ['The port raised mooring fees by ten percent. [1]']));
    expect(screen.getAllByText(/The port raised mooring fees/)).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Key points' })).toBeNull();
  });

  it('lists the points that say more than the introduction', () => {
    show(article('The port raised mooring fees by ten percent. [1]', ['The port raised mooring fees by ten percent. [1]', 'Ferries pay the new fees from June. [1]']));
    expect(screen.getByRole('list', { name: 'Key points' }).textContent).toMatch(/Ferries pay the new fees/);
    expect(screen.getAllByText(/The port raised mooring fees/)).toHaveLength(1);
  });
});
