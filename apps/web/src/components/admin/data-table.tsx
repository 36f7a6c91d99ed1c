import {
  type ColumnDef,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/form-controls';
import { Skeleton } from '@/components/ui/misc';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { Pagination } from './pagination';
import { EmptyState, QueryError } from './query-state';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the header and body cells of the column (width, alignment). */
    className?: string;
  }
}

/** moredoc lists take `order: 'field desc'` (moredoc-facts §1); the table works with TanStack's sorting state. */
export function orderToSorting(order: string | undefined): SortingState {
  const [id, dir] = (order ?? '').trim().split(/\s+/);
  return id ? [{ id, desc: dir?.toLowerCase() !== 'asc' }] : [];
}
export function sortingToOrder(sorting: SortingState): string | undefined {
  const first = sorting[0];
  return first ? `${first.id} ${first.desc ? 'desc' : 'asc'}` : undefined;
}

/** Props of a body row given to `rowComponent`: the TableRow's (cells as children, selection state) and the row. */
export type DataTableRowProps<T> = React.ComponentProps<'tr'> & { row: Row<T> };

export interface DataTableProps<T> {
  columns: ColumnDef<T>[];
  /** Rows of the current page; undefined while the first load runs. */
  data: readonly T[] | undefined;
  getRowId: (row: T) => string;
  /** Server-side paging: the total row count, current page (1-based) and page size. */
  total?: number;
  page?: number;
  size?: number;
  onPageChange?: (page: number, size: number) => void;
  /** Server-side sorting, moredoc style. Columns opt in with `enableSorting: true`; the column id is the field. */
  order?: string;
  onOrderChange?: (order: string | undefined) => void;
  /** First load in progress (skeleton rows). */
  loading?: boolean;
  /** A background refetch is running (the rows dim a little). */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Adds a checkbox column; `bulkActions` renders above the table while rows are selected. */
  selectable?: boolean | ((row: T) => boolean);
  bulkActions?: (rows: T[], clear: () => void) => React.ReactNode;
  /** Tree mode: children of a row (no paging; all nodes expanded at first). */
  getSubRows?: (row: T) => T[] | undefined;
  /** Controlled expansion of tree rows (expand all / collapse all buttons); internal when omitted. */
  expanded?: ExpandedState;
  onExpandedChange?: (expanded: ExpandedState) => void;
  emptyText?: React.ReactNode;
  /**
   * Renders each body row in place of the plain TableRow (a sortable row for drag and drop, say); it renders a
   * TableRow with the props it gets. Keep it stable (a component, not an inline function): a new one remounts rows.
   */
  rowComponent?: React.ComponentType<DataTableRowProps<T>>;
  /** Below this width the table scrolls horizontally (phones). */
  minWidth?: number;
  className?: string;
}

// Kept in list-search.ts, which the route definitions import: this module brings TanStack Table with it.
export { queryTableState } from './list-search';

const SKELETON_ROWS = 5;

/**
 * The admin grid: TanStack Table over the Table primitives, with server-side paging and sorting, row selection for
 * bulk actions, skeleton rows while loading, and empty and error states.
 */
