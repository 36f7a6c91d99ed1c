import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { prefetchAds } from '@/components/ads/ad-positions';
import { FRIENDLINK_INPUT } from '@/components/layout/friendlinks';
import { canBrowse } from '@/components/layout/front-check';
import { accessOf } from '@/components/layout/run-front-check';
import { settingList } from '@/components/layout/site-settings';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { session } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { HOME_INPUTS, homeLayout, homeVersion } from './-home/home-blocks';
import { HomeV1 } from './-home/home-v1';
import { HomeV2 } from './-home/home-v2';

/**
 * The home page (moredoc-facts §21.1, pro-facts §2.7 notices), in the layout `display.home_version` picks. The
 * loader waits for the settings only and starts every block's query at once; each block then shows its own
 * skeleton, hides itself when empty and reports its own failure, so one slow or failing block never holds up or
 * takes down the others.
 */
export const Route = createFileRoute('/_site/')({
  loader: async ({ context }) => {
    const { queryClient, trpc } = context;
    const settings = await queryClient.ensureQueryData(trpc.system.settings.queryOptions());
    if (!canBrowse(accessOf(settings))) return;
    prefetchAds(context, 'index');
    void queryClient.prefetchQuery(trpc.document.list.queryOptions(HOME_INPUTS.popularDocuments));
    const layout = homeLayout(settings);
    const v2 = homeVersion(settings) === 'v2';
    void queryClient.prefetchQuery(trpc.banner.list.queryOptions(HOME_INPUTS.banners));
    void queryClient.prefetchQuery(trpc.article.list.queryOptions(HOME_INPUTS.notices));
    void queryClient.prefetchQuery(trpc.article.list.queryOptions(HOME_INPUTS.latestArticles));
    if (v2) {
      void queryClient.prefetchQuery(trpc.document.list.queryOptions(HOME_INPUTS.featuredDocuments));
      void queryClient.prefetchQuery(trpc.document.list.queryOptions(HOME_INPUTS.latestDocuments));
      void queryClient.prefetchQuery(trpc.document.home.queryOptions(HOME_INPUTS.categorySections));
      // The featured cards name their categories, so V2 always wants the category list.
      void queryClient.prefetchQuery(trpc.category.list.queryOptions(CATEGORY_INPUT));
      if (session.get().user) void queryClient.prefetchQuery(trpc.user.get.queryOptions(HOME_INPUTS.me));
    } else {
      void queryClient.prefetchQuery(trpc.document.list.queryOptions(HOME_INPUTS.recommendedDocuments));
      void queryClient.prefetchQuery(trpc.article.list.queryOptions(HOME_INPUTS.recommendedArticles));
      void queryClient.prefetchQuery(trpc.document.home.queryOptions(HOME_INPUTS.categoryBlocks));
      if (layout.showCategories) void queryClient.prefetchQuery(trpc.category.list.queryOptions(CATEGORY_INPUT));
    }
    if (layout.showDocumentCount || layout.showUserCount)
      void queryClient.prefetchQuery(trpc.system.stats.queryOptions());
    // Friend links exist for search engines: painted by the server with the page, not added by the browser after.
    void queryClient.prefetchQuery(trpc.friendlink.list.queryOptions(FRIENDLINK_INPUT));
    if (settingList(settings, 'system', 'recommend_words').length === 0) {
      void queryClient.prefetchQuery(trpc.search.hot.queryOptions(HOME_INPUTS.hotWords));
    }
  },
  pendingComponent: HomeSkeleton,
  component: HomePage,
});

function HomePage() {
  const trpc = useTRPC();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  usePageTitle();
  const layout = homeLayout(settings);
  return homeVersion(settings) === 'v2' ? <HomeV2 layout={layout} /> : <HomeV1 layout={layout} />;
}

function HomeSkeleton() {
  return (
    <div>
      <Skeleton className="h-60 w-full rounded-none md:h-[22rem]" />
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
