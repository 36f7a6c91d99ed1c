import { createFileRoute, Outlet } from '@tanstack/react-router';
import type { PublicSettings } from '@wenku/shared';
import { prefetchAds } from '@/components/ads/ad-positions';
import { canBrowse } from '@/components/layout/front-check';
import { accessOf } from '@/components/layout/run-front-check';
import { SiteLayout } from '@/components/layout/site-layout';
import { ErrorPage, NotFoundPage } from '@/components/layout/status-pages';
import { CATEGORY_INPUT, NAVIGATION_INPUT } from '@/hooks/use-header-data';
import i18n from '@/i18n';
import { errorMessage } from '@/lib/api-error';

/**
 * The public pages' layout (spec §2 Layouts: header, content, footer; no footer on /article). The front-check of
 * spec §4/§6 runs before it, in the root route, so that unknown paths are checked too.
 */
export const Route = createFileRoute('/_site')({
  loader: async ({ context }) => {
    const { queryClient, trpc } = context;
    let settings: PublicSettings;
    try {
      settings = await queryClient.ensureQueryData(trpc.system.settings.queryOptions());
    } catch (e) {
      // spec §8 default message: 查询系统设置失败.
      throw new Error(`${i18n.t('error.settings')}: ${errorMessage(e)}`);
    }
    // The header's data: started here, awaited by nobody (the header copes while it arrives or if it fails).
    if (canBrowse(accessOf(settings))) {
      void queryClient.prefetchQuery(trpc.navigation.list.queryOptions(NAVIGATION_INPUT));
      void queryClient.prefetchQuery(trpc.category.list.queryOptions(CATEGORY_INPUT));
      prefetchAds(context, 'global');
    }
  },
  component: SiteLayoutRoute,
  // A notFound() from a child without its own handler replaces this layout's content, so it brings the layout.
  notFoundComponent: () => (
    <SiteLayout>
      <NotFoundPage />
    </SiteLayout>
  ),
  errorComponent: ({ error, reset }) => (
    <SiteLayout>
      <ErrorPage error={error} reset={reset} />
    </SiteLayout>
  ),
});

function SiteLayoutRoute() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
