import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { documentHref, resolveReference, splitMarkers, type ReferenceSource } from '../../lib/article-data';
import { formatDate, isDate } from '../../lib/dates';

interface References {
  sources: ReferenceSource[];
  /** The reader view strips a trailing '-number' from document ids; the inspection view keeps it. */
  stripSuffix: boolean;
}

const ReferencesContext = createContext<References>({ sources: [], stripSuffix: true });

/** The sources inline [n] markers below it resolve against (article-data.ts mergeSources). */
export function ReferenceProvider({ sources, stripSuffix = true, children }: { sources: ReferenceSource[]; stripSuffix?: boolean; children: ReactNode }) {
  return <ReferencesContext.Provider value={{ sources, stripSuffix }}>{children}</ReferencesContext.Provider>;
}

export function useReferences(): References {
  return useContext(ReferencesContext);
}

const TOOLTIP_WIDTH = 288;

/**
 * An inline [n] marker: a link to the source's document page in a new tab,
 * with a card (title, source, date) on hover or keyboard focus. A number no source matches stays
 * plain text. The card is fixed-positioned and kept inside the viewport, so it is never clipped
 * by a scrolling column nor widens the page; it follows its marker while the page scrolls.
 */
export function ReferenceMarker({ n }: { n: number }) {
  const { sources, stripSuffix } = useReferences();
  const source = resolveReference(n, sources);
  const href = documentHref(source?.documentId, stripSuffix);
  const tooltipId = useId();
  const anchor = useRef<HTMLAnchorElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number; below: boolean } | null>(null);

  const show = useCallback(() => {
    const rect = anchor.current?.getBoundingClientRect();
    if (!rect) return;
    const width = Math.min(TOOLTIP_WIDTH, window.innerWidth - 16);
    const left = Math.min(Math.max(8, rect.left + rect.width / 2 - width / 2), window.innerWidth - width - 8);
    const below = rect.top < 140;
    setPosition({ left, top: below ? rect.bottom + 6 : rect.top - 6, below });
  }, []);
  const hide = useCallback(() => setPosition(null), []);

  // A scroll moves the card with its marker (focusing a marker below the fold scrolls it into
  // view after the card opened); the card closes once the marker leaves the viewport.
  const open = position !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    const onScroll = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (!rect || rect.bottom < 0 || rect.top > window.innerHeight) hide();
      else show();
    };
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('keydown', onKey);
    };
  }, [open, show, hide]);

  if (!source || !href) return <span className="text-slate-500 dark:text-slate-400">[{n}]</span>;
  return (
    <span className="inline">
      <a
        ref={anchor}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Reference ${n}: ${source.title}`}
        aria-describedby={position ? tooltipId : undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        data-reference={n}
        className="rounded px-0.5 align-baseline text-[0.8em] font-semibold text-blue-700 no-underline hover:bg-blue-50 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400 dark:hover:bg-blue-950"
      >
        [{n}]
      </a>
      {position && (
        <span
          role="tooltip"
          id={tooltipId}
          style={{ left: position.left, top: position.top, width: Math.min(TOOLTIP_WIDTH, window.innerWidth - 16), transform: position.below ? undefined : 'translateY(-100%)' }}
          className="pointer-events-none fixed z-50 block rounded-lg border border-slate-200 bg-white p-3 text-left text-sm leading-snug font-normal text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <span className="block font-semibold">{source.title}</span>
          <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">
            {source.source}
            {isDate(source.date) && ` · ${formatDate(source.date)}`}
          </span>
        </span>
      )}
    </span>
  );
}

/** Plain text (no markdown) with its [n] markers as reference links. */
export function MarkedText({ text }: { text: string }) {
  return (
    <>
      {splitMarkers(text).map((part, index) => ('marker' in part ? <ReferenceMarker key={index} n={part.marker} /> : <span key={index}>{part.text}</span>))}
    </>
  );
}
