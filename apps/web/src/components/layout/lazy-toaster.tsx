import * as React from 'react';

/**
 * The toast library loads after the page, not with the entry chunk (issue 17): the site-wide toaster and the toasts
 * the shell itself raises (flash messages, network status) reach it through here. A toast raised before the
 * toaster mounts is shown once it does (sonner replays active toasts to a new subscriber).
 */
const loadSonner = () => import('sonner');

export const toastLater = {
  success: (message: string, options?: { id?: string; duration?: number }) =>
    void loadSonner().then(({ toast }) => toast.success(message, options)),
  warning: (message: string, options?: { id?: string; duration?: number }) =>
    void loadSonner().then(({ toast }) => toast.warning(message, options)),
  error: (message: string) => void loadSonner().then(({ toast }) => toast.error(message)),
};

const Toaster = React.lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * Marks the page as the app's once it has taken the server's markup over and its toaster listens: `<html
 * data-ready>`. Before that a tap on a button the server painted does nothing, and a toast raised before the toaster
 * subscribed is never shown; browser tests wait for the mark before they click.
 */
function ReadyMark() {
  React.useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/** The site's toaster, mounted once by the root route; in the browser only (the server's paint has no toasts). */
export function LazyToaster() {
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  // The mark's effect runs after the toaster's own (siblings in order), once the toaster has subscribed.
  return (
    <React.Suspense fallback={null}>
      {/* Below the height of a drawer's or the header's title bar: a toast never covers a right-hand drawer's title
          (issue 20). */}
      <Toaster position="top-center" richColors closeButton offset={{ top: 72 }} mobileOffset={{ top: 64 }} />
      <ReadyMark />
    </React.Suspense>
  );
}
