import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { searchRecordOutput } from '@wenku/shared';
import { FilterIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { BulkDeleteButton, DeleteAction, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { NumberFilter } from '@/components/admin/filters';
import { listParam, listRouteOptions, listSearchSchema, toListInput } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { Badge } from '@/components/ui/misc';
import { formatDateTime } from '@/lib/dates';
import { optionalInt, optionalText, z } from '@/lib/search-schema';
import { formatSpendTime, SEARCH_RECORD_TYPES, searchHref, searchRecordTypeKey } from './-components/search-record';

type SearchRecord = z.infer<typeof searchRecordOutput>;

const searchSchema = z.extend(listSearchSchema, {
  ip: optionalText(64),
  // -1 is the mixed search of documents and articles, so the shared non-negative `optionalNumber` does not fit.
  type: optionalInt(-1, 1),
  // Guests (user 0) are not a user the list can filter by.
  user_id: optionalInt(1),
});
const toInput = (s: z.output<typeof searchSchema>) =>
  toListInput(s, { ip: s.ip, type: listParam(s.type), user_id: listParam(s.user_id) });

export const Route = createFileRoute('/admin/document/searchrecord')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.search.recordList.queryOptions(toInput(deps))),
  component: SearchRecordPage,
});

const TYPE_BADGE = { document: 'secondary', article: 'outline', mixed: 'default', unknown: 'outline' } as const;

/**
 * 搜索记录 (moredoc-facts §20.1): every document, article and combined search with its result count, page and time,
 * to see what visitors look for; records older than the retention days go by themselves.
 */
