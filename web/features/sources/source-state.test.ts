import { describe, expect, it } from 'vitest';
import { attachmentName, splitFieldErrors } from './api';
import { otherKinds } from './add-kind-path';
import { firstChoice } from './add-source-dialog';
import { impactSentence } from './delete-source-dialog';
import { opmlCounts } from './opml-dialog';
import {
  agoLabel,
  filterSources,
  formatDuration,
  formatInterval,
  formatShare,
  kindsIn,
  NO_FILTER,
  pollInterval,
  readInterval,
  readSourceFields,
  stateCounts,
  stateReason,
  untilLabel,
} from './source-state';
import { makeKind, makeSource } from './test-kit';

const sources = [
  makeSource({ id: 1, name: 'Reuters World', url: 'https://feeds.reuters.com/world' }),
  makeSource({ id: 2, name: 'arXiv cs.CL', kind: 'arxiv', kind_label: 'arXiv', url: null, state: 'failing', last_error: 'HTTP 503', consecutive_failures: 3, last_error_at: '2025-05-01T09:55:00Z' }),
  makeSource({ id: 3, name: 'court of appeals', kind: 'court_rss', kind_label: 'Court RSS', url: 'https://ecf.ca9.uscourts.gov/rss', enabled: false, state: 'disabled', disabled_reason: '5 failures in a row' }),
  makeSource({ id: 4, name: 'BBC News', url: 'https://feeds.bbci.co.uk/news/rss.xml', enabled: false, state: 'disabled' }),
];

describe('the state filter', () => {
  it('keeps every source, by name, without a filter', () => {
    expect(filterSources(sources, NO_FILTER).map((s) => s.id)).toEqual([2, 4, 3, 1]);
  });

  it('filters by state, by kind, and by words in the name, address or kind', () => {
    expect(filterSources(sources, { ...NO_FILTER, state: 'disabled' }).map((s) => s.id)).toEqual([4, 3]);
    expect(filterSources(sources, { ...NO_FILTER, state: 'failing' }).map((s) => s.id)).toEqual([2]);
    expect(filterSources(sources, { ...NO_FILTER, kind: 'feed' }).map((s) => s.id)).toEqual([4, 1]);
    expect(filterSources(sources, { ...NO_FILTER, query: 'REUTERS' }).map((s) => s.id)).toEqual([1]);
    expect(filterSources(sources, { ...NO_FILTER, query: 'bbci.co.uk' }).map((s) => s.id)).toEqual([4]);
    expect(filterSources(sources, { ...NO_FILTER, query: '  court   uscourts ' }).map((s) => s.id)).toEqual([3]);
    expect(filterSources(sources, { ...NO_FILTER, query: 'arxiv' }).map((s) => s.id)).toEqual([2]);
    expect(filterSources(sources, { state: 'active', kind: 'feed', query: 'bbc' })).toEqual([]);
  });

  it('counts each state, and the kinds present by label', () => {
    expect(stateCounts(sources)).toEqual({ all: 4, active: 1, failing: 1, disabled: 2 });
    expect(stateCounts(sources, { kind: 'feed', query: '' })).toEqual({ all: 2, active: 1, failing: 0, disabled: 1 });
    expect(stateCounts([])).toEqual({ all: 0, active: 0, failing: 0, disabled: 0 });
    expect(kindsIn(sources)).toEqual([
      { kind: 'arxiv', label: 'arXiv' },
      { kind: 'court_rss', label: 'Court RSS' },
      { kind: 'feed', label: 'RSS / Atom feed' },
    ]);
  });

  it('says why a source fails or is off', () => {
    const now = Date.parse('2025-05-01T10:00:00Z');
    expect(stateReason(sources[0]!, now)).toBeNull();
    expect(stateReason(sources[1]!, now)).toBe('Last run failed 5 min ago (3 failures in a row): HTTP 503');
    expect(stateReason(sources[2]!, now)).toBe('Disabled: 5 failures in a row');
    expect(stateReason(sources[3]!, now)).toBe('Disabled by an operator');
  });
});

describe('polling', () => {
  it('polls every 2 s while a source runs or a run was just asked for, else every 15 s', () => {
    expect(pollInterval(sources)).toBe(15_000);
    expect(pollInterval(sources, true)).toBe(2_000);
    expect(pollInterval([...sources, makeSource({ running: { started_at: '2025-05-01T10:00:00Z', pages: 1, received: 20, inserted: 3 } })])).toBe(2_000);
  });
});

