import { type ClassValue, clsx } from 'clsx';
import { twMerge } from './tw-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** An href is external when it starts with http:// or https:// (spec §2 header navigation). */
export const isExternalHref = (href: string) => /^https?:\/\//i.test(href);

/**
 * A count with thousands separators as both site languages write them (12,345): the same in the server's render and
 * in every browser. `toLocaleString()` follows the browser's locale (12.345 in a German one), so a painted page did
 * not match the app taking it over, and its first call loads the locale's data inside that take-over.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
