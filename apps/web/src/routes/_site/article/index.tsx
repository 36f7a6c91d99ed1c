import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { MegaphoneIcon, NewspaperIcon, PenLineIcon, XIcon } from 'lucide-react';
import type * as React from 'react';
import { QueryError } from '@/components/admin/query-state';
import { ArticleListItem, ArticleListSkeleton } from '@/components/articles/article-items';
import { useArticleCategoryTree } from '@/components/articles/use-article-categories';
import { findPath } from '@/components/documents/category-path';
import { TopPager } from '@/components/documents/pager';
import type { CategoryNode } from '@/components/layout/nav';
import { NotFoundPage } from '@/components/layout/status-pages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AsidePageSkeleton, Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/react';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import {
  ARTICLE_PAGE_SIZE,
  ARTICLE_TABS,
  type ArticleSearch,
  articleListInput,
  articleSearchSchema,
  patchArticleSearch,
  recommendedInput,
} from './-components/article-search';
import { RecommendedArticles } from './-components/recommended-articles';

/** spec §2 /article, /article?category_id={id}: the article listing (moredoc-facts §21.6, pro notices §2.7). */
export const Route = createFileRoute('/_site/article/')({
  validateSearch: articleSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    const [categories] = await Promise.all([
      queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT)),
      queryClient.prefetchQuery(trpc.article.list.queryOptions(articleListInput(deps))),
      queryClient.prefetchQuery(trpc.article.list.queryOptions(recommendedInput(1))),
    ]);
    // An unknown, disabled or document category is not an article listing.
    if (deps.category_id) {
      const category = categories.category.find((c) => c.id === deps.category_id);
      if (category?.type !== 1 || category.enable === false) throw notFound();
    }
  },
  pendingComponent: ArticleListingSkeleton,
  notFoundComponent: NotFoundPage,
  component: ArticleListing,
});

