import { describe, expect, it } from 'vitest';
import { fieldFromProperty, fieldsFromSchema, humanise, initialValues, settingsFromValues, splitList } from './schema-form';

/** Settings schemas as z.toJSONSchema writes them for the connectors (with descriptions added). */
const arxiv = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, description: 'An arXiv search query, e.g. cat:cs.CL AND abs:llm.' },
    idList: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Specific arXiv ids.' },
    sortBy: { default: 'lastUpdatedDate', type: 'string', enum: ['lastUpdatedDate', 'submittedDate'] },
    pageSize: { default: 100, type: 'integer', minimum: 1, maximum: 2000 },
    baseUrl: { default: 'https://export.arxiv.org/api/query', type: 'string', format: 'uri' },
  },
};
const secEdgar = {
  type: 'object',
  properties: {
    ciks: { minItems: 1, maxItems: 200, type: 'array', items: { anyOf: [{ type: 'string', pattern: '^\\d{1,10}$' }, { type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991 }] } },
    forms: { type: 'array', items: { type: 'string', minLength: 1 } },
    includeHistory: { default: false, type: 'boolean', description: 'Also read filings before the lookback.' },
    lookbackDays: { default: 30, type: 'integer', minimum: 1, maximum: 36500 },
  },
  required: ['ciks'],
};
const feed = {
  type: 'object',
  properties: {
    url: { type: 'string', format: 'uri', description: 'The feed address.' },
    collectionId: { default: 1, anyOf: [{ type: 'number', const: 1 }, { type: 'number', const: 2 }, { type: 'number', const: 3 }] },
    fullText: { type: 'boolean', description: 'Fetch each item page for its full text.' },
  },
  required: ['url'],
};

describe('fields from a JSON Schema', () => {
  it('names fields for people: camelCase and snake_case split, acronyms kept', () => {
    expect(humanise('maxPagesPerRun')).toBe('Max pages per run');
    expect(humanise('baseUrl')).toBe('Base URL');
    expect(humanise('agency_id')).toBe('Agency ID');
    expect(humanise('ciks')).toBe('CIKs');
    expect(humanise('idList')).toBe('ID list');
    expect(fieldFromProperty('x', { type: 'string', title: 'Search term' }, false).label).toBe('Search term');
  });

  it('maps each type to its input: text, url, integer with bounds, enum select, list, boolean', () => {
    const fields = fieldsFromSchema(arxiv);
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey.query).toMatchObject({ kind: 'text', required: false, help: 'An arXiv search query, e.g. cat:cs.CL AND abs:llm.', advanced: false });
    expect(byKey.idList).toMatchObject({ kind: 'list', itemType: 'string' });
    expect(byKey.sortBy).toMatchObject({ kind: 'select', default: 'lastUpdatedDate', advanced: true });
    expect(byKey.sortBy?.options?.map((o) => o.value)).toEqual(['lastUpdatedDate', 'submittedDate']);
    expect(byKey.pageSize).toMatchObject({ kind: 'number', integer: true, min: 1, max: 2000, default: 100 });
    expect(byKey.baseUrl).toMatchObject({ kind: 'url', advanced: true });
    // The fields to fill come before those with defaults.
    expect(fields.map((f) => f.key)).toEqual(['query', 'idList', 'sortBy', 'pageSize', 'baseUrl']);
  });

  it('reads required, unions of string and integer items, exclusive bounds and anyOf-of-const choices', () => {
    const fields = fieldsFromSchema(secEdgar);
    const ciks = fields.find((f) => f.key === 'ciks');
    expect(ciks).toMatchObject({ kind: 'list', itemType: 'string', required: true, minItems: 1, maxItems: 200 });
    expect(fields.find((f) => f.key === 'includeHistory')).toMatchObject({ kind: 'boolean', default: false, advanced: false });
    expect(fieldFromProperty('n', { type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991 }, false)).toMatchObject({ min: 1 });
    expect(fieldFromProperty('n', { type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991 }, false).max).toBeUndefined();
    const collection = fieldFromProperty('collectionId', feed.properties.collectionId, false);
    expect(collection).toMatchObject({ kind: 'select' });
    expect(collection.options?.map((o) => o.value)).toEqual([1, 2, 3]);
  });

  it('reads nullable properties as their type, enum arrays as a multiselect and objects as JSON', () => {
    expect(fieldFromProperty('term', { anyOf: [{ type: 'string' }, { type: 'null' }] }, false).kind).toBe('text');
    expect(fieldFromProperty('n', { type: ['integer', 'null'], minimum: 2 }, false)).toMatchObject({ kind: 'number', integer: true, min: 2 });
    const types = fieldFromProperty('types', { type: 'array', items: { type: 'string', enum: ['RULE', 'NOTICE'] } }, false);
    expect(types).toMatchObject({ kind: 'multiselect' });
    expect(types.options?.map((o) => o.label)).toEqual(['RULE', 'NOTICE']);
    expect(fieldFromProperty('query', { type: 'object', additionalProperties: {} }, false).kind).toBe('json');
  });

  it('leaves out hidden properties, and has no fields for a schema without properties', () => {
    expect(fieldsFromSchema(feed, { hide: ['collectionId'] }).map((f) => f.key)).toEqual(['url', 'fullText']);
    expect(fieldsFromSchema({})).toEqual([]);
    expect(fieldsFromSchema(null)).toEqual([]);
  });
});

