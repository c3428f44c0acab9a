// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSource } from '../../../contract/sources';
import { ToastProvider } from '../../components/ui/toast';
import SourcesPage from './sources-page';
import { installDialogPolyfill, makeKind, makeSource } from './test-kit';

type Call = { method: string; path: string; body: unknown };
const calls: Call[] = [];
let handler: (call: Call) => unknown;

vi.mock('../../lib/auth-client', () => ({
  authClient: {
    authedApi: vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
      const call = { method: options.method ?? (options.body === undefined ? 'GET' : 'POST'), path, body: options.body };
      calls.push(call);
      return handler(call);
    }),
  },
}));

beforeAll(installDialogPolyfill);

let sources: TSource[];
beforeEach(() => {
  calls.length = 0;
  sources = [
    makeSource({ id: 1, name: 'Reuters World', url: 'https://feeds.reuters.com/world', settings: { url: 'https://feeds.reuters.com/world' } }),
    makeSource({ id: 2, name: 'arXiv cs.CL', kind: 'arxiv', kind_label: 'arXiv', url: null, state: 'failing', last_error: 'HTTP 503 from export.arxiv.org', consecutive_failures: 2, last_error_at: new Date().toISOString() }),
    makeSource({ id: 3, name: 'Old court feed', kind: 'court_rss', kind_label: 'Court RSS', enabled: false, state: 'disabled', disabled_reason: '5 failures in a row' }),
  ];
  handler = ({ method, path }) => {
    if (method === 'GET' && path === '/sources/') return { sources };
    if (method === 'GET' && path === '/sources/kinds/') return { kinds: [makeKind()] };
    if (method === 'GET' && /^\/sources\/\d+\/impact\/$/.test(path)) return { documents: 120, articles: 3 };
    if (method === 'GET' && /^\/sources\/\d+\/$/.test(path)) return { source: sources.find((s) => path === `/sources/${s.id}/`), runs: [] };
    throw new Error(`no answer for ${method} ${path}`);
  };
});
afterEach(cleanup);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SourcesPage />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const rows = () => screen.getAllByTestId('source-row');

describe('the Sources page', () => {
  it('lists the sources with counts per state, filters by state and search', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const states = screen.getByRole('group', { name: 'Filter by state' });
    expect(within(states).getByRole('button', { name: /3\s*All sources/ })).toBeTruthy();
    expect(within(states).getByRole('button', { name: /1\s*Failing/ })).toBeTruthy();
    // The failing source says why, under its row.
    expect(screen.getByText('HTTP 503 from export.arxiv.org')).toBeTruthy();
    expect(screen.getByText('Disabled: 5 failures in a row')).toBeTruthy();

    fireEvent.click(within(states).getByRole('button', { name: /Failing/ }));
    expect(rows()).toHaveLength(1);
    expect(screen.getByText('Showing 1 of 3 sources')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rows()).toHaveLength(3);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search sources' }), { target: { value: 'reuters.com' } });
    expect(rows()).toHaveLength(1);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search sources' }), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No sources match these filters.')).toBeTruthy();
  });

  it('says so when there is no source yet, and when the list cannot be loaded', async () => {
    sources = [];
    renderPage();
    expect(await screen.findByText('No sources yet')).toBeTruthy();
    cleanup();
    handler = () => {
      throw Object.assign(new Error('Only superusers can do this'), { name: 'ApiError' });
    };
    renderPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('deletes after saying what goes with the source', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Reuters World' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Reuters World?' });
    await within(dialog).findByText('Deletes the source, its 120 documents and the 3 articles written from them. Disable it instead to keep them.');

    handler = ({ method, path }) => {
      if (method === 'DELETE' && path === '/sources/1/') {
        sources = sources.filter((s) => s.id !== 1);
        return { deleted: true, documents_deleted: 120, articles_deleted: 3 };
      }
      if (path === '/sources/') return { sources };
      throw new Error(`no answer for ${method} ${path}`);
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete source' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(await screen.findByText('Deleted Reuters World with 120 documents and 3 articles.')).toBeTruthy();
  });

  it('runs a source now and shows its progress while it runs', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const base = handler;
    handler = (call) => {
      if (call.method === 'POST' && call.path === '/sources/1/run/') {
        sources = sources.map((s) => (s.id === 1 ? { ...s, running: { started_at: new Date().toISOString(), pages: 1, received: 20, inserted: 3 } } : s));
        return { queued: true, already_running: false };
      }
      return base(call);
    };
    const row = rows().find((r) => r.dataset.sourceId === '1')!;
    expect(within(row).getByText('Reuters World')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Run now' }));
    });
    expect(await screen.findByText('Running: 1 page, 20 items, 3 stored')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/sources/1/run/')).toBe(true);
  });

  it('disables a source from its actions', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const base = handler;
    handler = (call) => {
      if (call.method === 'PATCH' && call.path === '/sources/1/') {
        expect(call.body).toEqual({ enabled: false });
        sources = sources.map((s) => (s.id === 1 ? { ...s, enabled: false, state: 'disabled' as const } : s));
        return sources[0];
      }
      return base(call);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Reuters World' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Disable' }));
    expect(await screen.findByText('Disabled Reuters World. Its documents stay.')).toBeTruthy();
    const states = screen.getByRole('group', { name: 'Filter by state' });
    await waitFor(() => expect(within(states).getByRole('button', { name: /2\s*Disabled/ })).toBeTruthy());
  });
});

