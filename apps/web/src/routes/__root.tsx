import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LazyToaster } from '@/components/layout/lazy-toaster';
import { ProgressBar } from '@/components/layout/progress-bar';
import { runFrontCheck } from '@/components/layout/run-front-check';
import { SiteLayout } from '@/components/layout/site-layout';
import { ErrorPage, NotFoundPage } from '@/components/layout/status-pages';
import { useAnalytics } from '@/hooks/use-analytics';
import { useChunkReload } from '@/hooks/use-chunk-reload';
import { useFlash } from '@/hooks/use-flash';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { useSessionFocusSync } from '@/hooks/use-session-focus-sync';
import { useTheme } from '@/hooks/use-theme';
import { useTranslation } from '@/i18n/react';
import type { RouterContext } from '@/lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // spec §4/§6: the front-check on every public route change.
  beforeLoad: ({ context, location }) => runFrontCheck(context, location),
  component: RootComponent,
  // An unknown path: the 404 page inside the public layout (spec §8).
  notFoundComponent: () => (
    <SiteLayout>
      <NotFoundPage />
    </SiteLayout>
  ),
  errorComponent: ({ error, reset }) => <ErrorPage error={error} reset={reset} />,
});

/** What every page shares: progress bar, network status, chunk reloads, session sync, analytics, toasts. */
function RootComponent() {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  useTheme();
  useOnlineStatus();
  useChunkReload();
  useSessionFocusSync();
  useAnalytics();
  useFlash();
  return (
    <>
      <ProgressBar />
      <Outlet />
      <LazyToaster />
    </>
  );
}
