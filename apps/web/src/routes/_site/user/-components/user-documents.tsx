import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileStackIcon } from 'lucide-react';
import { QueryErrorCard } from '@/components/admin/query-state';
import { coverLoading } from '@/components/documents/document-cover';
import { DocumentCard, DocumentGridSkeleton } from '@/components/documents/document-items';
import { ListingTotal, TopPager } from '@/components/documents/pager';
import { SortTabs } from '@/components/documents/sort-tabs';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/i18n/areas/member';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { USER_DOCUMENTS_PAGE_SIZE, type UserDocumentsSearch, userDocumentsInput } from './user-documents-search';

/** The member's documents as a card grid, with loading, error and empty states; pages and sorts when asked. */
export function UserDocumentGrid({
  userId,
  search,
  size = USER_DOCUMENTS_PAGE_SIZE,
  onSearch,
}: {
  userId: number;
  search: UserDocumentsSearch;
  size?: number;
  /** Without it the grid is a fixed preview: no sort tabs, no pages. */
  onSearch?: (patch: UserDocumentsSearch) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useDocumentSettings();
  const list = useQuery({
    ...trpc.document.list.queryOptions(userDocumentsInput(userId, search, size)),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="grid gap-4">
      {onSearch ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SortTabs value={search.sort} onChange={(sort) => onSearch({ page: undefined, sort })} />
          <ListingTotal total={list.data?.total} />
        </div>
      ) : null}

      <section
        aria-label={t('me.user.documents')}
        aria-busy={list.isFetching}
        className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}
      >
        {list.error && !list.data ? (
          <QueryErrorCard query={list} />
        ) : !list.data ? (
          <DocumentGridSkeleton count={Math.min(size, 8)} />
        ) : list.data.document.length === 0 ? (
          <Card className="items-center gap-3 py-16 text-center" data-testid="user-documents-empty">
            <FileStackIcon className="size-10 text-muted-foreground/60" />
            <p className="text-muted-foreground">{t('me.user.noDocuments')}</p>
          </Card>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" data-testid="user-documents">
            {list.data.document.map((d, i) => (
              <li key={d.id} className="min-w-0">
                <DocumentCard doc={d} creditName={settings.creditName} loading={coverLoading(i)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {onSearch && (
        <TopPager
          total={list.data?.total}
          page={search.page ?? 1}
          size={size}
          onChange={(page) => onSearch({ page: page === 1 ? undefined : page })}
        />
      )}
    </div>
  );
}
