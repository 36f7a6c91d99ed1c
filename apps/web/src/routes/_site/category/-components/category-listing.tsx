import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRightIcon, FolderOpenIcon, LayoutGridIcon, ListIcon, SearchXIcon } from 'lucide-react';
import * as React from 'react';
import { QueryErrorCard } from '@/components/admin/query-state';
import { AdSlot } from '@/components/ads/ad-slot';
import { findPath } from '@/components/documents/category-path';
import { coverLoading } from '@/components/documents/document-cover';
import { DocumentCard, DocumentGridSkeleton, DocumentListItem } from '@/components/documents/document-items';
import { KIND_FILTERS } from '@/components/documents/file-kind';
import { LISTING_PAGE_SIZE, type ListingSearch, listingInput } from '@/components/documents/listing';
import { ListingTotal, TopPager } from '@/components/documents/pager';
import { SortTabs } from '@/components/documents/sort-tabs';
import { useDocumentCategoryTree, useDocumentSettings } from '@/components/documents/use-document-data';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import type { CategoryNode } from '@/components/layout/nav';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/**
 * The document listing of /category and /category/{id} (moredoc-facts §21.4): breadcrumb, sub-category chips,
 * filters by kind, fee and language, sorts, card or list view, pages, and the list advertisement positions.
 */
