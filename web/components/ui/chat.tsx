import { forwardRef, useEffect, useImperativeHandle, useRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Bot, SendHorizontal, UserRound } from 'lucide-react';
import { inputClass } from './form';

/** One chat message: the user's on the right in blue, the assistant's on the left. */
export function ChatBubble({ from, children, as: Tag = 'li' }: { from: 'user' | 'assistant'; children: ReactNode; as?: 'li' | 'div' }) {
  const user = from === 'user';
  return (
    <Tag className={`flex items-end gap-2 ${user ? 'flex-row-reverse' : ''}`}>
      <span aria-hidden className={`flex size-7 shrink-0 items-center justify-center rounded-full ${user ? 'bg-blue-700 text-white' : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'}`}>
        {user ? <UserRound className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap ${
          user ? 'rounded-br-sm bg-blue-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
        }`}
      >
        <span className="sr-only">{user ? 'You: ' : 'Assistant: '}</span>
        {children}
      </div>
    </Tag>
  );
}

interface AutoTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows'> {
  /** Rows it starts with and grows to. */
  minRows?: number;
  maxRows: number;
  /** Enter without Shift calls this; Shift+Enter inserts a new line. */
  onEnter?: () => void;
}

/** A textarea that grows with its text up to `maxRows`, then scrolls. */
export const AutoTextarea = forwardRef<HTMLTextAreaElement, AutoTextareaProps>(function AutoTextarea({ minRows = 1, maxRows, onEnter, onKeyDown, className = '', ...props }, forwarded) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(forwarded, () => ref.current!);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || 20;
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    el.style.height = 'auto';
    const wanted = Math.min(Math.max(el.scrollHeight, line * minRows + padding), line * maxRows + padding);
    el.style.height = `${wanted}px`;
    el.style.overflowY = el.scrollHeight > wanted ? 'auto' : 'hidden';
  }, [props.value, minRows, maxRows]);
  return (
    <textarea
      ref={ref}
      rows={minRows}
      className={`${inputClass} resize-none ${className}`}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && onEnter) {
          event.preventDefault();
          onEnter();
        }
      }}
      {...props}
    />
  );
});

/** The message box under a chat: grows to `maxRows`, Enter sends, Shift+Enter is a new line. */
export function ChatComposer({
  value,
  onChange,
  onSend,
  disabled,
  busy,
  label,
  placeholder,
  maxRows = 5,
  sendLabel = 'Send',
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  disabled?: boolean;
  busy?: boolean;
  label: string;
  placeholder?: string;
  maxRows?: number;
  sendLabel?: string;
}) {
  const canSend = !disabled && !busy && value.trim() !== '';
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <AutoTextarea aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} maxRows={maxRows} disabled={disabled} onEnter={() => canSend && onSend()} />
      <button
        type="submit"
        disabled={!canSend}
        aria-label={sendLabel}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" /> : <SendHorizontal aria-hidden className="size-4" />}
      </button>
    </form>
  );
}
