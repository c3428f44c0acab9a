/**
 * A source kind's settings form, generated from its JSON Schema (draft 2020-12, as GET
 * /sources/kinds/ gives it): which input each property gets, the form's values from stored
 * settings or defaults, and the settings back from the form, checked as far as the schema says.
 */

export type FieldKind = 'text' | 'url' | 'date' | 'number' | 'boolean' | 'select' | 'multiselect' | 'list' | 'json';

export interface FieldOption {
  value: string | number | boolean;
  label: string;
}

export interface FieldSpec {
  key: string;
  label: string;
  /** The property's description: its help text. */
  help?: string;
  kind: FieldKind;
  required: boolean;
  /** number: whole numbers only. */
  integer?: boolean;
  min?: number;
  max?: number;
  /** select and multiselect. */
  options?: FieldOption[];
  /** list: what each entry is. */
  itemType?: 'string' | 'number' | 'integer';
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  placeholder?: string;
  /** Has a default, is not required and is not a checkbox: shown under 'More settings'. */
  advanced: boolean;
}

/** What the form holds per field: text as typed, a checkbox, or the picked options. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

const ACRONYMS: Record<string, string> = { url: 'URL', urls: 'URLs', id: 'ID', ids: 'IDs', api: 'API', cik: 'CIK', ciks: 'CIKs', rss: 'RSS', opml: 'OPML', uspto: 'USPTO', sec: 'SEC', json: 'JSON' };

/** 'maxPagesPerRun' -> 'Max pages per run', 'baseUrl' -> 'Base URL', 'agency_id' -> 'Agency ID'. */
export function humanise(key: string): string {
  const parts = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((part) => part.toLowerCase());
  return parts.map((part, index) => ACRONYMS[part] ?? (index === 0 ? part[0]!.toUpperCase() + part.slice(1) : part)).join(' ');
}

/** The schema without `null` alternatives (an optional-and-nullable property reads as optional). */
function withoutNull(schema: Schema): Schema {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (!Array.isArray(options)) continue;
    const rest = options.filter((option) => !(isSchema(option) && option.type === 'null'));
    if (rest.length === 1 && isSchema(rest[0])) {
      const { [key]: _drop, ...others } = schema;
      return { ...others, ...rest[0] };
    }
    if (rest.length !== options.length) return { ...schema, [key]: rest };
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    return { ...schema, type: types.length === 1 ? types[0] : types };
  }
  return schema;
}

/** A fixed set of values: `enum`, or `anyOf`/`oneOf` of `const`s (each with its title when given). */
function choicesOf(schema: Schema): FieldOption[] | undefined {
  if (Array.isArray(schema.enum)) {
    return schema.enum.filter((value) => ['string', 'number', 'boolean'].includes(typeof value)).map((value) => ({ value: value as string | number | boolean, label: String(value) }));
  }
  const options = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (options && options.length > 0 && options.every((option) => isSchema(option) && option.const !== undefined)) {
    return (options as Schema[]).map((option) => ({ value: option.const as string | number | boolean, label: typeof option.title === 'string' ? option.title : String(option.const) }));
  }
  return undefined;
}

/** The primitive type of a schema (the first non-null alternative of a union: string before number). */
function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type): type is string => typeof type === 'string' && type !== 'null');
    return types.includes('string') ? 'string' : types[0];
  }
  const options = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (options) {
    const types = options.filter(isSchema).map((option) => typeOf(option));
    return types.includes('string') ? 'string' : types.find((type) => type !== undefined && type !== 'null');
  }
  if (schema.const !== undefined) return typeof schema.const;
  return undefined;
}

