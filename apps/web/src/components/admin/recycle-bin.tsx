import { ArchiveRestoreIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { DeleteAction, RowAction, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn } from '@/components/admin/columns';
import { DataTable, type DataTableProps } from '@/components/admin/data-table';
import type { InvalidateFilter } from '@/components/admin/entity-mutations';
import { useListActions } from '@/components/admin/list-actions';
import { SearchInput } from '@/components/admin/search-input';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';

/** The words of one entity's recycle bin (each entity keeps its own i18n keys). */
export interface RecycleBinTexts<T> {
  restore: string;
  restoreConfirm: (rows: T[]) => string;
  restored: string;
  purge: string;
  purgeConfirm: (rows: T[]) => string;
  purged: string;
  clear: string;
  clearConfirm: string;
  cleared: string;
}

export interface RecycleBinPageProps<T extends { id: number }>
  extends Omit<DataTableProps<T>, 'getRowId' | 'selectable' | 'bulkActions'> {
  title: React.ReactNode;
  description: React.ReactNode;
  searchPlaceholder: string;
  wd: string | undefined;
  onSearch: (wd: string | undefined) => void;
  texts: RecycleBinTexts<T>;
  /** The entity's recycle procedures: restore and delete for good take ids; `clear` empties the bin. */
  restore: (id: number[]) => Promise<unknown>;
  purge: (id: number[]) => Promise<unknown>;
  clear: () => Promise<unknown>;
  /** What refreshes after a change: the entity router's `pathFilter()`. */
  refresh: InvalidateFilter;
  can: { restore: boolean; purge: boolean; clear: boolean };
}

/**
 * A recycle bin in the back office: deleted rows with a search, to restore or delete for good one by one or in bulk,
 * or to empty the bin; every action asks first, then a toast says so and the entity's lists refresh. `columns` are
 * the entity's own; the actions column is added here.
 */
export function RecycleBinPage<T extends { id: number }>({
  title,
  description,
  searchPlaceholder,
  wd,
  onSearch,
  texts,
  restore: restoreIds,
  purge: purgeIds,
  clear: clearAll,
  refresh,
  can,
  columns,
  ...table
}: RecycleBinPageProps<T>) {
  const { t } = useTranslation();
  const { confirmRun } = useListActions(refresh);
  // The latest texts and calls without making the row actions change on every render (the columns depend on them).
  const latest = React.useRef({ texts, restoreIds, purgeIds });
  latest.current = { texts, restoreIds, purgeIds };

  const restore = React.useCallback(
    (rows: T[], done?: () => void) => {
      const { texts, restoreIds } = latest.current;
      confirmRun({
        title: texts.restore,
        description: texts.restoreConfirm(rows),
        action: () => restoreIds(rows.map((r) => r.id)),
        success: texts.restored,
        done,
      });
    },
    [confirmRun],
  );
  const purge = React.useCallback(
    (rows: T[], done?: () => void) => {
      const { texts, purgeIds } = latest.current;
      confirmRun({
        title: texts.purge,
        description: texts.purgeConfirm(rows),
        destructive: true,
        confirmText: texts.purge,
        action: () => purgeIds(rows.map((r) => r.id)),
        success: texts.purged,
        done,
      });
    },
    [confirmRun],
  );
  const emptyBin = () =>
    confirmRun({
      title: texts.clear,
      description: texts.clearConfirm,
      destructive: true,
      confirmText: texts.clear,
      action: clearAll,
      success: texts.cleared,
    });

  const canRestore = can.restore;
  const canPurge = can.purge;
  const restoreLabel = texts.restore;
  const withActions = React.useMemo<typeof columns>(
    () => [
      ...columns,
      actionsColumn<T>(t, (row) => (
        <RowActions>
          {canRestore ? (
            <RowAction label={restoreLabel} onClick={() => restore([row])}>
              <ArchiveRestoreIcon />
            </RowAction>
          ) : null}
          {canPurge ? <DeleteAction onClick={() => purge([row])} /> : null}
        </RowActions>
      )),
    ],
    [columns, t, canRestore, canPurge, restoreLabel, restore, purge],
  );

  return (
    <AdminPage
      title={title}
      description={description}
      actions={
        can.clear ? (
          <Button variant="destructive" onClick={emptyBin} disabled={(table.total ?? 0) === 0}>
            <Trash2Icon />
            {texts.clear}
          </Button>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={wd} onChange={onSearch} placeholder={searchPlaceholder} />
      </FilterBar>
      <DataTable
        {...table}
        columns={withActions}
        getRowId={(row) => String(row.id)}
        selectable={canRestore || canPurge}
        bulkActions={(rows, done) => (
          <>
            {canRestore ? (
              <Button size="sm" variant="outline" onClick={() => restore(rows, done)}>
                <ArchiveRestoreIcon />
                {texts.restore}
              </Button>
            ) : null}
            {canPurge ? (
              <Button size="sm" variant="destructive" onClick={() => purge(rows, done)}>
                <Trash2Icon />
                {texts.purge}
              </Button>
            ) : null}
          </>
        )}
      />
    </AdminPage>
  );
}
