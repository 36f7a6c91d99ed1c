import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type OrderDTO, OrderStatus } from '@wenku/shared';
import { ReceiptTextIcon } from 'lucide-react';
import { OrderStatusBadge } from '@/components/credits/order-labels';
import { creditName } from '@/components/layout/site-settings';
import { Button } from '@/components/ui/button';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/account';
import { formatDateTime } from '@/lib/dates';
import { toastCallbacks } from '@/lib/mutation-toasts';
import { optionalInt, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';
import { ME_PAGE_SIZE, MeListBody, MeListCard, MeListEmpty, MePager } from './-components/me-list';

const TABS = [0, OrderStatus.Pending, OrderStatus.Paid, OrderStatus.Closed] as const;
const searchSchema = z.object({
  status: optionalInt(0, 3),
  page: optionalInt(1),
});

/** 我的订单 (moredoc-pro-facts §2.3): the member's orders by status tab, 20 a page, with their actions. */
export const Route = createFileRoute('/_site/me/order')({
  validateSearch: searchSchema,
  component: MyOrders,
});

function MyOrders() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useSiteSettings();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle(t('credits.myOrders.title'));
  const status = search.status ?? 0;
  const page = search.page ?? 1;
  const list = useQuery({
    ...trpc.order.mine.queryOptions({ page, size: ME_PAGE_SIZE, ...(status ? { status } : {}) }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries(trpc.order.mine.pathFilter());
  const close = useMutation(
    trpc.order.close.mutationOptions(
      toastCallbacks({
        success: t('credits.order.closeSuccess'),
        refresh: () => void refresh(),
        failed: t('credits.order.closeFailed'),
      }),
    ),
  );
  const remove = useMutation(
    trpc.order.delete.mutationOptions(
      toastCallbacks({
        success: t('credits.myOrders.deleteSuccess'),
        refresh: () => void refresh(),
        failed: t('credits.myOrders.deleteFailed'),
      }),
    ),
  );
  const busy = (o: OrderDTO) =>
    (close.isPending && close.variables?.order_no === o.order_no) ||
    (remove.isPending && remove.variables?.order_no === o.order_no);

  const actions = (o: OrderDTO) => (
    <div className="flex flex-wrap items-center gap-1">
      <Button asChild variant="link" size="sm" className="h-7 px-1.5">
        <Link to="/order" search={{ order_no: o.order_no }}>
          {t('credits.myOrders.view')}
        </Link>
      </Button>
      {o.status === OrderStatus.Pending ? (
        <>
          <Button asChild variant="link" size="sm" className="h-7 px-1.5 text-destructive">
            <Link to="/order" search={{ order_no: o.order_no }}>
              {t('credits.myOrders.pay')}
            </Link>
          </Button>
          <Button
            variant="link"
            size="sm"
            className="h-7 px-1.5 text-warning"
            disabled={busy(o)}
            onClick={() => close.mutate({ order_no: o.order_no })}
            data-testid="my-order-close"
          >
            {t('credits.myOrders.close')}
          </Button>
        </>
      ) : null}
      {o.status === OrderStatus.Closed ? (
        <Button
          variant="link"
          size="sm"
          className="h-7 px-1.5 text-muted-foreground"
          disabled={busy(o)}
          onClick={() => remove.mutate({ order_no: o.order_no })}
          data-testid="my-order-delete"
        >
          {t('credits.myOrders.delete')}
        </Button>
      ) : null}
    </div>
  );

  const body = (
    <MeListBody
      query={list}
      rows={list.data?.order}
      skeleton={{ count: 5, className: 'h-12' }}
      empty={
        <MeListEmpty icon={<ReceiptTextIcon className="size-10 opacity-60" />}>
          <p>{t('credits.myOrders.empty')}</p>
        </MeListEmpty>
      }
    >
      {(rows) => (
        <div className={list.isPlaceholderData ? 'opacity-60' : undefined} data-testid="my-orders">
          {/* Phones: one block per order; wider screens: the table of moredoc Pro. */}
          <ul className="divide-y md:hidden">
            {rows.map((o) => (
              <li key={o.order_no} className="grid gap-1.5 py-3">
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0 break-all font-medium">{o.product_name}</span>
                  <OrderStatusBadge status={o.status} className="shrink-0" />
                </div>
                <p className="break-all text-muted-foreground text-xs">
                  {t('credits.myOrders.orderNo', { no: o.order_no })}
                </p>
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>
                    <span className="font-semibold text-destructive">{o.amount}</span>{' '}
                    <span className="text-muted-foreground text-xs">{creditName(settings)}</span>
                  </span>
                  <time className="text-muted-foreground text-xs" dateTime={o.created_at}>
                    {formatDateTime(o.created_at)}
                  </time>
                </div>
                <div className="-ml-1.5">{actions(o)}</div>
              </li>
            ))}
          </ul>
          <Table className="hidden md:table">
            <TableHeader>
              <TableRow>
                <TableHead className="w-24">{t('credits.myOrders.payStatus')}</TableHead>
                <TableHead>{t('credits.myOrders.product')}</TableHead>
                <TableHead className="w-28">{t('credits.myOrders.amount', { name: creditName(settings) })}</TableHead>
                <TableHead className="w-36">{t('credits.myOrders.createdAt')}</TableHead>
                <TableHead className="w-40">{t('credits.myOrders.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((o) => (
                <TableRow key={o.order_no}>
                  <TableCell>
                    <OrderStatusBadge status={o.status} />
                  </TableCell>
                  <TableCell className="max-w-0">
                    <p className="truncate font-medium" title={o.product_name}>
                      {o.product_name}
                    </p>
                    <p className="truncate text-muted-foreground text-xs">
                      {t('credits.myOrders.orderNo', { no: o.order_no })}
                    </p>
                  </TableCell>
                  <TableCell className="font-medium tabular-nums">{o.amount}</TableCell>
                  <TableCell className="text-muted-foreground text-xs">{formatDateTime(o.created_at)}</TableCell>
                  <TableCell>{actions(o)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </MeListBody>
  );

  return (
    <MeListCard title={t('credits.myOrders.title')}>
      <Tabs
        value={String(status)}
        onValueChange={(v) =>
          void navigate({ search: { status: Number(v) || undefined, page: undefined }, replace: true })
        }
      >
        <TabsList className="w-full sm:w-fit">
          {TABS.map((s) => (
            <TabsTrigger key={s} value={String(s)} data-testid={`order-tab-${s}`}>
              {t(`credits.myOrders.tabs.${s}`)}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {body}
      <MePager
        total={list.data?.total}
        page={page}
        onChange={(p) => void navigate({ search: (prev) => ({ ...prev, page: p }) })}
      />
    </MeListCard>
  );
}