describe('numbers and times', () => {
  const now = Date.parse('2025-05-01T12:00:00Z');
  it('words the 304 share, the schedule and durations', () => {
    expect(formatShare(null)).toBe('—');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(0.004)).toBe('<1%');
    expect(formatShare(0.256)).toBe('26%');
    expect(formatShare(0.996)).toBe('>99%');
    expect(formatShare(1)).toBe('100%');
    expect(formatInterval(15)).toBe('Every 15 min');
    expect(formatInterval(60)).toBe('Every hour');
    expect(formatInterval(90)).toBe('Every 1 h 30 min');
    expect(formatInterval(360)).toBe('Every 6 h');
    expect(formatInterval(1440)).toBe('Every day');
    expect(formatInterval(10080)).toBe('Every 7 days');
    expect(formatDuration('2025-05-01T12:00:00Z', null)).toBe('Running');
    expect(formatDuration('2025-05-01T12:00:00.000Z', '2025-05-01T12:00:00.850Z')).toBe('850 ms');
    expect(formatDuration('2025-05-01T12:00:00Z', '2025-05-01T12:00:12Z')).toBe('12 s');
    expect(formatDuration('2025-05-01T12:00:00Z', '2025-05-01T12:02:05Z')).toBe('2 min 5 s');
    expect(formatDuration('2025-05-01T12:00:00Z', '2025-05-01T13:03:00Z')).toBe('1 h 3 min');
  });

  it('says times relative to now, ahead and past', () => {
    expect(agoLabel(null, now)).toBe('Never');
    expect(agoLabel('2025-05-01T11:59:30Z', now)).toBe('Just now');
    expect(agoLabel('2025-05-01T11:55:00Z', now)).toBe('5 min ago');
    expect(agoLabel('2025-05-01T09:00:00Z', now)).toBe('3 h ago');
    expect(agoLabel('2025-04-30T12:00:00Z', now)).toBe('1 day ago');
    expect(agoLabel('2025-02-01T12:00:00Z', now)).toBe('Feb 1, 2025');
    expect(untilLabel(null, now)).toBe('—');
    expect(untilLabel('2025-05-01T11:00:00Z', now)).toBe('Due now');
    expect(untilLabel('2025-05-01T12:10:00Z', now)).toBe('in 10 min');
    expect(untilLabel('2025-05-01T15:00:00Z', now)).toBe('in 3 h');
    expect(untilLabel('2025-05-03T12:00:00Z', now)).toBe('in 2 days');
  });

  it('reads the interval as typed', () => {
    expect(readInterval('30')).toEqual({ ok: true, value: 30 });
    expect(readInterval('')).toEqual({ ok: false, error: 'Enter a number of minutes' });
    expect(readInterval('1.5')).toEqual({ ok: false, error: 'A whole number of minutes' });
    expect(readInterval('0')).toEqual({ ok: false, error: 'At least 1 minute' });
    expect(readInterval('10081')).toEqual({ ok: false, error: 'At most a week' });
  });

  it('reads the name and interval every source form has, with the errors under the API field names', () => {
    expect(readSourceFields('  Fed press  ', '60')).toEqual({ name: 'Fed press', minutes: 60, errors: {} });
    expect(readSourceFields(' ', 'soon')).toEqual({ name: '', minutes: undefined, errors: { name: 'Give the source a name', interval_minutes: 'Enter a number of minutes' } });
  });
});

describe('the dialogs’ readings', () => {
  it('says exactly what deleting removes', () => {
    expect(impactSentence({ documents: 12, articles: 3 })).toBe('Deletes the source, its 12 documents and the 3 articles written from them. Disable it instead to keep them.');
    expect(impactSentence({ documents: 1, articles: 1 })).toBe('Deletes the source, its 1 document and the 1 article written from it. Disable it instead to keep it.');
    expect(impactSentence({ documents: 5, articles: 0 })).toBe('Deletes the source and its 5 documents; no articles were written from them. Disable it instead to keep them.');
    expect(impactSentence({ documents: 0, articles: 0 })).toBe('Deletes the source. It has no documents yet, so nothing else goes with it.');
    expect(impactSentence({ documents: 1200, articles: 2 }, false)).toBe('Deletes the source, its 1,200 documents and the 2 articles written from them. Leave it disabled instead to keep them.');
  });

  it('offers the addable kinds but the feed under Other source kinds, and picks a feed not added yet first', () => {
    const kinds = [makeKind(), makeKind({ kind: 'pubmed', label: 'PubMed' }), makeKind({ kind: 'demo', label: 'Demo', addable: false }), makeKind({ kind: 'arxiv', label: 'arXiv' })];
    expect(otherKinds(kinds).map((k) => k.kind)).toEqual(['arxiv', 'pubmed']);
    const candidate = (url: string, duplicate: boolean) => ({ url, title: url, format: 'rss2' as const, items: [], duplicate_of: duplicate ? { id: 9, name: 'Old' } : null });
    expect(firstChoice([candidate('a', true), candidate('b', false)])).toBe('b');
    expect(firstChoice([candidate('a', true)])).toBe('a');
    expect(firstChoice([])).toBeNull();
  });

  it('counts an OPML import by status', () => {
    const entry = (status: 'new' | 'duplicate' | 'invalid') => ({ name: 'n', url: 'u', collection_id: 1, status, reason: null });
    expect(opmlCounts([entry('new'), entry('new'), entry('duplicate'), entry('invalid')])).toEqual({ new: 2, duplicate: 1, invalid: 1 });
  });

  it('names the export file from Content-Disposition, else by date', () => {
    expect(attachmentName('attachment; filename="herald-sources.opml"')).toBe('herald-sources.opml');
    expect(attachmentName("attachment; filename*=UTF-8''herald%20sources.opml")).toBe('herald sources.opml');
    expect(attachmentName(null, new Date('2025-05-01T12:00:00Z'))).toBe('herald-sources-2025-05-01.opml');
  });

  it('sends settings.* field messages to the settings form, the rest to their fields', () => {
    expect(splitFieldErrors({ 'settings.url': 'Invalid URL', 'settings.ciks.0': 'Digits only', name: 'Give the source a name' })).toEqual({
      settings: { url: 'Invalid URL', ciks: 'Digits only' },
      other: { name: 'Give the source a name' },
    });
  });
});
