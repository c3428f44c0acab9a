import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { handleAtCaret } from '../../../contract/comment-text';
import { COMMENT_MAX, type TMentionable } from '../../../contract/comments';
import { inputClass } from '../../components/ui/form';
import { useMentionable } from '../../lib/comments';

interface Props {
  articleId: number;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter: post or save. */
  onSubmit: () => void;
  placeholder?: string;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A comment's text box: typing @ lists the teammates whose handle or name starts with what
 * follows (a listbox the keyboard drives: arrows to move, Enter or Tab to choose, Escape to
 * close); choosing one inserts their @handle. Teammates who cannot see the article are listed
 * apart, so the writer knows to share it first.
 */
export function MentionTextarea({ articleId, label, value, onChange, onSubmit, placeholder, autoFocus, invalid, describedBy }: Props) {
  const id = useId();
  const listId = `${id}-mentions`;
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // The highlighted option, for the query it was chosen under: a new query starts at the first.
  const [highlight, setHighlight] = useState({ query: '', index: 0 });
  const typing = caret === null ? undefined : handleAtCaret(value, caret);
  const open = typing !== undefined && dismissedAt !== typing.start;
  const found = useMentionable(articleId, open ? typing.query : undefined);
  const options = open ? (found.data?.teammates ?? []) : [];
  const shown = open && options.length > 0;
  const active = shown && highlight.query === typing.query ? Math.min(highlight.index, options.length - 1) : 0;
  const setActive = (index: number) => setHighlight({ query: typing?.query ?? '', index });
  const pendingCaret = useRef<number | null>(null);

  // After a teammate is inserted, the caret goes after their handle.
  useEffect(() => {
    if (pendingCaret.current === null || !ref.current) return;
    ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const choose = (teammate: TMentionable) => {
    if (!typing || caret === null) return;
    const inserted = `@${teammate.handle} `;
    const next = `${value.slice(0, typing.start)}${inserted}${value.slice(caret).replace(/^ /, '')}`;
    pendingCaret.current = typing.start + inserted.length;
    setCaret(pendingCaret.current);
    onChange(next.slice(0, COMMENT_MAX));
    ref.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((active + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(options[active]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(typing!.start);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };

  const track = () => setCaret(ref.current?.selectionStart ?? null);

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        value={value}
        rows={3}
        maxLength={COMMENT_MAX}
        autoFocus={autoFocus}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(e) => {
          if (e.key.startsWith('Arrow') && !shown) track();
        }}
        onClick={track}
        onBlur={() => setCaret(null)}
        className={`${inputClass} resize-y`}
      />
      {shown && (
        <ul id={listId} role="listbox" aria-label="Teammates to mention" className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {options.map((teammate, i) => (
            <li
              key={teammate.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus (and the caret) in the text box while choosing with the mouse.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(teammate)}
              onMouseEnter={() => setActive(i)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-blue-50 dark:bg-slate-800' : ''}`}
            >
              <span className="font-medium text-slate-900 dark:text-white">{teammate.name}</span> <span className="text-slate-600 dark:text-slate-400">@{teammate.handle}</span>
              {!teammate.can_read && <span className="block text-xs text-amber-800 dark:text-amber-300">Cannot see this article yet: share it with them first</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
