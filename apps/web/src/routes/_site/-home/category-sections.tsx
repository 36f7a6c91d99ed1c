import { DocumentCoverOf, DocumentLink } from '@/components/documents/document-link';
import { useTranslation } from '@/i18n/react';
import { type Block, BlockSection, useCategoryBlocks } from './category-blocks';
import { HOME_INPUTS } from './home-blocks';
import { BlockError, RowListSkeleton } from './home-parts';

const SECTION = 'rounded-xl border bg-card p-4 shadow-xs';
const GRID = 'grid grid-cols-2 gap-x-3 gap-y-4 xl:grid-cols-3';

/**
 * The per-category blocks of V2 (moredoc-facts §21.1, `document/home?limit=6`): each top-level category with
 * documents, its six newest as small covers with title and pages, and "查看更多".
 */
export function CategorySections() {
  const { t } = useTranslation();
  const { query: q, blocks } = useCategoryBlocks(HOME_INPUTS.categorySections);
  if (q.error && !q.data) return <BlockError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) {
    return (
      <div className={SECTION}>
        <RowListSkeleton count={6} className={GRID} />
      </div>
    );
  }
  if (blocks.length === 0) return null;
  return (
    <div className="grid gap-6" data-testid="home-category-sections">
      {blocks.map((b) => (
        <BlockSection key={b.id} block={b} moreLabel={t('home.v2.viewMore')} className={SECTION}>
          <CategoryDocuments block={b} />
        </BlockSection>
      ))}
    </div>
  );
}

function CategoryDocuments({ block }: { block: Block }) {
  const { t } = useTranslation();
  return (
    <ul className={GRID}>
      {block.documents.map((d) => (
        <li key={d.id} className="min-w-0">
          <DocumentLink doc={d} className="group flex min-w-0 gap-2.5">
            <DocumentCoverOf
              doc={d}
              vip={false}
              className="w-11 shrink-0 rounded-md border transition-colors group-hover:border-primary/40"
            />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="line-clamp-2 text-sm leading-5 group-hover:text-primary">{d.title}</span>
              <span className="text-muted-foreground text-xs tabular-nums">{t('home.pages', { count: d.pages })}</span>
            </span>
          </DocumentLink>
        </li>
      ))}
    </ul>
  );
}