function ArticleListing() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user } = useSession();
  const full = useArticleCategoryTree({ hideEmpty: false });
  const menu = useArticleCategoryTree({ hideEmpty: true });
  const chain = search.category_id ? findPath(full.tree, search.category_id) : [];
  const current = chain.at(-1);
  usePageTitle(search.is_notice ? t('article.notice') : (current?.title ?? t('article.listing.title')));

  const list = useQuery({
    ...trpc.article.list.queryOptions(articleListInput(search)),
    placeholderData: keepPreviousData,
  });
  const canPublish = useQuery({ ...trpc.article.canPublish.queryOptions(), enabled: !!user });
  const onSearch = (patch: Partial<ArticleSearch>) =>
    void navigate({ search: (prev) => patchArticleSearch(prev, patch) });

  // The chip rows: the roots, then the children of each chosen category that has any.
  const menuChain = search.category_id ? findPath(menu.tree, search.category_id) : [];
  const rows: { parent: CategoryNode | null; items: CategoryNode[]; active: number | undefined }[] = [
    { parent: null, items: menu.tree, active: menuChain[0]?.id },
  ];
  menuChain.forEach((node, i) => {
    if (node.children.length > 0) rows.push({ parent: node, items: node.children, active: menuChain[i + 1]?.id });
  });

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        <Card className="gap-3 px-4 py-4 sm:px-5">
          <nav aria-label={t('article.listing.categories')} className="grid gap-2">
            {rows.map((row, i) => (
              <div
                key={row.parent?.id ?? 0}
                className={cn(
                  'flex gap-1 max-sm:-mr-4 max-sm:overflow-x-auto max-sm:pr-4 sm:flex-wrap [&>*]:shrink-0',
                  i > 0 && 'border-t pt-2',
                )}
              >
                <CategoryChip search={search} id={row.parent?.id} active={row.active === undefined}>
                  {row.parent ? t('article.listing.allIn') : t('article.listing.all')}
                </CategoryChip>
                {row.items.map((c) => (
                  <CategoryChip key={c.id} search={search} id={c.id} active={row.active === c.id}>
                    {c.title}
                  </CategoryChip>
                ))}
              </div>
            ))}
          </nav>
          {current?.show_description && current.description ? (
            <p className="whitespace-pre-line border-t pt-3 text-muted-foreground text-sm">{current.description}</p>
          ) : null}
        </Card>

        <Card className="gap-0 py-0">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3 sm:px-5">
            <div role="tablist" aria-label={t('article.listing.sort')} className="flex gap-1">
              {ARTICLE_TABS.map((tab) => {
                const active = (search.tab ?? 'latest') === tab;
                return (
                  <button
                    key={tab}
                    type="button"
                    role="tab"
                    aria-selected={active}
                    onClick={() => onSearch({ tab })}
                    className={cn(
                      'whitespace-nowrap rounded-md px-3 py-1.5 text-sm transition-colors',
                      active
                        ? 'bg-primary text-primary-foreground'
                        : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                    )}
                  >
                    {t(`article.listing.tabs.${tab}`)}
                  </button>
                );
              })}
            </div>
            <div className="flex items-center gap-3">
              {list.data ? (
                <span className="text-muted-foreground text-sm">
                  {t('article.listing.total', { count: list.data.total })}
                </span>
              ) : null}
              {canPublish.data?.allowed ? (
                <Button asChild size="sm" data-testid="publish-article">
                  <Link to="/post">
                    <PenLineIcon />
                    {t('article.listing.publish')}
                  </Link>
                </Button>
              ) : null}
            </div>
          </div>
          {search.is_notice ? (
            <div className="flex flex-wrap items-center gap-2 border-b bg-destructive/5 px-4 py-2 text-sm sm:px-5">
              <MegaphoneIcon className="size-4 text-destructive" />
              <span className="font-medium">{t('article.notice')}</span>
              <button
                type="button"
                onClick={() => onSearch({ is_notice: undefined })}
                className="ml-auto inline-flex items-center gap-1 text-muted-foreground hover:text-primary"
              >
                <XIcon className="size-3.5" />
                {t('article.listing.clearNotice')}
              </button>
            </div>
          ) : null}
          <section
            aria-label={t('article.listing.results')}
            aria-busy={list.isFetching}
            className={cn('px-4 transition-opacity sm:px-5', list.isPlaceholderData && 'opacity-60')}
          >
            {list.error && !list.data ? (
              <QueryError error={list.error} onRetry={() => void list.refetch()} />
            ) : !list.data ? (
              <ArticleListSkeleton />
            ) : list.data.article.length === 0 ? (
              <div className="flex flex-col items-center gap-3 py-16 text-center" data-testid="articles-empty">
                <NewspaperIcon className="size-10 text-muted-foreground/60" />
                <p className="text-muted-foreground">{t('article.listing.empty')}</p>
              </div>
            ) : (
              <ul className="divide-y" data-testid="article-list">
                {list.data.article.map((a) => (
                  <ArticleListItem key={a.id} article={a} />
                ))}
              </ul>
            )}
          </section>
        </Card>

        <TopPager
          total={list.data?.total}
          page={search.page ?? 1}
          size={ARTICLE_PAGE_SIZE}
          onChange={(page) => onSearch({ page })}
        />
      </div>

      <aside className="grid min-w-0 content-start gap-4 lg:sticky lg:top-20 lg:self-start">
        <RecommendedArticles />
      </aside>
    </div>
  );
}

const chipClass = (active: boolean) =>
  cn(
    'whitespace-nowrap rounded-md px-2.5 py-1 text-sm transition-colors',
    active ? 'bg-primary/10 font-medium text-primary' : 'hover:bg-accent hover:text-primary',
  );

/** A category chip is a real link: the listing of that category, at page 1, keeping the tab and notice filter. */
function CategoryChip({
  search,
  id,
  active,
  children,
}: {
  search: ArticleSearch;
  id: number | undefined;
  active: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      to="/article"
      search={patchArticleSearch(search, { category_id: id })}
      className={chipClass(active)}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

function ArticleListingSkeleton() {
  return (
    <AsidePageSkeleton aside={['h-80 rounded-xl']} asideWidth={320}>
      <Skeleton className="h-16 rounded-xl" />
      <Card className="gap-0 px-5 py-0">
        <ArticleListSkeleton />
      </Card>
    </AsidePageSkeleton>
  );
}
