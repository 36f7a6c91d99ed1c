import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DocumentDTO } from '@wenku/shared';
import {
  DownloadIcon,
  EyeIcon,
  FileStackIcon,
  LayoutGridIcon,
  ListIcon,
  type LucideIcon,
  StarIcon,
} from 'lucide-react';
import * as React from 'react';
import { type CoverLoading, coverLoading, DocumentCover } from '@/components/documents/document-cover';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { documentCategoryTitle, documentCountsShown, HOME_INPUTS } from './home-blocks';
import { BlockError, CoverGridSkeleton, HomeSection } from './home-parts';
import { useRecommendedDocuments } from './recommended-documents';

type View = 'grid' | 'list';
type FeaturedDocument = Pick<
  DocumentDTO,
  'id' | 'uuid' | 'title' | 'ext' | 'cover' | 'pages' | 'description' | 'view_count' | 'download_count' | 'is_vip'
>;

/**
 * Grid: three covers a row on a phone (nine there), four on a tablet (twelve), all fourteen in two rows of seven
 * on a desktop.
 */
const GRID =
  'grid grid-cols-3 gap-x-3 gap-y-5 sm:grid-cols-4 lg:grid-cols-7 max-sm:[&>li:nth-child(n+10)]:hidden sm:max-lg:[&>li:nth-child(n+13)]:hidden';
const LIST = 'grid grid-cols-1 gap-3 lg:grid-cols-2';

/**
 * 精选推荐 (moredoc-facts §21.1 V2): the 14 most recently recommended documents as a grid of covers or a list with
 * their descriptions; each shows its category, pages, views and downloads. Hidden when nothing is recommended.
 */
export function FeaturedDocuments() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [view, setView] = React.useState<View>('grid');
  const q = useRecommendedDocuments(HOME_INPUTS.featuredDocuments);
  const categories = useQuery({ ...trpc.category.list.queryOptions(CATEGORY_INPUT), enabled: useCanBrowse() });
  const docs = q.data?.document ?? [];
  if (q.data && docs.length === 0) return null;
  const categoryOf = (d: DocumentDTO) => documentCategoryTitle(d.category_id, categories.data?.category ?? []);
  const toggle = (
    // biome-ignore lint/a11y/useSemanticElements: a pair of pressed-state buttons, not a form's fieldset.
    <div role="group" aria-label={t('home.v2.layout')} className="flex rounded-md border p-0.5">
      {(['grid', 'list'] as const).map((v) => {
        const Icon = v === 'grid' ? LayoutGridIcon : ListIcon;
        return (
          <Button
            key={v}
            type="button"
            size="sm"
            variant={view === v ? 'default' : 'ghost'}
            aria-pressed={view === v}
            onClick={() => setView(v)}
            className="h-7 px-2.5"
          >
            <Icon />
            {t(`home.v2.${v}`)}
          </Button>
        );
      })}
    </div>
  );
  return (
    <HomeSection
      id="home-featured"
      title={t('home.v2.featured')}
      icon={<StarIcon />}
      aside={q.data ? toggle : null}
      data-testid="home-featured"
    >
      {q.data ? (
        <ul className={view === 'grid' ? GRID : LIST} data-view={view}>
          {docs.map((d, i) => (
            <li key={d.id} className="min-w-0">
              {view === 'grid' ? (
                <FeaturedCard doc={d} category={categoryOf(d)} loading={coverLoading(i, false)} />
              ) : (
                <FeaturedRow doc={d} category={categoryOf(d)} loading={coverLoading(i, false)} />
              )}
            </li>
          ))}
        </ul>
      ) : q.error ? (
        <BlockError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <CoverGridSkeleton count={14} className={GRID} />
      )}
    </HomeSection>
  );
}

const linkParams = (d: FeaturedDocument) => ({ id: d.uuid || String(d.id) });

/** A cover with its pages, the title, then the category and the figures. */
function FeaturedCard({ doc, category, loading }: { doc: FeaturedDocument; category: string; loading?: CoverLoading }) {
  const { t } = useTranslation();
  return (
    <Link to="/document/$id" params={linkParams(doc)} className="group flex min-w-0 flex-col gap-1.5" title={doc.title}>
      <div className="relative">
        <DocumentCover
          cover={doc.cover}
          ext={doc.ext}
          title={doc.title}
          isVip={doc.is_vip}
          loading={loading}
          className="rounded-lg border shadow-xs transition-all group-hover:-translate-y-0.5 group-hover:border-primary/40 group-hover:shadow-md"
        />
        {doc.pages > 0 ? (
          <span className="absolute right-1.5 bottom-1.5 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white tabular-nums">
            {t('home.pages', { count: doc.pages })}
          </span>
        ) : null}
      </div>
      <span className="line-clamp-2 text-sm leading-5 group-hover:text-primary">{doc.title}</span>
      {category ? <span className="truncate text-muted-foreground text-xs">{category}</span> : null}
      <DocumentFigures doc={doc} className="text-xs" />
    </Link>
  );
}

/** A small cover beside the title, the description (or 暂无描述), the category, pages and figures. */
function FeaturedRow({ doc, category, loading }: { doc: FeaturedDocument; category: string; loading?: CoverLoading }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/document/$id"
      params={linkParams(doc)}
      className="group flex h-full min-w-0 gap-3 rounded-xl border bg-card p-3 shadow-xs transition-all hover:border-primary/40 hover:shadow-md"
    >
      <DocumentCover
        cover={doc.cover}
        ext={doc.ext}
        title={doc.title}
        isVip={doc.is_vip}
        loading={loading}
        className="w-16 shrink-0 rounded-md border"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate font-medium group-hover:text-primary" title={doc.title}>
          {doc.title}
        </span>
        <p
          className={cn('line-clamp-2 text-sm', doc.description ? 'text-muted-foreground' : 'text-muted-foreground/70')}
        >
          {doc.description || t('home.v2.noDescription')}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
          {category ? (
            <Badge variant="secondary" className="max-w-40 truncate">
              {category}
            </Badge>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <FileStackIcon className="size-3.5" aria-hidden />
            {t('home.pages', { count: doc.pages })}
          </span>
          <DocumentFigures doc={doc} />
        </div>
      </div>
    </Link>
  );
}

/** Views and downloads, each unless the site hides it. */
function DocumentFigures({ doc, className }: { doc: FeaturedDocument; className?: string }) {
  const { t } = useTranslation();
  const shown = documentCountsShown(useSiteSettings());
  if (!shown.views && !shown.downloads) return null;
  return (
    <span className={cn('flex items-center gap-3 text-muted-foreground tabular-nums', className)}>
      {shown.views ? <Count icon={EyeIcon} label={t('home.v2.views')} value={doc.view_count} /> : null}
      {shown.downloads ? <Count icon={DownloadIcon} label={t('home.v2.downloads')} value={doc.download_count} /> : null}
    </span>
  );
}

/** One count beside its icon, named for screen readers and in the tooltip. */
function Count({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    <span className="inline-flex items-center gap-1" title={label}>
      <Icon className="size-3.5" aria-hidden />
      <span className="sr-only">{label}</span>
      {value}
    </span>
  );
}
