import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type OrderDTO, OrderStatus } from '@wenku/shared';
import { PackageIcon, UserRoundIcon } from 'lucide-react';
import * as React from 'react';
import { RowAction, RowActionGap, RowActions } from '@/components/admin/actions';
import { FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useListSearch } from '@/components/admin/list-search';
import { MultiSelectFilter } from '@/components/admin/multi-select-filter';
import { SearchInput } from '@/components/admin/search-input';
import { creditName } from '@/components/layout/site-settings';
import { Badge } from '@/components/ui/misc';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { useTRPC } from '@/lib/trpc';
import { numbersToValues, toOrderListInput, valuesToNumbers } from './list-filters';
import {
  formatYuan,
  ORDER_STATUS_TONE,
  ORDER_STATUSES,
  ORDER_TYPES,
  orderProductHref,
  orderStatusKey,
  orderTypeKey,
  orderUnit,
  PAYMENT_TYPES,
  paymentTypeKey,
} from './order-labels';

const route = getRouteApi('/admin/order');

const openInNewTab = (href: string) => window.open(href, '_blank', 'noopener');

const dateCell = (value: string | null, title?: string) =>
  value ? (
    <span className="whitespace-nowrap text-xs" title={title}>
      {formatDateTime(value)}
    </span>
  ) : (
    <span className="text-muted-foreground text-xs">-</span>
  );

const creditsCell = (value: number | null, credit: string) =>
  value === null ? (
    <span className="text-muted-foreground text-xs">-</span>
  ) : (
    <span className="whitespace-nowrap">
      {value} <span className="text-muted-foreground text-xs">{credit}</span>
    </span>
  );

