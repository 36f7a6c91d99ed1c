import { Link } from '@tanstack/react-router';
import * as React from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { SearchInput } from '@/components/admin/search-input';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { ME_PAGE_SIZE, MeListBody, MeListCard, MeListEmpty, MePager } from './me-list';

const ALL = 'all';

/** The URL search of a /me list page. */
export interface MyItemsSearch {
  page?: number;
  status?: number;
  wd?: string;
}

/**
 * The list input of a member's own items in every status: one page, by status and words if given (moredoc-facts §9:
 * an author listing their own may filter by status).
 */
export const myItemsInput = (userId: number, s: MyItemsSearch) => ({
  user_id: [userId],
  page: s.page ?? 1,
  size: ME_PAGE_SIZE,
  ...(s.status !== undefined ? { status: [s.status] } : {}),
  ...(s.wd ? { wd: s.wd } : {}),
});

export interface MyItemsCardProps<T extends { id: number; title: string }> {
  /** Whose texts: `<ns>.mine.*`, `<ns>.status.*` and `<ns>.actions.delete*`. */
  ns: 'article' | 'documents';
  /** The way to add one (write, upload): in the header, and again under an empty list. */
  addLink: { to: '/post' | '/upload'; icon: React.ReactNode; label: string };
  search: MyItemsSearch;
  /** The route's `useNavigate()`: filters go to the URL (back to page 1), as does the page. */
  navigate: (options: { search: (prev: MyItemsSearch) => MyItemsSearch; replace?: boolean }) => Promise<void>;
  statuses: readonly number[];
  statusFilter: { label: string; className: string };
  /** The list query and its rows (undefined until the first page arrives). */
  query: { data?: { total: number }; error: unknown; refetch: () => unknown; isPlaceholderData: boolean };
  rows: readonly T[] | undefined;
  skeletonClassName: string;
  emptyIcon: React.ReactNode;
  listTestId: string;
  renderRow: (row: T, onDelete: () => void) => React.ReactNode;
  remove: (row: T) => Promise<unknown>;
  /** Further dialogs of the page (editing). */
  children?: React.ReactNode;
}

/**
 * A member's own items on a /me page (with its title): search, a status filter, the rows with their loading, error
 * and empty states, paging, and deleting one after a confirmation.
 */
export function MyItemsCard<T extends { id: number; title: string }>(props: MyItemsCardProps<T>) {
  const { t } = useTranslation();
  const { ns, query, rows, search, navigate } = props;
  const setSearch = (patch: Partial<MyItemsSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), replace: true });
  usePageTitle(t(`${ns}.mine.title`));
  const addButton = (
    <Button asChild size="sm">
      <Link to={props.addLink.to}>
        {props.addLink.icon}
        {props.addLink.label}
      </Link>
    </Button>
  );
  const [deleting, setDeleting] = React.useState<T | null>(null);

  const body = (
    <MeListBody
      query={query}
      rows={query.data ? rows : undefined}
      skeleton={{ count: 4, className: props.skeletonClassName }}
      empty={
        <MeListEmpty icon={props.emptyIcon} className="gap-3 text-center">
          <p>{search.wd || search.status !== undefined ? t(`${ns}.mine.noMatch`) : t(`${ns}.mine.empty`)}</p>
          {addButton}
        </MeListEmpty>
      }
    >
      {(shown) => (
        <ul className={query.isPlaceholderData ? 'divide-y opacity-60' : 'divide-y'} data-testid={props.listTestId}>
          {shown.map((row) => props.renderRow(row, () => setDeleting(row)))}
        </ul>
      )}
    </MeListBody>
  );

  return (
    <MeListCard
      title={t(`${ns}.mine.title`)}
      actions={addButton}
      after={
        <>
          {props.children}
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && setDeleting(null)}
            destructive
            title={t(`${ns}.actions.deleteTitle`)}
            description={t(`${ns}.actions.deleteConfirm`, { title: deleting?.title ?? '' })}
            confirmText={t('delete')}
            onConfirm={() => (deleting ? props.remove(deleting) : undefined)}
          />
        </>
      }
    >
      <div className="flex flex-wrap gap-2">
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} placeholder={t(`${ns}.mine.search`)} />
        <Select
          value={search.status === undefined ? ALL : String(search.status)}
          onValueChange={(v) => setSearch({ status: v === ALL ? undefined : Number(v) })}
        >
          <SelectTrigger className={`w-full ${props.statusFilter.className}`} aria-label={props.statusFilter.label}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t(`${ns}.mine.allStatus`)}</SelectItem>
            {props.statuses.map((s) => (
              <SelectItem key={s} value={String(s)}>
                {t(`${ns}.status.${s}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {body}
      <MePager
        total={query.data?.total}
        page={search.page ?? 1}
        onChange={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </MeListCard>
  );
}
