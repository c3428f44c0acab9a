import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { FieldError, inputClass, selectClass } from '../../components/ui/form';
import type { FieldSpec, FieldValue, FormValues } from './schema-form';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200';
export const helpClass = 'mt-1 text-xs text-slate-600 dark:text-slate-400';

/** The required mark after a label (the input carries aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden className="ml-0.5 text-red-700 dark:text-red-400">
      *
    </span>
  );
}

/** Help and error lines under a field, with the ids its input names in aria-describedby. */
export function FieldNotes({ id, help, error }: { id: string; help?: ReactNode; error?: string }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className={helpClass}>
          {help}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </>
  );
}

export const describedBy = (id: string, help: unknown, error: unknown) => [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

const fmt = new Intl.NumberFormat('en-US');

/** The help line: the description, then what the input takes. */
function helpFor(field: FieldSpec): string | undefined {
  const parts: string[] = [];
  if (field.help) parts.push(field.help);
  if (field.kind === 'number') {
    if (field.min !== undefined && field.max !== undefined) parts.push(`${fmt.format(field.min)} to ${fmt.format(field.max)}.`);
    else if (field.min !== undefined) parts.push(`At least ${fmt.format(field.min)}.`);
    else if (field.max !== undefined) parts.push(`At most ${fmt.format(field.max)}.`);
  }
  if (field.kind === 'list') parts.push('One per line, or separated by commas.');
  if (field.kind === 'json') parts.push('As JSON.');
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function SchemaField({ field, value, error, onChange, idPrefix, disabled }: { field: FieldSpec; value: FieldValue | undefined; error?: string; onChange: (value: FieldValue) => void; idPrefix: string; disabled?: boolean }) {
  const id = `${idPrefix}-${field.key}`;
  const help = helpFor(field);
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, help, error), 'aria-required': field.required || undefined, disabled };
  const text = typeof value === 'string' ? value : '';

  if (field.kind === 'boolean') {
    return (
      <div>
        <label htmlFor={id} className="flex items-start gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input {...common} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} className="mt-0.5 size-4 shrink-0 accent-blue-700" />
          <span>{field.label}</span>
        </label>
        <div className="pl-6">
          <FieldNotes id={id} help={help} error={error} />
        </div>
      </div>
    );
  }

  if (field.kind === 'multiselect') {
    const picked = Array.isArray(value) ? value : [];
    return (
      <fieldset className="min-w-0" aria-describedby={describedBy(id, help, error)} aria-invalid={error ? true : undefined}>
        <legend className={labelClass}>
          {field.label}
          {field.required && <RequiredMark />}
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {field.options?.map((option) => {
            const key = String(option.value);
            return (
              <label key={key} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={picked.includes(key)}
                  onChange={(event) => onChange(event.target.checked ? [...picked, key] : picked.filter((entry) => entry !== key))}
                  className="size-4 accent-blue-700"
                />
                {option.label}
              </label>
            );
          })}
        </div>
        <FieldNotes id={id} help={help} error={error} />
      </fieldset>
    );
  }

  let input: ReactNode;
  if (field.kind === 'select') {
    input = (
      <select {...common} value={text} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {(!field.required || text === '') && <option value="">{field.required ? 'Choose…' : 'Not set'}</option>}
        {field.options?.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'list' || field.kind === 'json') {
    input = (
      <textarea
        {...common}
        value={text}
        rows={field.kind === 'json' ? 4 : 3}
        spellCheck={false}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} ${field.kind === 'json' ? 'font-mono text-sm' : ''}`}
      />
    );
  } else {
    const type = field.kind === 'number' ? 'number' : field.kind === 'url' ? 'url' : field.kind === 'date' ? 'date' : 'text';
    input = (
      <input
        {...common}
        type={type}
        value={text}
        min={field.kind === 'number' ? field.min : undefined}
        max={field.kind === 'number' ? field.max : undefined}
        step={field.kind === 'number' ? (field.integer ? 1 : 'any') : undefined}
        inputMode={field.kind === 'number' ? (field.integer ? 'numeric' : 'decimal') : undefined}
        placeholder={field.placeholder}
        spellCheck={field.kind === 'text' ? undefined : false}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    );
  }
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {field.label}
        {field.required && <RequiredMark />}
      </label>
      {input}
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

/**
 * The settings form of a kind, generated from its JSON Schema: the fields to fill first, those with
 * defaults under 'More settings' (opened by itself when one of them has an error).
 */
export function SchemaFields({
  fields,
  values,
  errors,
  onChange,
  disabled,
}: {
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (key: string, value: FieldValue) => void;
  disabled?: boolean;
}) {
  const idPrefix = useId();
  const [moreOpen, setMoreOpen] = useState(false);
  const main = fields.filter((field) => !field.advanced);
  const more = fields.filter((field) => field.advanced);
  const open = moreOpen || more.some((field) => errors[field.key]);
  const render = (field: FieldSpec) => (
    <SchemaField key={field.key} field={field} value={values[field.key]} error={errors[field.key]} onChange={(value) => onChange(field.key, value)} idPrefix={idPrefix} disabled={disabled} />
  );
  if (fields.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">This kind has no settings.</p>;
  return (
    <div className="space-y-4">
      {main.map(render)}
      {more.length > 0 && (
        <div className="rounded-lg border border-slate-200 dark:border-slate-700">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${idPrefix}-more`}
            onClick={() => setMoreOpen(!open)}
            className="flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            More settings <span className="font-normal text-slate-500 dark:text-slate-400">({more.length}, with defaults)</span>
            <ChevronDown aria-hidden className={`ml-auto size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
          </button>
          <div id={`${idPrefix}-more`} hidden={!open} className="space-y-4 border-t border-slate-200 px-3 py-3 dark:border-slate-700">
            {more.map(render)}
          </div>
        </div>
      )}
    </div>
  );
}
