import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { userVipOutput } from '@wenku/shared';
import * as React from 'react';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { listRouteOptions, listSearchSchema, toListInput } from '@/components/admin/list-search';
import { MultiSelectFilter } from '@/components/admin/multi-select-filter';
import { useAdminList } from '@/components/admin/use-admin-list';
import { UserPicker } from '@/components/moderation/user-picker';
import { Badge } from '@/components/ui/misc';
import { formatDateTime } from '@/lib/dates';
import { z } from '@/lib/search-schema';
import { numbersToValues, optionalNumbers, valuesToNumbers } from '../-order/list-filters';
import { isUnlimited, VIP_KIND_TONE, VIP_KINDS, vipDiscount, vipExpired, vipKindKey } from './-components/vip-labels';

type UserVip = z.infer<typeof userVipOutput>;

const searchSchema = z.extend(listSearchSchema, { type: optionalNumbers, user_id: optionalNumbers });
type Search = z.output<typeof searchSchema>;

const toInput = (s: Search) =>
  toListInput({ ...s, wd: undefined, order: undefined }, { type: s.type, user_id: s.user_id });

export const Route = createFileRoute('/admin/user/vip')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.vip.list.queryOptions(toInput(deps))),
  component: VipListPage,
});

/** 会员管理 (moredoc-pro-facts §5.5): every VIP record with its terms, read-only (VIP is bought, never granted here). */
function VipListPage() {
  const { t, trpc, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({ ...trpc.vip.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  // 已过期 against the time the rows were read.
  const now = list.dataUpdatedAt || Date.now();

  const columns = React.useMemo<ColumnDef<UserVip>[]>(() => {
    const quota = (n: number) =>
      isUnlimited(n) ? <span className="text-muted-foreground">{t('admin.vip.unlimited')}</span> : n;
    return [
      idColumn(),
      {
        id: 'type',
        header: t('admin.vip.type'),
        cell: ({ row: { original: v } }) => (
          <Badge variant={VIP_KIND_TONE[v.type] ?? 'outline'}>
            {t(vipKindKey(v.type), { defaultValue: String(v.type) })}
          </Badge>
        ),
      },
      {
        id: 'username',
        header: t('admin.vip.user'),
        cell: ({ row: { original: v } }) => (
          <a
            href={`/user/${v.user_id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="whitespace-nowrap font-medium hover:text-primary hover:underline"
          >
            {v.username || `#${v.user_id}`}
          </a>
        ),
      },
      {
        id: 'discount',
        header: t('admin.vip.discount'),
        cell: ({ row: { original: v } }) => {
          const d = vipDiscount(v.discount);
          return d ? (
            <span className="whitespace-nowrap">{t('admin.vip.discountValue', d)}</span>
          ) : (
            <span className="text-muted-foreground">{t('admin.vip.noDiscount')}</span>
          );
        },
      },
      { id: 'download', header: t('admin.vip.download'), cell: ({ row: { original: v } }) => quota(v.download) },
      { id: 'download_used', header: t('admin.vip.downloadUsed'), accessorFn: (v) => v.download_used },
      { id: 'times', header: t('admin.vip.times'), cell: ({ row: { original: v } }) => quota(v.times) },
      {
        id: 'joined_at',
        header: t('admin.vip.joinedAt'),
        cell: ({ row: { original: v } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(v.joined_at)}</span>
        ),
      },
      {
        id: 'expired_at',
        header: t('admin.vip.expiredAt'),
        cell: ({ row: { original: v } }) => (
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-xs">
            {formatDateTime(v.expired_at)}
            {vipExpired(v.expired_at, now) ? <Badge variant="secondary">{t('admin.vip.expired')}</Badge> : null}
          </span>
        ),
      },
    ];
  }, [t, now]);

  return (
    <AdminPage title={t('admin.menu.user_vip')} description={t('admin.vip.description')}>
      <FilterBar>
        <MultiSelectFilter
          aria-label={t('admin.vip.type')}
          placeholder={t('admin.vip.typePlaceholder')}
          value={numbersToValues(search.type)}
          onChange={(v) => setSearch({ type: valuesToNumbers(v) })}
          options={VIP_KINDS.map((k) => ({ value: String(k), label: t(vipKindKey(k)) }))}
        />
        <UserPicker
          className="sm:w-72"
          value={search.user_id ?? []}
          onChange={(ids) => setSearch({ user_id: ids.length ? ids : undefined })}
          placeholder={t('admin.vip.userPlaceholder')}
          aria-label={t('admin.vip.user')}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.user_vip}
        getRowId={(v) => String(v.id)}
        {...tableProps(list)}
        emptyText={t('admin.vip.empty')}
        minWidth={1040}
      />
    </AdminPage>
  );
}
