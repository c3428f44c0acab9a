import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';

/** 'Copied!' shows this long after a copy. */
export const COPIED_MS = 2000;

/** A copy button that reads 'Copied!' for `ms` after a successful copy; failures are only logged. */
export function CopyButton({ text, label = 'Copy', ms = COPIED_MS, className = '' }: { text: string; label?: string; ms?: number; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), ms);
    } catch (error) {
      console.error('Copy failed', error);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={`inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700 ${className}`}
    >
      {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </button>
  );
}
