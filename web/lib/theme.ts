import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../contract/constants';

export type Theme = 'light' | 'dark';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');

function storedTheme(): Theme | null {
  const value = localStorage.getItem(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : null;
}

/** The theme in force: the stored choice, else the system preference. */
export function currentTheme(): Theme {
  return storedTheme() ?? (media().matches ? 'dark' : 'light');
}

function apply(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

const listeners = new Set<() => void>();
const notify = () => {
  apply(currentTheme());
  listeners.forEach((listener) => listener());
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = media();
  // Follow the system only while the user has stored no choice.
  const onSystemChange = () => {
    if (storedTheme() === null) notify();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme) notify();
  };
  query.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Stores an explicit choice; `null` forgets it and follows the system again. */
export function setTheme(theme: Theme | null): void {
  if (theme === null) localStorage.removeItem(STORAGE_KEYS.theme);
  else localStorage.setItem(STORAGE_KEYS.theme, theme);
  notify();
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as Theme);
  useEffect(() => apply(theme), [theme]);
  const toggle = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