describe('values and settings', () => {
  it('starts from stored settings, else defaults', () => {
    const fields = fieldsFromSchema(arxiv);
    expect(initialValues(fields)).toEqual({ query: '', idList: '', sortBy: 'lastUpdatedDate', pageSize: '100', baseUrl: 'https://export.arxiv.org/api/query' });
    expect(initialValues(fields, { query: 'cat:cs.CL', idList: ['2401.1', '2401.2'], pageSize: 50 })).toMatchObject({ query: 'cat:cs.CL', idList: '2401.1\n2401.2', pageSize: '50' });
    const sec = fieldsFromSchema(secEdgar);
    expect(initialValues(sec, { ciks: ['320193', 789019] })).toMatchObject({ ciks: '320193\n789019', includeHistory: false });
  });

  it('splits lists on lines and commas', () => {
    expect(splitList(' a, b\n\nc ,')).toEqual(['a', 'b', 'c']);
  });

  it('gives the settings back: typed, empty fields and defaults left out', () => {
    const fields = fieldsFromSchema(arxiv);
    const values = { ...initialValues(fields), query: '  cat:cs.CL ', idList: '2401.1, 2401.2', pageSize: '250' };
    expect(settingsFromValues(fields, values)).toEqual({ settings: { query: 'cat:cs.CL', idList: ['2401.1', '2401.2'], pageSize: 250 }, errors: {} });
  });

  it('marks what it cannot take: required, whole numbers, bounds, addresses, list sizes, JSON', () => {
    const sec = fieldsFromSchema(secEdgar);
    expect(settingsFromValues(sec, initialValues(sec)).errors).toEqual({ ciks: 'Required' });
    const arx = fieldsFromSchema(arxiv);
    const base = initialValues(arx);
    expect(settingsFromValues(arx, { ...base, pageSize: '2.5' }).errors).toEqual({ pageSize: 'Enter a whole number' });
    expect(settingsFromValues(arx, { ...base, pageSize: '0' }).errors).toEqual({ pageSize: 'At least 1' });
    expect(settingsFromValues(arx, { ...base, pageSize: '2001' }).errors).toEqual({ pageSize: 'At most 2000' });
    expect(settingsFromValues(arx, { ...base, pageSize: 'many' }).errors).toEqual({ pageSize: 'Enter a number' });
    expect(settingsFromValues(arx, { ...base, baseUrl: 'ftp://example.com' }).errors).toEqual({ baseUrl: 'Enter a full address starting with https://' });
    const numbers = [fieldFromProperty('ids', { type: 'array', items: { type: 'integer' }, maxItems: 2 }, false)];
    expect(settingsFromValues(numbers, { ids: '1, x' }).errors).toEqual({ ids: '"x" is not a whole number' });
    expect(settingsFromValues(numbers, { ids: '1, 2, 3' }).errors).toEqual({ ids: 'At most 2 entries' });
    expect(settingsFromValues(numbers, { ids: '1\n2' }).settings).toEqual({ ids: [1, 2] });
    const json = [fieldFromProperty('query', { type: 'object' }, false)];
    expect(settingsFromValues(json, { query: '{"_gte"' }).errors).toEqual({ query: 'This is not valid JSON' });
    expect(settingsFromValues(json, { query: '{"_gte": {"patent_date": "2024-01-01"}}' }).settings).toEqual({ query: { _gte: { patent_date: '2024-01-01' } } });
  });

  it('keeps the stored settings the form does not show, and sends a ticked box but not an unticked one without default', () => {
    const fields = fieldsFromSchema(feed, { hide: ['collectionId'] });
    const stored = { url: 'https://example.com/feed.xml', collectionId: 2, fullText: true };
    const values = initialValues(fields, stored);
    expect(values).toEqual({ url: 'https://example.com/feed.xml', fullText: true });
    expect(settingsFromValues(fields, values, stored).settings).toEqual(stored);
    expect(settingsFromValues(fields, { ...values, fullText: false }, stored).settings).toEqual({ url: 'https://example.com/feed.xml', collectionId: 2 });
  });

  it('sends a box ticked against its default, and a select set back to not set leaves the setting out', () => {
    const sec = fieldsFromSchema(secEdgar);
    expect(settingsFromValues(sec, { ...initialValues(sec), ciks: '320193', includeHistory: true }).settings).toEqual({ ciks: ['320193'], includeHistory: true });
    const select = [fieldFromProperty('billType', { type: 'string', enum: ['hr', 's'] }, false)];
    expect(settingsFromValues(select, { billType: '' })).toEqual({ settings: {}, errors: {} });
    expect(settingsFromValues(select, { billType: 's' }).settings).toEqual({ billType: 's' });
    const required = [fieldFromProperty('resource', { type: 'string', enum: ['documents', 'dockets'] }, true)];
    expect(settingsFromValues(required, { resource: '' }).errors).toEqual({ resource: 'Choose one' });
  });
});
