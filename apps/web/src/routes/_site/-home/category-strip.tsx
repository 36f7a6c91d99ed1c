import { useQuery } from '@tanstack/react-query';
import { CategoryIcon, ChildCategoryLinks } from '@/components/layout/category-cards';
import { buildCategoryTree, categoryHref } from '@/components/layout/nav';
import { settingBool } from '@/components/layout/site-settings';
import { SmartLink } from '@/components/layout/smart-link';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { INDEX_CATEGORY_COUNT } from './home-blocks';
import { BlockError } from './home-parts';

/** Sub-category links a card shows before it would grow taller than its neighbours. */
const CHILD_LINKS = 6;

/**
 * The category strip (moredoc-facts §21.1 V1 item 6, `display.show_index_categories`): the first four enabled
 * top-level document categories with their enabled children; empty ones hidden if the site says so.
 */
export function CategoryStrip() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const q = useQuery({ ...trpc.category.list.queryOptions(CATEGORY_INPUT), enabled: useCanBrowse() });
  if (q.error && !q.data) return <BlockError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) {
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy>
        {Array.from({ length: INDEX_CATEGORY_COUNT }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  const hideEmpty = settingBool(settings, 'display', 'hide_category_without_document');
  const top = buildCategoryTree(q.data.category, 0, hideEmpty).slice(0, INDEX_CATEGORY_COUNT);
  if (top.length === 0) return null;
  return (
    <nav aria-label={t('home.categories')} data-testid="home-categories">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {top.map((c) => (
          <li
            key={c.id}
            className="group flex min-w-0 flex-col rounded-xl border bg-card p-3 shadow-xs sm:p-4 transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
          >
            <SmartLink href={categoryHref(0, c.id)} className="flex min-w-0 items-center gap-2.5 sm:gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 sm:size-10">
                <CategoryIcon category={c} size={22} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium group-hover:text-primary">{c.title}</span>
                {(c.doc_count ?? 0) > 0 ? (
                  <span className="text-muted-foreground text-xs">{t('home.docCount', { count: c.doc_count })}</span>
                ) : null}
              </span>
            </SmartLink>
            <ChildCategoryLinks
              category={c}
              type={0}
              max={CHILD_LINKS}
              className="mt-2.5 text-[13px] sm:mt-3 sm:text-sm"
              linkClassName="max-w-full truncate"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