export function CategoryListing({
  categoryId,
  search,
  onSearch,
}: {
  categoryId: number | null;
  search: ListingSearch;
  onSearch: (patch: Partial<ListingSearch>) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useDocumentSettings();
  const full = useDocumentCategoryTree({ hideEmpty: false });
  const menu = useDocumentCategoryTree({ hideEmpty: true });
  const chain = categoryId ? findPath(full.tree, categoryId) : [];
  const current = chain[chain.length - 1];
  usePageTitle(current?.title ?? t('documents.listing.all'));

  const input = listingInput(search, categoryId, settings.vipEnabled);
  const list = useQuery({ ...trpc.document.list.queryOptions(input), placeholderData: keepPreviousData });
  const view = search.view ?? settings.listStyle;

  // Chips: the children of the current category; a leaf shows its siblings instead, so there is always a way on.
  const menuNode = categoryId ? findPath(menu.tree, categoryId).at(-1) : undefined;
  const parentChildren =
    chain.length > 1 ? findPath(menu.tree, chain[chain.length - 2]?.id ?? 0).at(-1)?.children : menu.tree;
  const chips: CategoryNode[] = !categoryId
    ? menu.tree
    : menuNode && menuNode.children.length > 0
      ? menuNode.children
      : (parentChildren ?? []);
  const hasFilters = !!(search.ext || search.fee_type || search.language);

  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6">
      <Breadcrumb label={t('documents.read.breadcrumb')} homeLabel={t('documents.read.home')}>
        <li aria-hidden>›</li>
        <li>
          {categoryId ? (
            <Link to="/category" className="hover:text-primary">
              {t('documents.listing.all')}
            </Link>
          ) : (
            <span className="text-foreground">{t('documents.listing.all')}</span>
          )}
        </li>
        {chain.map((c, i) => (
          <li key={c.id} className="flex items-center gap-1">
            <span aria-hidden>›</span>
            {i === chain.length - 1 ? (
              <span className="text-foreground">{c.title}</span>
            ) : (
              <Link to="/category/$id" params={{ id: String(c.id) }} className="hover:text-primary">
                {c.title}
              </Link>
            )}
          </li>
        ))}
      </Breadcrumb>

      <Card className="gap-3 px-4 py-4 sm:px-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="flex items-center gap-2 font-semibold text-xl">
            <FolderOpenIcon className="size-6 text-primary" />
            {current?.title ?? t('documents.listing.all')}
          </h1>
          <ListingTotal total={list.data?.total} />
        </div>
        {current?.show_description && current.description ? (
          <p className="whitespace-pre-line text-muted-foreground text-sm">{current.description}</p>
        ) : null}
        <dl className="grid gap-2 text-sm">
          <FilterRow label={t('documents.listing.category')}>
            {categoryId ? (
              <ChipLink id={chain.length > 1 ? (chain[chain.length - 2]?.id ?? null) : null} active={false}>
                {t('documents.listing.up')}
              </ChipLink>
            ) : null}
            {chips.length === 0 && !categoryId ? (
              <span className="text-muted-foreground">{t('documents.listing.noCategories')}</span>
            ) : (
              chips.map((c) => (
                <ChipLink key={c.id} id={c.id} active={c.id === categoryId}>
                  {c.title}
                </ChipLink>
              ))
            )}
          </FilterRow>
          <FilterRow label={t('documents.listing.kind')}>
            <Chip active={!search.ext} onClick={() => onSearch({ ext: undefined })}>
              {t('documents.listing.any')}
            </Chip>
            {KIND_FILTERS.map((k) => (
              <Chip key={k} active={search.ext === k} onClick={() => onSearch({ ext: k })}>
                {t(`documents.kinds.${k}`)}
              </Chip>
            ))}
          </FilterRow>
          <FilterRow label={t('documents.listing.fee')}>
            <Chip
              active={!search.fee_type || (search.fee_type === 'vip' && !settings.vipEnabled)}
              onClick={() => onSearch({ fee_type: undefined })}
            >
              {t('documents.listing.any')}
            </Chip>
            <Chip active={search.fee_type === 'free'} onClick={() => onSearch({ fee_type: 'free' })}>
              {t('documents.listing.free')}
            </Chip>
            <Chip active={search.fee_type === 'charge'} onClick={() => onSearch({ fee_type: 'charge' })}>
              {t('documents.listing.charge')}
            </Chip>
            {settings.vipEnabled ? (
              <Chip active={search.fee_type === 'vip'} onClick={() => onSearch({ fee_type: 'vip' })}>
                {t('documents.listing.vip')}
              </Chip>
            ) : null}
          </FilterRow>
          {settings.languages.length > 0 ? (
            <FilterRow label={t('documents.fields.language')}>
              <Chip active={!search.language} onClick={() => onSearch({ language: undefined })}>
                {t('documents.listing.any')}
              </Chip>
              {settings.languages.map((l) => (
                <Chip key={l.code} active={search.language === l.code} onClick={() => onSearch({ language: l.code })}>
                  {l.language}
                </Chip>
              ))}
            </FilterRow>
          ) : null}
        </dl>
      </Card>

      <AdSlot position="list_nav_bottom" />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <SortTabs value={search.sort} onChange={(sort) => onSearch({ sort })} />
        <fieldset className="m-0 flex gap-1 border-0 p-0" aria-label={t('documents.listing.view')}>
          <Button
            variant={view === 'card' ? 'secondary' : 'ghost'}
            size="icon"
            aria-pressed={view === 'card'}
            aria-label={t('documents.listing.cardView')}
            title={t('documents.listing.cardView')}
            onClick={() => onSearch({ view: 'card' })}
          >
            <LayoutGridIcon />
          </Button>
          <Button
            variant={view === 'list' ? 'secondary' : 'ghost'}
            size="icon"
            aria-pressed={view === 'list'}
            aria-label={t('documents.listing.listView')}
            title={t('documents.listing.listView')}
            onClick={() => onSearch({ view: 'list' })}
          >
            <ListIcon />
          </Button>
        </fieldset>
      </div>

      <AdSlot position="list_document_top" />

      <section
        aria-label={t('documents.listing.results')}
        aria-busy={list.isFetching}
        className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}
      >
        {/* The cards' titles are h3: this heading keeps the outline in order for screen readers. */}
        <h2 className="sr-only">{t('documents.listing.results')}</h2>
        {list.error && !list.data ? (
          <QueryErrorCard query={list} />
        ) : !list.data ? (
          view === 'card' ? (
            <DocumentGridSkeleton />
          ) : (
            <Card className="gap-0 px-4 py-0">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="my-4 h-16" />
              ))}
            </Card>
          )
        ) : list.data.document.length === 0 ? (
          <Card className="items-center gap-3 py-16 text-center" data-testid="listing-empty">
            <SearchXIcon className="size-10 text-muted-foreground/60" />
            <p className="text-muted-foreground">{t('documents.listing.empty')}</p>
            {hasFilters ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => onSearch({ ext: undefined, fee_type: undefined, language: undefined })}
              >
                {t('documents.listing.clearFilters')}
              </Button>
            ) : null}
          </Card>
        ) : view === 'card' ? (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
            data-testid="listing-cards"
          >
            {list.data.document.map((d, i) => (
              <li key={d.id} className="min-w-0">
                <DocumentCard doc={d} creditName={settings.creditName} loading={coverLoading(i)} />
              </li>
            ))}
          </ul>
        ) : (
          <Card className="gap-0 divide-y px-4 py-0 sm:px-5" data-testid="listing-list">
            {list.data.document.map((d) => (
              <DocumentListItem key={d.id} doc={d} creditName={settings.creditName} />
            ))}
          </Card>
        )}
      </section>

      <TopPager
        total={list.data?.total}
        page={search.page ?? 1}
        size={LISTING_PAGE_SIZE}
        onChange={(page) => onSearch({ page: page === 1 ? undefined : page })}
      />

      <AdSlot position="list_document_bottom" />
    </div>
  );
}