describe('Edit', () => {
  it('sends only what changed, with the settings from the generated form', async () => {
    const base = handler;
    handler = (call) => {
      if (call.method === 'GET' && call.path === '/sources/kinds/') {
        return {
          kinds: [
            makeKind({
              settings_schema: {
                type: 'object',
                properties: { url: { type: 'string', format: 'uri' }, collectionId: { default: 1, anyOf: [{ const: 1 }, { const: 2 }] }, fullText: { type: 'boolean', default: false, description: 'Read each page.' } },
                required: ['url'],
              },
            }),
          ],
        };
      }
      if (call.method === 'PATCH') return { ...sources[0], name: 'Reuters' };
      return base(call);
    };
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Reuters World' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reuters World' });
    const url = await within(dialog).findByRole('textbox', { name: 'URL' });
    expect((url as HTMLInputElement).value).toBe('https://feeds.reuters.com/world');
    // The collection is the source's own field, not a setting.
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(1);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Reuters' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Full text' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/sources/1/', body: { name: 'Reuters', settings: { url: 'https://feeds.reuters.com/world', fullText: true } } });
    expect(await screen.findByText('Saved Reuters.')).toBeTruthy();
  });
});

describe('Add source', () => {
  it('finds the feed of a page, prefills its name and adds it with the chosen settings', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const base = handler;
    const created = makeSource({ id: 7, name: 'Example Blog', url: 'https://example.com/feed.xml' });
    handler = (call) => {
      if (call.method === 'POST' && call.path === '/sources/discover/') {
        return {
          candidates: [
            { url: 'https://example.com/comments.xml', title: 'Comments', format: 'rss2', items: [], duplicate_of: { id: 1, name: 'Reuters World' } },
            { url: 'https://example.com/feed.xml', title: 'Example Blog', format: 'atom', items: [{ title: 'Hello world', url: 'https://example.com/hello', published_at: '2025-05-01T10:00:00Z', excerpt: 'First post' }], duplicate_of: null },
          ],
        };
      }
      if (call.method === 'POST' && call.path === '/sources/') {
        sources = [...sources, created];
        return created;
      }
      return base(call);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Add source' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add source' });
    fireEvent.change(within(dialog).getByLabelText(/Site or feed address/), { target: { value: 'https://example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find feeds' }));

    await within(dialog).findByText('Found 2 feeds: pick one');
    expect(within(dialog).getByText('Already added as Reuters World')).toBeTruthy();
    expect(within(dialog).getByText('Hello world')).toBeTruthy();
    // The feed not added yet is picked, its title is the name.
    expect((within(dialog).getByRole('radio', { name: /Example Blog/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Example Blog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Fetch full article text' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Check every (minutes)' }), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add feed' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/sources/')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/sources/')!.body).toEqual({
      kind: 'feed',
      name: 'Example Blog',
      settings: { url: 'https://example.com/feed.xml', fullText: true },
      collection_id: 1,
      interval_minutes: 15,
      enabled: true,
    });
    await waitFor(() => expect(rows()).toHaveLength(4));
  });
});
