import { AdSlot } from '@/components/ads/ad-slot';
import { HydrateWhenVisible } from '@/components/layout/hydrate-when-visible';
import { FeaturedDocuments } from './featured-documents';
import type { HomeLayout } from './home-blocks';
import { HomeHero } from './home-hero';
import { HomeNotices } from './home-notices';
import { HotCategories } from './hot-categories';
import { LatestArticles } from './latest-articles';
import { LatestDocuments } from './latest-documents';
import { LazyCategorySections, LazyPopularDocuments } from './lazy-home-parts';
import { QuickLinks } from './quick-links';
import { UserPanel } from './user-panel';
import { SiteStats } from './welcome-card';

/**
 * The V2 home layout (moredoc-facts §21.1 V2): the same banners, search, notices and advertisement positions as
 * V1; 精选推荐 and 热门分类 across the page; then the newest articles and the category blocks beside the member's
 * card, the site's figures, 最新文档 and 快捷入口.
 */
export function HomeV2({ layout }: { layout: HomeLayout }) {
  return (
    <>
      <HomeHero />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 md:gap-8 md:py-8" data-home-version="v2">
        <HomeNotices />
        <AdSlot position="index_banner_bottom" />
        <FeaturedDocuments />
        <AdSlot position="index_category_top" />
        {layout.showCategories ? <HotCategories /> : null}
        <AdSlot position="index_category_bottom" />
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid min-w-0 gap-6">
            <LatestArticles />
            {/* Below the fold on a phone: taken over as they come near the screen. */}
            <HydrateWhenVisible className="min-w-0">
              <LazyCategorySections />
            </HydrateWhenVisible>
            <HydrateWhenVisible className="min-w-0">
              <LazyPopularDocuments />
            </HydrateWhenVisible>
          </div>
          <aside className="grid min-w-0 gap-4">
            <UserPanel />
            <SiteStats className="rounded-xl border bg-card shadow-xs" />
            <LatestDocuments />
            <QuickLinks />
          </aside>
        </div>
        {/* The friend links follow in the footer, which shows them on the home page only (spec §2). */}
        <AdSlot position="index_link_top" />
      </div>
    </>
  );
}
