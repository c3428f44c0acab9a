import type { TSource, TSourceKind } from '../../../contract/sources';

/** A source as GET /sources/ answers it, for the tests. */
export function makeSource(overrides: Partial<TSource> = {}): TSource {
  return {
    id: 1,
    kind: 'feed',
    kind_label: 'RSS / Atom feed',
    name: 'Example News',
    collection_id: 1,
    settings: { url: 'https://example.com/feed.xml' },
    url: 'https://example.com/feed.xml',
    enabled: true,
    state: 'active',
    disabled_reason: null,
    interval_minutes: 30,
    last_run_at: '2025-05-01T10:00:00Z',
    last_success_at: '2025-05-01T10:00:00Z',
    next_run_at: '2025-05-01T10:30:00Z',
    last_error: null,
    last_error_at: null,
    consecutive_failures: 0,
    documents: 120,
    stored_last_run: 4,
    stored_24h: 37,
    not_modified_share: 0.25,
    running: null,
    created_at: '2025-04-01T09:00:00Z',
    ...overrides,
  };
}

export function makeKind(overrides: Partial<TSourceKind> = {}): TSourceKind {
  return {
    kind: 'feed',
    label: 'RSS / Atom feed',
    description: 'A syndication feed.',
    default_collection_id: 1,
    default_interval_minutes: 30,
    settings_schema: { type: 'object', properties: { url: { type: 'string', format: 'uri', description: 'The feed address.' } }, required: ['url'] },
    keys: [],
    addable: true,
    ...overrides,
  };
}

/** jsdom has no modal dialogs: open and close set the attribute, as the browser does. */
export function installDialogPolyfill(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
