/**
 * The front-check of spec §4/§6, run on every public route change. Client-side only: the server enforces the same
 * gates on its procedures (docs/decisions.md), so this is about sending people where they can do something.
 */
export interface FrontCheckInput {
  pathname: string;
  /** Full path with query, carried as `redirect` to the login page. */
  href: string;
  userId: number | null;
  /** Whether the signed-in user holds any permission (spec §6 "signed-in users with no permissions"). */
  hasPermissions: boolean;
  loginRequired: boolean;
  isClose: boolean;
}

const LOGIN_PAGES = /^\/(login|register)\/?$/;
/** Pages open to everyone when login is required (spec §6). */
const OPEN_WHEN_LOGIN_REQUIRED = /^\/(login|register|findpassword(-mobile)?|oauth)(\/|$)/;
/**
 * With the site closed only the login page remains (spec §6 "see only login"), with the third-party login's return
 * path, which is part of signing in.
 */
const OPEN_WHEN_CLOSED = /^\/(login\/?$|oauth(\/|$))/;

export function loginHref(redirectTo?: string): string {
  if (!redirectTo || redirectTo === '/' || LOGIN_PAGES.test(redirectTo.split('?')[0] ?? '')) return '/login';
  return `/login?${new URLSearchParams({ redirect: redirectTo }).toString()}`;
}

/** Where to send the visitor instead, or null to let the page open. */
export function frontCheckRedirect(i: FrontCheckInput): string | null {
  const signedIn = i.userId !== null;
  const closedOut = i.isClose && (!signedIn || !i.hasPermissions);
  if (closedOut) return OPEN_WHEN_CLOSED.test(i.pathname) ? null : loginHref(i.href);
  if (i.loginRequired && !signedIn && !OPEN_WHEN_LOGIN_REQUIRED.test(i.pathname)) return loginHref(i.href);
  // spec §6: a signed-in visitor on a login-only page goes to their home page (the closed case returned above).
  if (signedIn && LOGIN_PAGES.test(i.pathname)) return `/user/${i.userId}`;
  // spec §2: the member area requires login.
  if (!signedIn && /^\/me(\/|$)/.test(i.pathname)) return loginHref(i.href);
  return null;
}

/** A `redirect` query is followed only inside the site (no open redirect to another origin). */
export function safeRedirect(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const v = value.trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return fallback;
  if (LOGIN_PAGES.test(v.split('?')[0] ?? '')) return fallback;
  return v;
}

/**
 * Whether the visitor may use the public catalogue (spec §6). When login is required or the site is closed the
 * server refuses the catalogue calls, so the shell does not make them.
 */
export function canBrowse(
  i: Pick<FrontCheckInput, 'userId' | 'hasPermissions' | 'loginRequired' | 'isClose'>,
): boolean {
  const signedIn = i.userId !== null;
  if (i.isClose && (!signedIn || !i.hasPermissions)) return false;
  return !(i.loginRequired && !signedIn);
}
