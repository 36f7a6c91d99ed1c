import { useEffect, useSyncExternalStore } from 'react';

/** Light, dark or the system's choice; stored under 'wenku-theme' (read before first paint by public/theme.js). */
export type Theme = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'wenku-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function readTheme(): Theme {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

const systemDark = () => typeof window !== 'undefined' && !!window.matchMedia?.(DARK_QUERY).matches;

export function applyTheme(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && systemDark());
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

let current: Theme = typeof localStorage === 'undefined' ? 'system' : readTheme();
const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // The choice still applies to this page.
  }
  applyTheme(theme);
  for (const l of listeners) l();
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => 'system' as Theme,
  );
  // Follow the system while the choice is "system".
  useEffect(() => {
    if (theme !== 'system' || !window.matchMedia) return;
    const mql = window.matchMedia(DARK_QUERY);
    const onChange = () => applyTheme('system');
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [theme]);
  return [theme, setTheme];
}
