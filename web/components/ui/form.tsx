import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Eye, EyeOff, Info } from 'lucide-react';
import { CODE_LENGTH } from '../../../contract/constants';

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30 read-only:bg-slate-100 read-only:text-slate-600 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:read-only:bg-slate-800 dark:read-only:text-slate-300';

/** A select like the text inputs (Chrome treats a select as read-only, which would grey it). */
export const selectClass = `${inputClass} py-2.5 read-only:bg-white read-only:text-slate-900 dark:read-only:bg-slate-900 dark:read-only:text-slate-100`;

const primaryBase =
  'inline-flex items-center justify-center gap-2 rounded-md bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60';

const secondaryBase =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

/** Full-width button looks for links and plain buttons. */
export const primaryButtonClass = `w-full ${primaryBase}`;
export const secondaryButtonClass = `w-full ${secondaryBase}`;

export const linkClass = 'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400';

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900 md:p-8 ${className}`}>{children}</div>;
}

export function Button({ busy, busyLabel, children, variant = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; busyLabel?: string; variant?: 'primary' | 'secondary' }) {
  return (
    <button
      {...props}
      disabled={props.disabled || busy}
      aria-busy={busy || undefined}
      // Full width unless the caller sets a width of its own (Tailwind would not know which wins).
      className={`${variant === 'primary' ? primaryBase : secondaryBase} ${/(^|\s)w-/.test(className) ? '' : 'w-full'} ${className}`}
    >
      {busy && <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

const ALERT_TONES = {
  error: { icon: AlertCircle, className: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200' },
  info: { icon: Info, className: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950/60 dark:text-blue-100' },
  success: { icon: CheckCircle2, className: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100' },
} as const;

export function Alert({ tone, title, children }: { tone: keyof typeof ALERT_TONES; title?: string; children: ReactNode }) {
  const { icon: Icon, className } = ALERT_TONES[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-md border px-3 py-2.5 text-sm ${className}`}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}

/** A field's error line, under it (nothing when there is no error); `id` is what the field's aria-describedby names. */
export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {children}
    </p>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

export function TextField({ label, error, hint, id, ...props }: FieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const described = [error && `${fieldId}-error`, hint && `${fieldId}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input id={fieldId} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={described} {...props} />
      {hint && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={`${fieldId}-error`}>{error}</FieldError>
    </div>
  );
}

/** A password input with a show/hide control. */
export function PasswordField({ label, error, hint, id, ...props }: FieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const [visible, setVisible] = useState(false);
  const described = [error && `${fieldId}-error`, hint && `${fieldId}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input id={fieldId} type={visible ? 'text' : 'password'} className={`${inputClass} pr-11`} aria-invalid={error ? true : undefined} aria-describedby={described} {...props} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-controls={fieldId}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:text-white"
        >
          {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
        </button>
      </div>
      {hint && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={`${fieldId}-error`}>{error}</FieldError>
    </div>
  );
}

/** Keeps digits only, at most the code length (a pasted code loses its non-digits). */
export const onlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** The 6-digit code input; `onComplete` fires when the sixth digit arrives. */
export function CodeField({ label = 'Verification code', value, onChange, onComplete, error, id, autoFocus }: { label?: string; value: string; onChange: (value: string) => void; onComplete?: (code: string) => void; error?: string; id?: string; autoFocus?: boolean }) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      error={error}
      autoFocus={autoFocus}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={CODE_LENGTH + 10}
      placeholder="000000"
      className={`${inputClass} text-center font-mono text-lg tracking-[0.5em]`}
      onChange={(event) => {
        const digits = onlyDigits(event.target.value);
        onChange(digits);
        // A full code completes by itself, also when a paste replaces one full code with another.
        if (digits.length === CODE_LENGTH && digits !== value) onComplete?.(digits);
      }}
    />
  );
}

export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-slate-600 uppercase dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      {children}
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}
