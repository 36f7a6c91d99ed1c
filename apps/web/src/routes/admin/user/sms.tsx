import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { SmsDTO } from '@wenku/shared';
import * as React from 'react';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { createdAtColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { NumberFilter } from '@/components/admin/filters';
import {
  listParam,
  listRouteOptions,
  listSearchSchema,
  optionalNumber,
  toListInput,
} from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { UserPicker } from '@/components/moderation/user-picker';
import { Badge } from '@/components/ui/misc';
import { formatDateTime } from '@/lib/dates';
import { optionalText, z } from '@/lib/search-schema';

const searchSchema = z.extend(listSearchSchema, {
  type: optionalNumber,
  status: optionalNumber,
  mobile: optionalText(20),
  user_id: optionalNumber,
});
type Search = z.output<typeof searchSchema>;

const toInput = (s: Search) =>
  toListInput(s, {
    type: listParam(s.type),
    status: listParam(s.status),
    mobile: s.mobile,
    user_id: listParam(s.user_id),
  });

export const Route = createFileRoute('/admin/user/sms')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.sms.list.queryOptions(toInput(deps))),
  component: SmsListPage,
});

const TYPES = [0, 1, 2] as const;
const STATUSES = [0, 1, 2] as const;
const STATUS_TONE: Record<number, 'secondary' | 'success' | 'destructive'> = {
  0: 'secondary',
  1: 'success',
  2: 'destructive',
};

/** 短信管理 (moredoc-pro-facts §8.4): the read-only log of SMS codes sent, the code itself never shown. */
function SmsListPage() {
  const { t, trpc, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({ ...trpc.sms.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });

  const columns = React.useMemo<ColumnDef<SmsDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'type',
        accessorKey: 'type',
        header: t('auth.smsLog.type'),
        enableSorting: true,
        cell: ({ row: { original: s } }) => (
          <span className="whitespace-nowrap">
            {t(`auth.smsLog.types.${s.type}`, { defaultValue: String(s.type) })}
          </span>
        ),
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('auth.smsLog.status'),
        enableSorting: true,
        cell: ({ row: { original: s } }) => (
          <Badge variant={STATUS_TONE[s.status] ?? 'secondary'}>
            {t(`auth.smsLog.statuses.${s.status}`, { defaultValue: String(s.status) })}
          </Badge>
        ),
      },
      {
        id: 'user',
        header: t('auth.smsLog.user'),
        cell: ({ row: { original: s } }) =>
          s.user_id > 0 ? (
            <a
              href={`/user/${s.user_id}`}
              target="_blank"
              rel="noopener noreferrer"
              className="whitespace-nowrap font-medium hover:text-primary hover:underline"
            >
              {s.username || `#${s.user_id}`}
            </a>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      {
        id: 'mobile',
        header: t('auth.smsLog.mobile'),
        cell: ({ row: { original: s } }) => <span className="whitespace-nowrap font-mono text-xs">{s.mobile}</span>,
      },
      {
        id: 'code',
        header: t('auth.smsLog.code'),
        cell: ({ row: { original: s } }) => <span className="font-mono text-muted-foreground text-xs">{s.code}</span>,
      },
      {
        id: 'ip',
        header: t('auth.smsLog.ip'),
        cell: ({ row: { original: s } }) => <span className="whitespace-nowrap text-xs">{s.ip || '-'}</span>,
      },
      {
        id: 'provider',
        header: t('auth.smsLog.provider'),
        cell: ({ row: { original: s } }) => (
          <span className="whitespace-nowrap">
            {s.provider ? t(`auth.smsLog.providers.${s.provider}`, { defaultValue: s.provider }) : '-'}
          </span>
        ),
      },
      {
        id: 'error',
        header: t('auth.smsLog.error'),
        meta: { className: 'min-w-32' },
        cell: ({ row: { original: s } }) =>
          s.error ? (
            <span className="line-clamp-2 max-w-48 text-destructive text-xs" title={s.error}>
              {s.error}
            </span>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      {
        id: 'response',
        header: t('auth.smsLog.response'),
        meta: { className: 'min-w-40' },
        cell: ({ row: { original: s } }) =>
          s.response ? (
            <span className="line-clamp-2 max-w-60 break-all font-mono text-xs" title={s.response}>
              {s.response}
            </span>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      { ...createdAtColumn<SmsDTO>(t, { sortable: true }), header: t('auth.smsLog.createdAt') },
      {
        id: 'updated_at',
        header: t('auth.smsLog.updatedAt'),
        cell: ({ row: { original: s } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(s.updated_at)}</span>
        ),
      },
    ],
    [t],
  );

  return (
    <AdminPage title={t('admin.menu.user_sms')} description={t('auth.smsLog.description')}>
      <FilterBar>
        <SearchInput
          value={search.mobile}
          onChange={(mobile) => setSearch({ mobile })}
          placeholder={t('auth.smsLog.mobileFilter')}
        />
        <UserPicker
          multiple={false}
          className="sm:w-52"
          value={search.user_id ? [search.user_id] : []}
          onChange={(ids) => setSearch({ user_id: ids[0] })}
          placeholder={t('auth.smsLog.memberFilter')}
          aria-label={t('auth.smsLog.memberFilter')}
        />
        <NumberFilter
          label={t('auth.smsLog.type')}
          allLabel={t('auth.smsLog.allTypes')}
          value={search.type}
          onChange={(type) => setSearch({ type })}
          className="w-full sm:w-36"
          options={TYPES.map((n) => ({ value: String(n), label: t(`auth.smsLog.types.${n}`) }))}
        />
        <NumberFilter
          label={t('auth.smsLog.status')}
          allLabel={t('auth.smsLog.allStatus')}
          value={search.status}
          onChange={(status) => setSearch({ status })}
          className="w-full sm:w-36"
          options={STATUSES.map((n) => ({ value: String(n), label: t(`auth.smsLog.statuses.${n}`) }))}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.sms}
        getRowId={(s) => String(s.id)}
        {...tableProps(list)}
        emptyText={t('auth.smsLog.empty')}
        minWidth={1280}
      />
    </AdminPage>
  );
}
