import { useEffect } from 'react';

/** The browser tab reads "{title} - Herald" while the page is shown (nothing until the title is known), and what it read before after. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} - Herald`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
