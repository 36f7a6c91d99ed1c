import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdSlot } from '@/components/ads/ad-slot';
import { CategoryIcon } from '@/components/layout/category-cards';
import { buildCategoryTree, type CategoryNode, categoryHref, searchHref } from '@/components/layout/nav';
import { SearchBox } from '@/components/layout/search-box';
import { homeTitle, settingBool, settingList, settingText } from '@/components/layout/site-settings';
import { SmartLink } from '@/components/layout/smart-link';
import { Badge, Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTRPC } from '@/lib/trpc';

/** A simple home page: title, search, category cards (the full home page of moredoc-facts §21.1 is a later issue). */
export const Route = createFileRoute('/_site/')({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
      queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT)),
    ]),
  pendingComponent: HomeSkeleton,
  component: HomePage,
});

function HomePage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  const { data: categories } = useSuspenseQuery(trpc.category.list.queryOptions(CATEGORY_INPUT));
  usePageTitle();
  const hideEmpty = settingBool(settings, 'display', 'hide_category_without_document');
  const documents = buildCategoryTree(categories.category, 0, hideEmpty);
  const articles = buildCategoryTree(categories.category, 1, hideEmpty);
  const title = homeTitle(settings);
  const description = settingText(settings, 'system', 'description');
  const recommended = settingList(settings, 'system', 'recommend_words');
  // The editor's words first; without them, what visitors searched most this week.
  const hot = useQuery({ ...trpc.search.hot.queryOptions({ limit: 8 }), enabled: recommended.length === 0 });
  const words = recommended.length > 0 ? recommended : (hot.data?.words ?? []);
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-primary via-primary/90 to-indigo-700 text-white">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-20 [background-image:radial-gradient(circle_at_20%_20%,white_0,transparent_40%),radial-gradient(circle_at_80%_60%,white_0,transparent_35%)]"
        />
        <div className="relative mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center md:py-20">
          <h1 className="font-bold text-3xl tracking-tight md:text-4xl">{title}</h1>
          <p className="mt-3 max-w-xl text-sm text-white/85 md:text-base">
            {description && description !== title ? description : t('shell.home.heroTip')}
          </p>
          <SearchBox variant="hero" className="mt-8 max-w-2xl" />
          {words.length > 0 ? (
            <div className="mt-4 flex flex-wrap items-center justify-center gap-2 text-sm text-white/85">
              <span>{t('shell.home.hotWords')}</span>
              {words.map((w) => (
                <SmartLink
                  key={w}
                  href={searchHref(w, 0)}
                  className="rounded-full bg-white/15 px-3 py-0.5 transition-colors hover:bg-white/25"
                >
                  {w}
                </SmartLink>
              ))}
            </div>
          ) : null}
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10">
        <AdSlot position="index_banner_bottom" />
        <AdSlot position="index_category_top" />
        <CategorySection title={t('shell.home.documentCategories')} categories={documents} type={0} />
        <CategorySection title={t('shell.home.articleCategories')} categories={articles} type={1} />
        <AdSlot position="index_category_bottom" />
        <AdSlot position="index_link_top" />
      </div>
    </>
  );
}

function CategorySection({ title, categories, type }: { title: string; categories: CategoryNode[]; type: 0 | 1 }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`home-cat-${type}`}>
      <div className="mb-4 flex items-end justify-between">
        <h2 id={`home-cat-${type}`} className="font-semibold text-xl">
          {title}
        </h2>
        <SmartLink
          href={type === 0 ? '/category' : '/article'}
          className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-primary"
        >
          {t('shell.home.more')}
          <ArrowRightIcon className="size-3.5" />
        </SmartLink>
      </div>
      {categories.length === 0 ? (
        <p className="rounded-xl border border-dashed py-10 text-center text-muted-foreground text-sm">
          {t('shell.home.noCategories')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((c) => (
            <li
              key={c.id}
              className="group flex flex-col rounded-xl border bg-card p-4 shadow-xs transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
            >
              <SmartLink href={categoryHref(type, c.id)} className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10">
                  <CategoryIcon category={c} size={22} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium group-hover:text-primary">{c.title}</span>
                  {type === 0 && (c.doc_count ?? 0) > 0 ? (
                    <span className="text-muted-foreground text-xs">
                      {t('shell.home.docCount', { count: c.doc_count })}
                    </span>
                  ) : null}
                </span>
              </SmartLink>
              {c.children.length > 0 ? (
                <div className="mt-3 flex flex-wrap gap-1.5">
                  {c.children.slice(0, 8).map((child) => (
                    <Badge key={child.id} variant="secondary" className="font-normal">
                      <SmartLink href={categoryHref(type, child.id)} className="hover:text-primary">
                        {child.title}
                      </SmartLink>
                    </Badge>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HomeSkeleton() {
  return (
    <div>
      <Skeleton className="h-72 w-full rounded-none" />
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
