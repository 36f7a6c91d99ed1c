import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AdSlot } from '@/components/ads/ad-slot';
import { NoticeBoard } from '@/components/home/notice-board';
import { canBrowse } from '@/components/layout/front-check';
import { accessOf } from '@/components/layout/run-front-check';
import { settingList } from '@/components/layout/site-settings';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { ArticleBox } from './-home/article-box';
import { CategoryBlocks } from './-home/category-blocks';
import { CategoryStrip } from './-home/category-strip';
import { HOME_INPUTS, homeLayout } from './-home/home-blocks';
import { HomeHero } from './-home/home-hero';
import { RecommendedDocuments, useRecommendedDocuments } from './-home/recommended-documents';
import { WelcomeCard } from './-home/welcome-card';

/**
 * The home page (moredoc-facts §21.1 V1, pro-facts §2.7 notices). The loader waits for the settings only and starts
 * every block's query at once; each block then shows its own skeleton, hides itself when empty and reports its own
 * failure, so one slow or failing block never holds up or takes down the others.
 */
export const Route = createFileRoute('/_site/')({
  loader: async ({ context: { queryClient, trpc } }) => {
    const settings = await queryClient.ensureQueryData(trpc.system.settings.queryOptions());
    if (!canBrowse(accessOf(settings))) return;
    const layout = homeLayout(settings);
    void queryClient.prefetchQuery(trpc.banner.list.queryOptions(HOME_INPUTS.banners));
    void queryClient.prefetchQuery(trpc.article.list.queryOptions(HOME_INPUTS.notices));
    void queryClient.prefetchQuery(trpc.document.list.queryOptions(HOME_INPUTS.recommendedDocuments));
    void queryClient.prefetchQuery(trpc.article.list.queryOptions(HOME_INPUTS.latestArticles));
    void queryClient.prefetchQuery(trpc.article.list.queryOptions(HOME_INPUTS.recommendedArticles));
    void queryClient.prefetchQuery(trpc.document.home.queryOptions(HOME_INPUTS.categoryBlocks));
    if (layout.showCategories) void queryClient.prefetchQuery(trpc.category.list.queryOptions(CATEGORY_INPUT));
    if (layout.showDocumentCount || layout.showUserCount)
      void queryClient.prefetchQuery(trpc.system.stats.queryOptions());
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
  return (
    <>
      <HomeHero />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 md:gap-8 md:py-8">
        <HomeNotices />
        <AdSlot position="index_banner_bottom" />
        <FeaturedRow />
        <AdSlot position="index_category_top" />
        {layout.showCategories ? <CategoryStrip /> : null}
        <AdSlot position="index_category_bottom" />
        <CategoryBlocks style={layout.documentStyle} />
        {/* The friend links follow in the footer, which shows them on the home page only (spec §2). */}
        <AdSlot position="index_link_top" />
      </div>
    </>
  );
}

/** pro-facts §2.7: the notice strip, hidden when there are no notices (or they cannot be loaded). */
function HomeNotices() {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.article.list.queryOptions(HOME_INPUTS.notices), enabled: useCanBrowse() });
  return <NoticeBoard notices={data?.article ?? []} />;
}

/**
 * Recommended documents on the left, the visitor's card and the articles on the right (moredoc-facts §21.1 V1
 * items 3–4); without recommended documents the two side blocks share the row.
 */
function FeaturedRow() {
  const recommended = useRecommendedDocuments();
  const noDocuments = recommended.data !== undefined && recommended.data.document.length === 0;
  return (
    <div
      className={cn(
        'grid grid-cols-1 items-start gap-6',
        noDocuments ? 'md:grid-cols-[18rem_minmax(0,1fr)]' : 'lg:grid-cols-[minmax(0,1fr)_20rem]',
      )}
    >
      {noDocuments ? null : <RecommendedDocuments />}
      {noDocuments ? (
        <>
          <WelcomeCard />
          <ArticleBox />
        </>
      ) : (
        <aside className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <WelcomeCard />
          <ArticleBox />
        </aside>
      )}
    </div>
  );
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
