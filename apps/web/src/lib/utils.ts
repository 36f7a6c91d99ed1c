import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** An href is external when it starts with http:// or https:// (spec §2 header navigation). */
export const isExternalHref = (href: string) => /^https?:\/\//i.test(href);
