import { AdSlot } from '@/components/ads/ad-slot';
import { HydrateWhenVisible } from '@/components/layout/hydrate-when-visible';
import { cn } from '@/lib/utils';
import { ArticleBox } from './article-box';
import { CategoryStrip } from './category-strip';
import type { HomeLayout } from './home-blocks';
import { HomeHero } from './home-hero';
import { HomeNotices } from './home-notices';
import { LazyCategoryBlocks, LazyPopularDocuments } from './lazy-home-parts';
import { RecommendedDocuments, useRecommendedDocuments } from './recommended-documents';
import { WelcomeCard } from './welcome-card';

/** The V1 home layout (moredoc-facts §21.1 V1, top to bottom), with the notices of pro-facts §2.7. */
export function HomeV1({ layout }: { layout: HomeLayout }) {
  return (
    <>
      <HomeHero />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 md:gap-8 md:py-8" data-home-version="v1">
        <HomeNotices />
        <AdSlot position="index_banner_bottom" />
        <FeaturedRow />
        <AdSlot position="index_category_top" />
        {layout.showCategories ? <CategoryStrip /> : null}
        <AdSlot position="index_category_bottom" />
        {/* Below the fold on a phone: taken over as they come near the screen. */}
        <HydrateWhenVisible className="min-w-0">
          <LazyCategoryBlocks style={layout.documentStyle} />
        </HydrateWhenVisible>
        <HydrateWhenVisible className="min-w-0">
          <LazyPopularDocuments />
        </HydrateWhenVisible>
        {/* The friend links follow in the footer, which shows them on the home page only (spec §2). */}
        <AdSlot position="index_link_top" />
      </div>
    </>
  );
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
