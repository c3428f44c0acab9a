// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { AddSourceDialog } from './add-source-dialog';
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

const congress = makeKind({
  kind: 'congress',
  label: 'Congress.gov',
  description: 'Bills of the US Congress.',
  default_collection_id: 5,
  default_interval_minutes: 180,
  settings_schema: {
    type: 'object',
    properties: {
      congress: { type: 'integer', minimum: 93, maximum: 200, description: 'Which Congress, e.g. 119.' },
      billType: { type: 'string', enum: ['hr', 's'], description: 'Only this kind of bill.' },
      committees: { type: 'array', items: { type: 'string' }, description: 'Committee codes.' },
      lookbackDays: { default: 7, type: 'integer', minimum: 1, maximum: 3650, description: 'How far back the first run reads.' },
    },
  },
  keys: [{ env: 'CONGRESS_API_KEY', label: 'Congress.gov API key', required: true, present: false, help: 'Free at api.congress.gov.' }],
});

beforeEach(() => {
  calls.length = 0;
  handler = ({ method, path }) => {
    if (method === 'GET' && path === '/sources/kinds/') return { kinds: [makeKind(), congress, makeKind({ kind: 'demo', label: 'Demo', addable: false })] };
    throw new Error(`no answer for ${method} ${path}`);
  };
});
afterEach(cleanup);

function renderDialog(onAdded = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddSourceDialog open onClose={() => undefined} onAdded={onAdded} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Add source' });
}

describe('Add source: other kinds', () => {
  it('generates the kind’s form: help, bounds, defaults, its keys; Test shows the server’s sentence; field errors sit by their fields', async () => {
    const onAdded = vi.fn();
    const dialog = renderDialog(onAdded);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Other source kinds' }));
    const kinds = await within(dialog).findByRole('list', { name: 'Source kinds' });
    // The feed has its own path and the demo is not addable.
    expect(within(kinds).getAllByRole('button').map((b) => b.querySelector('span')?.textContent)).toEqual(['Congress.gov']);
    expect(within(kinds).getByText('Needs an API key')).toBeTruthy();
    fireEvent.click(within(kinds).getByRole('button', { name: /Congress\.gov/ }));

    // Keys: the missing one and its environment variable.
    const keys = within(dialog).getByRole('region', { name: 'API keys' });
    expect(within(keys).getByText('Missing, required')).toBeTruthy();
    expect(within(keys).getAllByText(/CONGRESS_API_KEY/).length).toBeGreaterThan(0);

    // The generated fields, with their help; the defaulted one is under More settings.
    const congressField = within(dialog).getByRole('spinbutton', { name: 'Congress' });
    expect(congressField.getAttribute('min')).toBe('93');
    expect(within(dialog).getByText('Which Congress, e.g. 119. 93 to 200.')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Bill type' })).toBeTruthy();
    expect(within(dialog).getByText('Committee codes. One per line, or separated by commas.')).toBeTruthy();
    const more = within(dialog).getByRole('button', { name: /More settings/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect((within(dialog).getByRole('spinbutton', { name: 'Lookback days' }) as HTMLInputElement).value).toBe('7');
    // Defaults of the kind: its collection and schedule.
    expect((within(dialog).getByRole('combobox', { name: 'Collection' }) as HTMLSelectElement).value).toBe('5');
    expect((within(dialog).getByRole('spinbutton', { name: 'Check every (minutes)' }) as HTMLInputElement).value).toBe('180');

    // A value out of bounds is marked before any call.
    fireEvent.change(congressField, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    expect(await within(dialog).findByText('At least 93')).toBeTruthy();
    expect(calls.some((c) => c.path === '/sources/preview/')).toBe(false);

    // Test: the server's sentence for a missing key.
    handler = ({ path }) => {
      if (path === '/sources/preview/') throw new ApiError(400, 'Bad Request', 'source_key_missing', 'Congress.gov needs an API key: set CONGRESS_API_KEY and restart Herald.');
      throw new Error(path);
    };
    fireEvent.change(congressField, { target: { value: '119' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Committees' }), { target: { value: 'hsju, ssju' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    expect(await within(dialog).findByText('Congress.gov needs an API key: set CONGRESS_API_KEY and restart Herald.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/sources/preview/')!.body).toEqual({ kind: 'congress', settings: { congress: 119, committees: ['hsju', 'ssju'] } });

    // Save: a name is needed; then the API's field messages land beside the fields.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add source' }));
    expect(await within(dialog).findByText('Give the source a name')).toBeTruthy();
    handler = ({ path }) => {
      if (path === '/sources/') throw new ApiError(400, 'Bad Request', 'validation_failed', 'Check the settings', { 'settings.billType': ['Not a bill type'], interval_minutes: ['At most a week'] });
      throw new Error(path);
    };
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Judiciary bills' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add source' }));
    expect(await within(dialog).findByText('Not a bill type')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Bill type' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('At most a week')).toBeTruthy();
    expect(within(dialog).getByText('Check the settings')).toBeTruthy();

    const created = makeSource({ id: 9, kind: 'congress', name: 'Judiciary bills' });
    handler = () => created;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add source' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
    expect(calls.at(-1)!.body).toEqual({ kind: 'congress', name: 'Judiciary bills', settings: { congress: 119, committees: ['hsju', 'ssju'] }, collection_id: 5, interval_minutes: 180, enabled: true });
  });

  it('shows the server’s sentence when no feed is found, and a duplicate cannot be added again', async () => {
    const dialog = renderDialog();
    handler = ({ path }) => {
      if (path === '/sources/kinds/') return { kinds: [makeKind()] };
      if (path === '/sources/discover/') throw new ApiError(422, 'Unprocessable Entity', 'feed_not_found', 'No feed found at https://example.org: the page links to none.');
      throw new Error(path);
    };
    fireEvent.change(within(dialog).getByLabelText(/Site or feed address/), { target: { value: 'https://example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find feeds' }));
    expect(await within(dialog).findByText('No feed found at https://example.org: the page links to none.')).toBeTruthy();

    handler = ({ path }) => {
      if (path === '/sources/discover/') return { candidates: [{ url: 'https://example.org/feed', title: 'Example', format: 'rss2', items: [], duplicate_of: { id: 3, name: 'Example (old)' } }] };
      throw new Error(path);
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find feeds' }));
    expect(await within(dialog).findByText('Already added as Example (old)')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Add feed' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
