import { useQuery } from '@tanstack/react-query';
import { ChevronRightIcon, LayoutGridIcon } from 'lucide-react';
import { CategoryIcon } from '@/components/layout/category-cards';
import { buildCategoryTree, categoryHref } from '@/components/layout/nav';
import { SmartLink } from '@/components/layout/smart-link';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { FEATURED_CATEGORY_FEW, featuredCategories } from './home-blocks';
import { BlockError, HomeSection } from './home-parts';

const GRID = 'grid grid-cols-2 gap-3 lg:grid-cols-4';

/**
 * 热门分类 (moredoc-facts §21.1 V2, `display.show_index_categories`): enabled top-level document categories that
 * hold documents, eight of them or four when fewer than eight, each with "N 个文档".
 */
export function HotCategories() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.category.list.queryOptions(CATEGORY_INPUT), enabled: useCanBrowse() });
  const picked = q.data ? featuredCategories(buildCategoryTree(q.data.category, 0, false)) : [];
  if (q.data && picked.length === 0) return null;
  return (
    <HomeSection
      id="home-hot-categories"
      title={t('home.v2.hotCategories')}
      subtitle={t('home.v2.hotCategoriesTip')}
      icon={<LayoutGridIcon />}
      data-testid="home-hot-categories"
    >
      {q.data ? (
        <ul className={GRID}>
          {picked.map((c) => (
            <li key={c.id} className="min-w-0">
              <SmartLink
                href={categoryHref(0, c.id)}
                className="group flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 shadow-xs transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md sm:p-4"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 sm:size-11">
                  <CategoryIcon category={c} size={24} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium group-hover:text-primary">{c.title}</span>
                  <span className="block text-muted-foreground text-xs">
                    {t('home.v2.categoryDocs', { count: c.doc_count ?? 0 })}
                  </span>
                </span>
                <ChevronRightIcon
                  className="hidden size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary sm:block"
                  aria-hidden
                />
              </SmartLink>
            </li>
          ))}
        </ul>
      ) : q.error ? (
        <BlockError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <div className={GRID} aria-busy>
          {Array.from({ length: FEATURED_CATEGORY_FEW }, (_, i) => (
            <Skeleton key={i} className="h-[4.25rem] rounded-xl sm:h-[4.75rem]" />
          ))}
        </div>
      )}
    </HomeSection>
  );
}
