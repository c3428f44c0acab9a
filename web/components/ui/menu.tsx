import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { POPOVER_WIDTH_PX } from '../../../contract/constants';

export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** Separates this item from the ones before it. */
  separated?: boolean;
  tone?: 'default' | 'danger';
}

export interface MenuProps {
  /** The trigger's content and accessible name. */
  trigger: ReactNode;
  label: string;
  items: MenuItem[];
  /** A block above the items (who is signed in). */
  header?: ReactNode;
  align?: 'left' | 'right';
  placement?: 'below' | 'above';
  triggerClassName?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or a click opens it with focus on the first
 * item; arrows, Home and End move; Escape or Tab closes it and focus returns to the button; a
 * click outside closes it. The popover is 320 px wide.
 */
export function Menu({ trigger, label, items, header, align = 'right', placement = 'below', triggerClassName = '' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const entries = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => entries[(to + entries.length) % entries.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      move(entries.length - 1);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={listRef}
          id={id}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          style={{ width: `min(${POPOVER_WIDTH_PX}px, calc(100vw - 1.5rem))` }}
          className={`absolute z-50 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900 ${align === 'right' ? 'right-0' : 'left-0'} ${placement === 'below' ? 'top-full mt-2' : 'bottom-full mb-2'}`}
        >
          {header && <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-700">{header}</div>}
          {items.map((item) => (
            <div key={item.key}>
              {item.separated && <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
                className={`flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800 ${
                  item.tone === 'danger' ? 'text-red-700 dark:text-red-300' : 'text-slate-800 dark:text-slate-100'
                }`}
              >
                {item.icon && <span aria-hidden className="text-slate-500 dark:text-slate-400 [&>svg]:size-4">{item.icon}</span>}
                {item.label}
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