function SearchRecordPage() {
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({
    ...trpc.search.recordList.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
  });
  const canDelete = can('SearchRecordAPI.DeleteSearchRecord');

  const invalidate = useInvalidate(trpc.search.recordList.pathFilter());
  const askDelete = useConfirmedDelete<SearchRecord>({
    title: t('admin.searchRecord.deleteTitle'),
    description: (rows) =>
      rows.length === 1
        ? t('admin.searchRecord.deleteOne', { name: rows[0]?.keywords })
        : t('admin.common.deleteCount', { count: rows.length }),
    remove: (id) => client.search.recordDelete.mutate({ id }),
    refresh: invalidate,
  });

  // The name of the filtered user, from any of their rows (the URL only carries the id).
  const filteredUser = search.user_id;
  const filteredName =
    filteredUser === undefined
      ? ''
      : list.data?.search_record.find((r) => r.user_id === filteredUser)?.username || `#${filteredUser}`;
  // The user filter button sits in the columns, which should not be rebuilt on every render.
  const filterByUser = React.useRef((user_id: number) => setSearch({ user_id }));
  filterByUser.current = (user_id: number) => setSearch({ user_id });

  const columns = React.useMemo<ColumnDef<SearchRecord>[]>(
    () => [
      {
        id: 'keywords',
        header: t('admin.searchRecord.keywords'),
        meta: { className: 'min-w-32' },
        cell: ({ row: { original: r } }) => (
          <a
            href={searchHref(r.keywords, r.type)}
            target="_blank"
            rel="noopener noreferrer"
            className="line-clamp-2 max-w-48 break-all font-medium hover:text-primary hover:underline"
            title={t('admin.searchRecord.openSearch')}
          >
            {r.keywords}
          </a>
        ),
      },
      {
        id: 'type',
        header: t('admin.searchRecord.type'),
        cell: ({ row: { original: r } }) => {
          const key = searchRecordTypeKey(r.type);
          return <Badge variant={TYPE_BADGE[key]}>{t(`admin.searchRecord.types.${key}`)}</Badge>;
        },
      },
      {
        id: 'total',
        accessorKey: 'total',
        header: t('admin.searchRecord.total'),
        enableSorting: true,
        meta: { className: 'text-right' },
        cell: ({ row: { original: r } }) => (
          <span className={r.total === 0 ? 'text-destructive tabular-nums' : 'tabular-nums'}>
            {r.total.toLocaleString()}
          </span>
        ),
      },
      {
        id: 'page',
        accessorKey: 'page',
        header: t('admin.searchRecord.page'),
        meta: { className: 'text-right' },
        cell: ({ row: { original: r } }) => <span className="tabular-nums">{r.page}</span>,
      },
      {
        id: 'spend_time',
        accessorKey: 'spend_time',
        header: t('admin.searchRecord.spendTime'),
        enableSorting: true,
        meta: { className: 'text-right' },
        cell: ({ row: { original: r } }) => (
          <span className="whitespace-nowrap text-xs tabular-nums">
            {t('admin.searchRecord.seconds', { value: formatSpendTime(r.spend_time) })}
          </span>
        ),
      },
      {
        id: 'user',
        header: t('admin.searchRecord.user'),
        cell: ({ row: { original: r } }) => (
          <span className="flex items-center gap-0.5 whitespace-nowrap text-xs">
            {r.user_id ? (
              <a
                href={`/user/${r.user_id}`}
                target="_blank"
                rel="noopener noreferrer"
                className="max-w-28 truncate hover:text-primary hover:underline"
                title={r.username || `#${r.user_id}`}
              >
                {r.username || `#${r.user_id}`}
              </a>
            ) : (
              <span className="text-muted-foreground">{t('admin.searchRecord.guest')}</span>
            )}
            {!r.user_id || search.user_id === r.user_id ? null : (
              <Button
                variant="ghost"
                size="icon"
                className="size-6 text-muted-foreground"
                aria-label={t('admin.searchRecord.onlyUser')}
                title={t('admin.searchRecord.onlyUser')}
                onClick={() => filterByUser.current(r.user_id)}
              >
                <FilterIcon className="size-3" />
              </Button>
            )}
          </span>
        ),
      },
      {
        id: 'ip',
        header: t('admin.searchRecord.ip'),
        cell: ({ row: { original: r } }) => <span className="whitespace-nowrap font-mono text-xs">{r.ip}</span>,
      },
      {
        id: 'user_agent',
        header: t('admin.searchRecord.userAgent'),
        cell: ({ row: { original: r } }) => <UserAgent value={r.user_agent} />,
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.searchRecord.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: r } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(r.created_at)}</span>
        ),
      },
      ...(canDelete
        ? [
            actionsColumn<SearchRecord>(t, (r) => (
              <RowActions>
                <DeleteAction onClick={() => askDelete([r])} />
              </RowActions>
            )),
          ]
        : []),
    ],
    [t, canDelete, askDelete, search.user_id],
  );

  return (
    <AdminPage title={t('admin.menu.document_searchrecord')} description={t('admin.searchRecord.description')}>
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('admin.searchRecord.searchKeywords')}
        />
        <SearchInput
          value={search.ip}
          onChange={(ip) => setSearch({ ip })}
          placeholder={t('admin.searchRecord.searchIp')}
          className="sm:w-44"
        />
        <NumberFilter
          label={t('admin.searchRecord.type')}
          allLabel={t('admin.searchRecord.allTypes')}
          value={search.type}
          onChange={(type) => setSearch({ type })}
          options={SEARCH_RECORD_TYPES.map((v) => ({
            value: String(v),
            label: t(`admin.searchRecord.types.${searchRecordTypeKey(v)}`),
          }))}
        />
        {filteredUser !== undefined ? (
          <Badge variant="secondary" className="h-8 gap-1 pr-1 text-sm">
            {t('admin.searchRecord.userFilter', { name: filteredName })}
            <Button
              variant="ghost"
              size="icon"
              className="size-6"
              aria-label={t('admin.searchRecord.clearUser')}
              title={t('admin.searchRecord.clearUser')}
              onClick={() => setSearch({ user_id: undefined })}
            >
              <XIcon />
            </Button>
          </Badge>
        ) : null}
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.search_record}
        getRowId={(r) => String(r.id)}
        {...tableProps(list)}
        selectable={canDelete}
        bulkActions={(rows, clear) => <BulkDeleteButton onClick={() => askDelete(rows, clear)} />}
        emptyText={t('admin.searchRecord.empty')}
        minWidth={960}
      />
    </AdminPage>
  );
}

/** A long User-Agent cut to one line; the whole text on hover (title) and on tap (popover, for phones). */
function UserAgent({ value }: { value: string }) {
  if (!value) return <span className="text-muted-foreground text-xs">-</span>;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          className="block max-w-40 cursor-help truncate text-left text-muted-foreground text-xs hover:text-foreground"
          title={value}
        >
          {value}
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-80 max-w-[calc(100vw-2rem)] break-all p-3 font-mono text-xs">{value}</PopoverContent>
    </Popover>
  );
}