function numberBounds(schema: Schema, integer: boolean): { min?: number; max?: number } {
  const exclusiveMin = asNumber(schema.exclusiveMinimum);
  const exclusiveMax = asNumber(schema.exclusiveMaximum);
  let min = asNumber(schema.minimum);
  let max = asNumber(schema.maximum);
  if (exclusiveMin !== undefined) min = Math.max(min ?? -Infinity, integer ? Math.floor(exclusiveMin) + 1 : exclusiveMin);
  if (exclusiveMax !== undefined) max = Math.min(max ?? Infinity, integer ? Math.ceil(exclusiveMax) - 1 : exclusiveMax);
  // Number.MAX_SAFE_INTEGER and the like say nothing to a person.
  if (max !== undefined && Math.abs(max) >= 2 ** 31) max = undefined;
  if (min !== undefined && Math.abs(min) >= 2 ** 31) min = undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** One property's field. */
export function fieldFromProperty(key: string, raw: unknown, required: boolean): FieldSpec {
  const schema = isSchema(raw) ? withoutNull(raw) : {};
  const base: Omit<FieldSpec, 'kind'> = {
    key,
    label: typeof schema.title === 'string' && schema.title.trim() ? schema.title.trim() : humanise(key),
    ...(typeof schema.description === 'string' && schema.description.trim() ? { help: schema.description.trim() } : {}),
    required,
    ...(schema.default !== undefined ? { default: schema.default } : {}),
    ...(Array.isArray(schema.examples) && schema.examples.length > 0 && ['string', 'number'].includes(typeof schema.examples[0]) ? { placeholder: `e.g. ${String(schema.examples[0])}` } : {}),
    advanced: false,
  };
  const field = fieldOf(schema, base);
  // A setting with a default waits under 'More settings'; a checkbox is too small a thing to hide.
  return { ...field, advanced: !required && schema.default !== undefined && field.kind !== 'boolean' };
}

function fieldOf(schema: Schema, base: Omit<FieldSpec, 'kind'>): FieldSpec {
  const choices = choicesOf(schema);
  if (choices) return { ...base, kind: 'select', options: choices };
  const type = typeOf(schema);
  if (type === 'boolean') return { ...base, kind: 'boolean' };
  if (type === 'integer' || type === 'number') return { ...base, kind: 'number', integer: type === 'integer', ...numberBounds(schema, type === 'integer') };
  if (type === 'string') {
    if (schema.format === 'uri' || schema.format === 'url') return { ...base, kind: 'url', placeholder: base.placeholder ?? 'https://' };
    if (schema.format === 'date') return { ...base, kind: 'date' };
    return { ...base, kind: 'text' };
  }
  if (type === 'array') {
    const items = isSchema(schema.items) ? withoutNull(schema.items) : {};
    const counts = { ...(asNumber(schema.minItems) !== undefined ? { minItems: asNumber(schema.minItems) } : {}), ...(asNumber(schema.maxItems) !== undefined ? { maxItems: asNumber(schema.maxItems) } : {}) };
    const itemChoices = choicesOf(items);
    if (itemChoices) return { ...base, kind: 'multiselect', options: itemChoices, ...counts };
    const itemType = typeOf(items);
    if (itemType === 'string' || itemType === 'number' || itemType === 'integer' || itemType === undefined) return { ...base, kind: 'list', itemType: itemType ?? 'string', ...counts };
  }
  return { ...base, kind: 'json' };
}

/** The fields of a settings schema, in its order, the ones a person must or may fill before those with defaults. */
export function fieldsFromSchema(schema: unknown, options: { hide?: readonly string[] } = {}): FieldSpec[] {
  if (!isSchema(schema) || !isSchema(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : []);
  const fields = Object.entries(schema.properties)
    .filter(([key]) => !options.hide?.includes(key))
    .map(([key, property]) => fieldFromProperty(key, property, required.has(key)));
  return [...fields.filter((field) => !field.advanced), ...fields.filter((field) => field.advanced)];
}

/** A stored setting (or default) as the form holds it. */
function toFormValue(field: FieldSpec, value: unknown): FieldValue {
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'multiselect':
      return Array.isArray(value) ? value.map(String) : [];
    case 'list':
      return Array.isArray(value) ? value.map(String).join('\n') : value === undefined || value === null ? '' : String(value);
    case 'json':
      return value === undefined ? '' : JSON.stringify(value, null, 2);
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

/** The form's first values: the stored settings, else each property's default. */
export function initialValues(fields: readonly FieldSpec[], settings: Record<string, unknown> = {}): FormValues {
  return Object.fromEntries(fields.map((field) => [field.key, toFormValue(field, Object.hasOwn(settings, field.key) ? settings[field.key] : field.default)]));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The entries of a comma- or line-separated list. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

type Reading = { ok: true; value: unknown } | { ok: true; empty: true } | { ok: false; error: string };

function readField(field: FieldSpec, raw: FieldValue | undefined): Reading {
  const empty: Reading = { ok: true, empty: true };
  switch (field.kind) {
    case 'boolean':
      return { ok: true, value: raw === true };
    case 'multiselect': {
      const picked = Array.isArray(raw) ? raw : [];
      if (picked.length === 0) return empty;
      const values = field.options?.filter((option) => picked.includes(String(option.value))).map((option) => option.value) ?? [];
      if (field.maxItems !== undefined && values.length > field.maxItems) return { ok: false, error: `Pick at most ${field.maxItems}` };
      return { ok: true, value: values };
    }
    case 'select': {
      const text = typeof raw === 'string' ? raw : '';
      if (text === '') return empty;
      const option = field.options?.find((o) => String(o.value) === text);
      return option ? { ok: true, value: option.value } : { ok: false, error: 'Pick one of the choices' };
    }
    case 'number': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (text === '') return empty;
      const value = Number(text);
      if (!Number.isFinite(value)) return { ok: false, error: 'Enter a number' };
      if (field.integer && !Number.isInteger(value)) return { ok: false, error: 'Enter a whole number' };
      if (field.min !== undefined && value < field.min) return { ok: false, error: `At least ${field.min}` };
      if (field.max !== undefined && value > field.max) return { ok: false, error: `At most ${field.max}` };
      return { ok: true, value };
    }
    case 'list': {
      const list = splitList(typeof raw === 'string' ? raw : '');
      if (list.length === 0) return empty;
      if (field.maxItems !== undefined && list.length > field.maxItems) return { ok: false, error: `At most ${entries(field.maxItems)}` };
      if (field.minItems !== undefined && list.length < field.minItems) return { ok: false, error: `At least ${entries(field.minItems)}` };
      if (field.itemType === 'number' || field.itemType === 'integer') {
        const numbers = list.map(Number);
        const bad = list.find((_, i) => !Number.isFinite(numbers[i]) || (field.itemType === 'integer' && !Number.isInteger(numbers[i])));
        if (bad !== undefined) return { ok: false, error: `"${bad}" is not a ${field.itemType === 'integer' ? 'whole number' : 'number'}` };
        return { ok: true, value: numbers };
      }
      return { ok: true, value: list };
    }
    case 'json': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (text === '') return empty;
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, error: 'This is not valid JSON' };
      }
    }
    case 'url': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (text === '') return empty;
      try {
        const url = new URL(text);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
      } catch {
        return { ok: false, error: 'Enter a full address starting with https://' };
      }
      return { ok: true, value: text };
    }
    default: {
      const text = typeof raw === 'string' ? raw.trim() : '';
      return text === '' ? empty : { ok: true, value: text };
    }
  }
}

/**
 * The settings the form describes, and the fields it cannot take as they are. Empty fields and
 * values equal to their default are left out (the server applies defaults, so a changed default
 * reaches every source that kept it); settings the schema does not name are kept from `base`.
 */
export function settingsFromValues(fields: readonly FieldSpec[], values: FormValues, base: Record<string, unknown> = {}): { settings: Record<string, unknown>; errors: Record<string, string> } {
  const named = new Set(fields.map((field) => field.key));
  const settings: Record<string, unknown> = Object.fromEntries(Object.entries(base).filter(([key]) => !named.has(key)));
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const reading = readField(field, values[field.key]);
    if (!reading.ok) {
      errors[field.key] = reading.error;
      continue;
    }
    if ('empty' in reading) {
      if (field.required) errors[field.key] = field.kind === 'select' ? 'Choose one' : field.kind === 'multiselect' ? 'Choose at least one' : 'Required';
      continue;
    }
    if (!field.required && field.default !== undefined && sameValue(reading.value, field.default)) continue;
    // An unticked box without a default says nothing the server would not assume.
    if (field.kind === 'boolean' && reading.value === false && field.default === undefined && !field.required) continue;
    settings[field.key] = reading.value;
  }
  return { settings, errors };
}