/**
 * One filter row. On a phone it scrolls sideways; while more chips lie to the right its edge fades out under an
 * arrow, so the row reads as "scroll for more" rather than as a cut word (issue 20).
 */
function FilterRow({ label, children }: { label: string; children: React.ReactNode }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [more, setMore] = React.useState(false);
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setMore(el.scrollWidth - el.clientWidth - el.scrollLeft > 4);
    check();
    el.addEventListener('scroll', check, { passive: true });
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', check);
      observer.disconnect();
    };
  }, []);
  return (
    <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] items-start gap-2 sm:grid-cols-[4.5rem_minmax(0,1fr)]">
      <dt className="pt-1 text-muted-foreground">{label}</dt>
      <dd className="relative min-w-0 max-sm:-mr-4">
        <div
          ref={ref}
          className={cn(
            'flex gap-1 max-sm:overflow-x-auto max-sm:pr-4 sm:flex-wrap [&>*]:shrink-0',
            more && 'max-sm:[mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)]',
          )}
          data-more={more ? 'true' : undefined}
        >
          {children}
        </div>
        {more ? (
          <ChevronRightIcon
            className="pointer-events-none absolute top-1 right-0.5 size-5 rounded-full bg-card/90 p-0.5 text-muted-foreground sm:hidden"
            aria-hidden
          />
        ) : null}
      </dd>
    </div>
  );
}

const chipClass = (active: boolean) =>
  cn(
    'whitespace-nowrap rounded-md px-2.5 py-1 text-sm transition-colors',
    active ? 'bg-primary/10 font-medium text-primary' : 'hover:bg-accent hover:text-primary',
  );

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button type="button" aria-pressed={active} onClick={onClick} className={chipClass(active)}>
      {children}
    </button>
  );
}

/** A category chip is a real link: the listing of that category, filters reset. */
function ChipLink({ id, active, children }: { id: number | null; active: boolean; children: React.ReactNode }) {
  return id === null ? (
    <Link to="/category" className={chipClass(active)}>
      {children}
    </Link>
  ) : (
    <Link
      to="/category/$id"
      params={{ id: String(id) }}
      className={chipClass(active)}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

/** Loading state of the listing routes. */
export function ListingSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6" aria-busy>
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-44 rounded-xl" />
      <DocumentGridSkeleton />
    </div>
  );
}
