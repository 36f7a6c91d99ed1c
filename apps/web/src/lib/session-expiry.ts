import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@wenku/api';
import { toApiError } from './api-error';
import { session } from './session';

/**
 * An ended session (issue 20): the stored token was revoked, expired, or its password changed in another browser.
 * The first 401 answered to a request that carried the token clears the session once and hands over to the app's
 * handler, which leads to sign-in with 登录已过期，请重新登录 and a way back to the page. Later 401s (the token is
 * gone by then) change nothing.
 */
let onExpired: (() => void) | null = null;

/** The app's reaction to an ended session (the browser entry registers it; the server's render has none). */
export function setSessionExpiredHandler(handler: (() => void) | null) {
  onExpired = handler;
}

/** Whether `error` is an answer that the caller is not signed in. */
export const isUnauthorized = (error: unknown) => toApiError(error).status === 401;

/** Clears a session the server no longer accepts; true when this call did (so the caller reacts once). */
export function expireSession(error: unknown, sentToken: string): boolean {
  if (!isUnauthorized(error) || !sentToken || session.get().token !== sentToken) return false;
  session.clear();
  onExpired?.();
  return true;
}

/** A tRPC link that watches every answer for an ended session, whatever asked (queries, mutations, direct calls). */
export const sessionExpiryLink: TRPCLink<AppRouter> = () => {
  return ({ next, op }) =>
    observable((observer) => {
      const sentToken = session.get().token;
      return next(op).subscribe({
        next: (value) => observer.next(value),
        error: (err) => {
          expireSession(err, sentToken);
          observer.error(err);
        },
        complete: () => observer.complete(),
      });
    });
};

/** The sign-in address after an ended session: back to `href` afterwards, with the notice shown. */
export function expiredLoginHref(href: string): string {
  const params = new URLSearchParams({ expired: '1' });
  const path = href.split('?')[0] ?? '';
  if (href && href !== '/' && !/^\/(login|register|findpassword)/.test(path)) params.set('redirect', href);
  return `/login?${params.toString()}`;
}
