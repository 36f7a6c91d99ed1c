import { useQuery } from '@tanstack/react-query';
import { CrownIcon, FolderOpenIcon } from 'lucide-react';
import * as React from 'react';
import { DocumentLink } from '@/components/documents/document-link';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { useVipEnabled } from '@/components/documents/use-document-data';
import { categoryHref } from '@/components/layout/nav';
import { SmartLink } from '@/components/layout/smart-link';
import { Skeleton } from '@/components/ui/misc';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import {
  CARD_BLOCK_TITLES,
  HOME_INPUTS,
  type HomeDocument,
  type HomeDocumentStyle,
  toHomeDocument,
  visibleCategoryBlocks,
} from './home-blocks';
import { BlockError, CoverGridSkeleton, DocumentCoverCard, HomeSection, MoreLink } from './home-parts';

/** A category block: the category and its newest documents. */
export interface Block {
  id: number;
  name: string;
  cover: string;
  documents: HomeDocument[];
}

/** List style: three covers a row on a phone (six there), four on a tablet, all eight in one row on a desktop. */
const LIST_GRID = 'grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-4 lg:grid-cols-8 max-sm:[&>li:nth-child(n+7)]:hidden';

/**
 * The newest documents of each top-level category from `document.home` (V1 asks for 8 a category, V2 for 6),
 * categories without documents skipped (moredoc-facts §21.1).
 */
export function useCategoryBlocks(input: typeof HOME_INPUTS.categoryBlocks) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.document.home.queryOptions(input), enabled: useCanBrowse() });
  const blocks = React.useMemo<Block[]>(
    () =>
      visibleCategoryBlocks(q.data?.document).map((b) => ({
        id: b.category_id,
        name: b.category_name,
        cover: b.category_cover,
        documents: b.document.map(toHomeDocument),
      })),
    [q.data],
  );
  return { query: q, blocks };
}

/**
 * The newest documents of each top-level category (moredoc-facts §21.1 V1 item 8), categories without documents
 * skipped: `card` = two blocks a row, a cover beside the first five titles; `list` = a row of covers per category.
 */
export function CategoryBlocks({ style }: { style: HomeDocumentStyle }) {
  const { query: q, blocks } = useCategoryBlocks(HOME_INPUTS.categoryBlocks);
  if (q.error && !q.data) return <BlockError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return style === 'card' ? <CardBlocksSkeleton /> : <CoverGridSkeleton count={8} className={LIST_GRID} />;
  if (blocks.length === 0) return null;
  return style === 'card' ? (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="home-category-blocks" data-style="card">
      {blocks.map((b) => (
        <CardBlock key={b.id} block={b} />
      ))}
    </div>
  ) : (
    <div className="grid grid-cols-1 gap-8" data-testid="home-category-blocks" data-style="list">
      {blocks.map((b) => (
        <BlockSection key={b.id} block={b}>
          <ul className={LIST_GRID}>
            {b.documents.map((d) => (
              <li key={d.id} className="min-w-0">
                <DocumentCoverCard doc={d} />
              </li>
            ))}
          </ul>
        </BlockSection>
      ))}
    </div>
  );
}

/** A category block as a home section: the category's name, a folder icon and the link to the category's page. */
export function BlockSection({
  block,
  moreLabel,
  className,
  children,
}: {
  block: Block;
  moreLabel?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <HomeSection
      id={`home-category-${block.id}`}
      title={block.name}
      icon={<FolderOpenIcon />}
      moreHref={categoryHref(0, block.id)}
      moreLabel={moreLabel}
      className={className}
    >
      {children}
    </HomeSection>
  );
}

function CardBlock({ block }: { block: Block }) {
  const { t } = useTranslation();
  const vipEnabled = useVipEnabled();
  // The category's own cover, else its newest document's, else its name on a tinted tile.
  const cover = block.cover || block.documents.find((d) => d.cover)?.cover || '';
  const href = categoryHref(0, block.id);
  const headingId = `home-category-${block.id}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 overflow-hidden rounded-xl border bg-card shadow-xs">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
        <h2 id={headingId} className="flex min-w-0 items-center gap-2 font-semibold">
          <FolderOpenIcon className="size-4 shrink-0 text-primary" aria-hidden />
          <SmartLink href={href} className="truncate hover:text-primary">
            {block.name}
          </SmartLink>
        </h2>
        <MoreLink href={href} />
      </div>
      <div className="flex gap-4 p-4">
        <SmartLink
          href={href}
          tabIndex={-1}
          aria-hidden
          className="hidden w-24 shrink-0 overflow-hidden rounded-lg border bg-muted sm:block"
        >
          {cover ? (
            <img
              src={cover}
              alt=""
              loading="lazy"
              decoding="async"
              className="aspect-[210/297] size-full object-cover"
            />
          ) : (
            <span className="flex aspect-[210/297] flex-col items-center justify-center gap-2 bg-gradient-to-b from-primary/10 to-primary/25 p-2 text-center text-primary">
              <FolderOpenIcon className="size-7" />
              <span className="line-clamp-2 font-medium text-xs">{block.name}</span>
            </span>
          )}
        </SmartLink>
        <ul className="grid min-w-0 flex-1 content-start">
          {block.documents.slice(0, CARD_BLOCK_TITLES).map((d) => (
            <li key={d.id} className="flex min-w-0 items-center gap-2 py-1.5 text-sm">
              <FileKindIcon ext={d.ext} className="size-4" />
              <DocumentLink doc={d} className="min-w-0 flex-1 truncate hover:text-primary" />
              {d.is_vip && vipEnabled ? (
                <CrownIcon
                  className="size-3.5 shrink-0 text-amber-500"
                  role="img"
                  aria-label={t('documents.vip.document')}
                />
              ) : null}
              <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
                {t('home.pages', { count: d.pages })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CardBlocksSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy>
      {Array.from({ length: 2 }, (_, i) => (
        <div key={i} className="grid gap-3 rounded-xl border p-4">
          <Skeleton className="h-5 w-32" />
          <div className="flex gap-4">
            <Skeleton className="hidden aspect-[210/297] w-24 sm:block" />
            <div className="grid flex-1 content-start gap-3">
              {Array.from({ length: CARD_BLOCK_TITLES }, (_, j) => (
                <Skeleton key={j} className="h-4" />
              ))}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