export function DataTable<T>({
  columns,
  data,
  getRowId,
  total,
  page = 1,
  size = 10,
  onPageChange,
  order,
  onOrderChange,
  loading,
  fetching,
  error,
  onRetry,
  selectable,
  bulkActions,
  getSubRows,
  expanded: expandedProp,
  onExpandedChange,
  emptyText,
  rowComponent: RowComponent,
  minWidth = 760,
  className,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [rowSelection, setRowSelection] = React.useState<RowSelectionState>({});
  const [expandedState, setExpandedState] = React.useState<ExpandedState>(true);
  const expanded = expandedProp ?? expandedState;
  const setExpanded = (updater: Updater<ExpandedState>) => {
    const next = typeof updater === 'function' ? updater(expanded) : updater;
    if (onExpandedChange) onExpandedChange(next);
    else setExpandedState(next);
  };
  const rows = React.useMemo(() => (data ? [...data] : []), [data]);

  // A new page or a refetch replaces the rows: a selection of rows no longer shown would act on invisible data.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on new data only
  React.useEffect(() => setRowSelection({}), [data]);

  const sorting = React.useMemo(() => orderToSorting(order), [order]);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    onOrderChange?.(sortingToOrder(next));
  };

  const allColumns = React.useMemo<ColumnDef<T>[]>(() => {
    if (!selectable) return columns;
    const select: ColumnDef<T> = {
      id: '_select',
      meta: { className: 'w-10' },
      enableSorting: false,
      header: ({ table }) => (
        <Checkbox
          aria-label={t('admin.table.selectAll')}
          checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
          onCheckedChange={(v) => table.toggleAllRowsSelected(v === true)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t('admin.table.selectRow')}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onCheckedChange={(v) => row.toggleSelected(v === true)}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable, t]);

  const table = useReactTable<T>({
    data: rows,
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSubRows: getSubRows as ((row: T) => T[]) | undefined,
    getExpandedRowModel: getSubRows ? getExpandedRowModel() : undefined,
    state: { sorting, rowSelection, expanded },
    onExpandedChange: setExpanded,
    manualSorting: true,
    manualPagination: true,
    enableSorting: !!onOrderChange,
    enableSortingRemoval: true,
    defaultColumn: { enableSorting: false },
    onSortingChange,
    enableRowSelection: typeof selectable === 'function' ? (row) => selectable(row.original) : !!selectable,
    enableSubRowSelection: false,
    onRowSelectionChange: setRowSelection,
  });

  const selected = table.getSelectedRowModel().flatRows.map((r) => r.original);
  const showSkeleton = loading && !data;

  let body: React.ReactNode;
  // Error and empty notices sit under the table, outside its horizontal scroll, so a wide table cannot push them
  // out of sight.
  let notice: React.ReactNode = null;
  if (error && !data) {
    notice = <QueryError error={error} onRetry={onRetry} />;
  } else if (showSkeleton) {
    body = Array.from({ length: Math.min(size, SKELETON_ROWS) }, (_, i) => (
      <TableRow key={`sk-${i}`} className="hover:bg-transparent">
        {table.getVisibleLeafColumns().map((c) => (
          <TableCell key={c.id}>
            <Skeleton className="h-5 w-full max-w-40" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (table.getRowModel().rows.length === 0) {
    notice = <EmptyState>{emptyText}</EmptyState>;
  } else {
    body = table.getRowModel().rows.map((row) => {
      const state = row.getIsSelected() ? 'selected' : undefined;
      const cells = row.getVisibleCells().map((cell) => (
        <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </TableCell>
      ));
      return RowComponent ? (
        <RowComponent key={row.id} row={row} data-state={state}>
          {cells}
        </RowComponent>
      ) : (
        <TableRow key={row.id} data-state={state}>
          {cells}
        </TableRow>
      );
    });
  }

  return (
    <div className={cn('grid min-w-0 grid-cols-1 gap-3', className)}>
      {bulkActions && selected.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm">
          <span className="text-muted-foreground">{t('admin.table.selected', { count: selected.length })}</span>
          {bulkActions(selected, () => setRowSelection({}))}
        </div>
      ) : null}
      <div className="rounded-lg border bg-card">
        <Table
          style={{ minWidth }}
          className={cn('transition-opacity', fetching && !showSkeleton && data ? 'opacity-70' : undefined)}
          aria-busy={loading || fetching ? true : undefined}
        >
          <TableHeader className="bg-muted/40">
            {table.getHeaderGroups().map((hg) => (
              <TableRow key={hg.id} className="hover:bg-transparent">
                {hg.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const dir = header.column.getIsSorted();
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <TableHead
                      key={header.id}
                      className={header.column.columnDef.meta?.className}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-accent"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {content}
                          {dir === 'asc' ? (
                            <ArrowUpIcon className="size-3.5" />
                          ) : dir === 'desc' ? (
                            <ArrowDownIcon className="size-3.5" />
                          ) : (
                            <ArrowUpDownIcon className="size-3.5 opacity-40" />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
        {notice ? <div className="border-t">{notice}</div> : null}
      </div>
      {onPageChange && total !== undefined ? (
        <Pagination total={total} page={page} size={size} onChange={onPageChange} />
      ) : null}
    </div>
  );
}

/** First cell of a tree row: indentation by depth and the expand toggle. */
export function TreeCell<T>({ row, children }: { row: Row<T>; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1" style={{ paddingLeft: row.depth * 20 }}>
      {row.getCanExpand() ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-6"
          aria-label={row.getIsExpanded() ? t('admin.table.collapse') : t('admin.table.expand')}
          aria-expanded={row.getIsExpanded()}
          onClick={row.getToggleExpandedHandler()}
        >
          {row.getIsExpanded() ? <ChevronDownIcon /> : <ChevronRightIcon />}
        </Button>
      ) : (
        <span className="inline-block size-6" />
      )}
      {children}
    </div>
  );
}