/** 订单管理's order tab (moredoc-pro-facts §4.6): every member's orders, read-only, with links to buyer and goods. */
export function OrderList() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const credit = creditName(useSiteSettings());
  const { search, setSearch, tableProps } = useListSearch(route);
  const list = useQuery({
    ...trpc.order.list.queryOptions(toOrderListInput(search)),
    placeholderData: keepPreviousData,
  });

  const columns = React.useMemo<ColumnDef<OrderDTO>[]>(
    () => [
      idColumn(),
      {
        id: 'product_name',
        header: t('admin.order.name'),
        meta: { className: 'min-w-48' },
        cell: ({ row: { original: o } }) => {
          const href = orderProductHref(o);
          return href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="line-clamp-2 max-w-64 font-medium hover:text-primary hover:underline"
              title={o.product_name}
            >
              {o.product_name || href}
            </a>
          ) : (
            <span className="line-clamp-2 max-w-64" title={o.product_name}>
              {o.product_name || '-'}
            </span>
          );
        },
      },
      {
        id: 'order_type',
        header: t('admin.order.typeLabel'),
        cell: ({ row: { original: o } }) => (
          <span className="whitespace-nowrap">
            {t(orderTypeKey(o.order_type), { defaultValue: String(o.order_type) })}
          </span>
        ),
      },
      {
        id: 'amount',
        header: t('admin.order.amount'),
        cell: ({ row: { original: o } }) =>
          orderUnit(o) === 'yuan' ? (
            <span className="whitespace-nowrap font-medium" data-testid="order-amount">
              {t('admin.order.yuan', { money: formatYuan(o.money) })}
            </span>
          ) : (
            <span className="whitespace-nowrap font-medium" data-testid="order-amount">
              {o.amount} <span className="font-normal text-muted-foreground text-xs">{credit}</span>
            </span>
          ),
      },
      {
        id: 'status',
        header: t('admin.order.statusLabel'),
        cell: ({ row: { original: o } }) => (
          <Badge variant={ORDER_STATUS_TONE[o.status] ?? 'outline'} data-status={o.status}>
            {t(orderStatusKey(o.status), { defaultValue: String(o.status) })}
          </Badge>
        ),
      },
      {
        id: 'username',
        header: t('admin.order.user'),
        cell: ({ row: { original: o } }) => (
          <a
            href={`/user/${o.user_id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="whitespace-nowrap hover:text-primary hover:underline"
          >
            {o.username || `#${o.user_id}`}
          </a>
        ),
      },
      {
        id: 'payment_type',
        header: t('admin.order.paymentLabel'),
        cell: ({ row: { original: o } }) =>
          o.payment_type > 0 ? (
            <span className="whitespace-nowrap">
              {t(paymentTypeKey(o.payment_type), { defaultValue: String(o.payment_type) })}
            </span>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      {
        id: 'created_at',
        header: t('admin.order.createdAt'),
        cell: ({ row: { original: o } }) => dateCell(o.created_at),
      },
      { id: 'paid_at', header: t('admin.order.paidAt'), cell: ({ row: { original: o } }) => dateCell(o.paid_at) },
      {
        id: 'order_no',
        header: t('admin.order.orderNo'),
        cell: ({ row: { original: o } }) => <span className="whitespace-nowrap font-mono text-xs">{o.order_no}</span>,
      },
      { id: 'quantity', header: t('admin.order.quantity'), accessorFn: (o) => o.quantity },
      {
        // Price and discount are counted in credits: shown for orders paid in credits, a dash for those paid in yuan.
        id: 'price',
        header: t('admin.order.price'),
        cell: ({ row: { original: o } }) => creditsCell(orderUnit(o) === 'credits' ? o.price : null, credit),
      },
      {
        id: 'coupon_amount',
        header: t('admin.order.coupon'),
        cell: ({ row: { original: o } }) =>
          creditsCell(orderUnit(o) === 'credits' && o.coupon_amount > 0 ? o.coupon_amount : null, credit),
      },
      {
        id: 'closed_at',
        header: t('admin.order.closedAt'),
        // A pending order's closed_at is the deadline of its automatic closing (moredoc-pro-facts §4.2).
        cell: ({ row: { original: o } }) =>
          dateCell(o.closed_at, o.status === OrderStatus.Pending ? t('admin.order.closeDeadline') : undefined),
      },
      actionsColumn(t, (o) => {
        const product = orderProductHref(o);
        return (
          <RowActions>
            <RowAction label={t('admin.order.viewUser')} onClick={() => openInNewTab(`/user/${o.user_id}`)}>
              <UserRoundIcon />
            </RowAction>
            {product ? (
              <RowAction label={t('admin.order.viewProduct')} onClick={() => openInNewTab(product)}>
                <PackageIcon />
              </RowAction>
            ) : (
              <RowActionGap />
            )}
          </RowActions>
        );
      }),
    ],
    [t, credit],
  );

  return (
    <div className="grid gap-4">
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('admin.order.search')}
          className="sm:w-72"
        />
        <MultiSelectFilter
          aria-label={t('admin.order.statusLabel')}
          placeholder={t('admin.order.statusPlaceholder')}
          className="sm:w-40"
          value={numbersToValues(search.order_status)}
          onChange={(v) => setSearch({ order_status: valuesToNumbers(v) })}
          options={ORDER_STATUSES.map((s) => ({ value: String(s), label: t(orderStatusKey(s)) }))}
        />
        <MultiSelectFilter
          aria-label={t('admin.order.typeLabel')}
          placeholder={t('admin.order.typePlaceholder')}
          className="sm:w-40"
          value={numbersToValues(search.order_type)}
          onChange={(v) => setSearch({ order_type: valuesToNumbers(v) })}
          options={ORDER_TYPES.map((s) => ({ value: String(s), label: t(orderTypeKey(s)) }))}
        />
        <MultiSelectFilter
          aria-label={t('admin.order.paymentLabel')}
          placeholder={t('admin.order.paymentPlaceholder')}
          className="sm:w-40"
          value={numbersToValues(search.payment_type)}
          onChange={(v) => setSearch({ payment_type: valuesToNumbers(v) })}
          options={PAYMENT_TYPES.map((s) => ({ value: String(s), label: t(paymentTypeKey(s)) }))}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.order}
        getRowId={(o) => String(o.id)}
        {...tableProps(list)}
        emptyText={t('admin.order.empty')}
        minWidth={1320}
      />
    </div>
  );
}
