import * as React from 'react';
import { session, useSession } from '@/lib/session';

/**
 * The toast library loads when the page first needs it, not with the page (issue 17): the site-wide toaster mounts
 * on the visitor's first tap or key press (every toast of a component answers one) or on the first toast the shell
 * itself raises (flash messages, network status), which reach it through here. A page looked at without being
 * touched never fetches it. A toast raised before the toaster mounts is shown once it does (sonner replays active
 * toasts to a new subscriber). Every module raises its toasts through `toastLater`: a toast called on sonner itself
 * before anyone has tapped (an OAuth return, a mailed link, a redirect's flash) would never be shown.
 */
const loadSonner = () => {
  wantToaster();
  return import('sonner');
};

/** Mounts the toaster (set by the mounted `LazyToaster`; before that, remembered). */
let wantToaster = () => {
  wanted = true;
};
let wanted = false;

type Toast = typeof import('sonner')['toast'];
type Kind = 'success' | 'error' | 'warning' | 'info';
type Args = Parameters<Toast['success']>;
/** A toast of `kind`, shown once sonner has loaded (sonner's own arguments). */
const later =
  (kind: Kind) =>
  (message: Args[0], data?: Args[1]): void =>
    void loadSonner().then(({ toast }) => toast[kind](message, data));

/** sonner's `toast.success/error/warning/info`, without loading sonner with the page; it mounts the toaster. */
export const toastLater = {
  success: later('success'),
  error: later('error'),
  warning: later('warning'),
  info: later('info'),
};

const Toaster = React.lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** What tells of a visitor using the page: the toaster is mounted on the first. */
const FIRST_USE = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Marks the page as the app's once it has taken the server's markup over: `<html data-ready>`. Before that a tap on a
 * button the server painted does nothing; browser tests wait for the mark before they click. The server paints for a
 * visitor: a signed-in member's page is the app's only after the render with their session (hydration renders the
 * visitor's, then the member's), else a tap in between lands on the visitor's 收藏 and opens the sign-in prompt.
 */
function ReadyMark() {
  const shown = useSession();
  React.useEffect(() => {
    if (shown === session.get()) document.documentElement.dataset.ready = 'true';
  }, [shown]);
  return null;
}

/** The site's toaster, mounted once by the root route when first needed; in the browser only. */
export function LazyToaster() {
  const [hydrated, setHydrated] = React.useState(false);
  const [needed, setNeeded] = React.useState(false);
  React.useEffect(() => {
    setHydrated(true);
    const need = () => setNeeded(true);
    if (wanted) need();
    wantToaster = need;
    for (const e of FIRST_USE) window.addEventListener(e, need, { capture: true, once: true, passive: true });
    return () => {
      for (const e of FIRST_USE) window.removeEventListener(e, need, { capture: true });
    };
  }, []);
  if (!hydrated) return null;
  return (
    <>
      {needed && (
        <React.Suspense fallback={null}>
          {/* Below the height of a drawer's or the header's title bar: a toast never covers a right-hand drawer's
              title (issue 20). */}
          <Toaster position="top-center" richColors closeButton offset={{ top: 72 }} mobileOffset={{ top: 64 }} />
        </React.Suspense>
      )}
      <ReadyMark />
    </>
  );
}
