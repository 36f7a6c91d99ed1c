import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useLocation, useNavigate } from '@tanstack/react-router';
import { type OrderDTO, OrderStatus, OrderType } from '@wenku/shared';
import {
  ArrowUpRightIcon,
  CalendarClockIcon,
  CircleDotIcon,
  CoinsIcon,
  CopyIcon,
  PackageIcon,
  ReceiptTextIcon,
  TicketIcon,
  TriangleAlertIcon,
  WalletIcon,
  XIcon,
} from 'lucide-react';
import * as React from 'react';
import { type DescriptionItem, Descriptions } from '@/components/credits/descriptions';
import { Money, OrderAmount, useOrderMoney } from '@/components/credits/order-amount';
import { OrderGoods, useDocumentDownload } from '@/components/credits/order-goods';
import { OrderStatusBadge, paymentTypeLabel } from '@/components/credits/order-labels';
import { orderNoFromSearch } from '@/components/credits/order-no';
import { PayCard } from '@/components/credits/pay-card';
import { useCountdown } from '@/components/credits/use-countdown';
import { documentHref } from '@/components/documents/reading';
import { loginHref } from '@/components/layout/front-check';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage } from '@/lib/api-error';
import { refreshUser } from '@/lib/auth';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/dates';
import { optionalStringOrNumber, z } from '@/lib/search-schema';
import { session } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

// Read for typed links only: the page takes the number from the raw query string (see orderNoFromSearch).
const searchSchema = z.object({ order_no: optionalStringOrNumber() });

/** /order?order_no= (moredoc-pro-facts §2.2): an order's details, its goods, and paying or closing it. */
export const Route = createFileRoute('/_site/order')({
  validateSearch: searchSchema,
  // Orders are a member's own: a visitor signs in first and comes back here.
  beforeLoad: ({ location }) => {
    if (!session.get().user) throw redirect({ href: loginHref(location.href), replace: true });
  },
  component: OrderPage,
});

/** While the server still reports an expired order as pending (clocks differ), ask again this often. */
const EXPIRED_RECHECK_MS = 5000;

function OrderPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The router's own search string is rebuilt from its parsed (digit-losing) values: read the address bar itself.
  const orderNo = useLocation({
    select: (l) => orderNoFromSearch(typeof window === 'undefined' ? l.searchStr : window.location.search),
  });
  usePageTitle(t('credits.order.pageTitle', { no: orderNo || '-' }));
  const options = trpc.order.get.queryOptions({ order_no: orderNo });
  const query = useQuery({ ...options, enabled: !!orderNo, retry: false, staleTime: 0 });
  const order = query.data;
  const setOrder = (o: OrderDTO) => queryClient.setQueryData(options.queryKey, o);

  // The credit balance shown beside 积分支付 must be today's, not the copy kept since sign-in.
  React.useEffect(() => {
    void refreshUser(client).catch(() => {});
  }, [client]);

  // spec: a missing or unreadable order says so and goes to the order list.
  const failed = !orderNo || (!!query.error && !order);
  const failure = failed
    ? orderNo
      ? errorMessage(query.error, t('credits.order.loadFailed'))
      : t('credits.order.loadFailed')
    : '';
  React.useEffect(() => {
    if (!failure) return;
    toast.error(failure);
    void navigate({ to: '/me/order', replace: true });
  }, [failure, navigate]);

  const pending = order?.status === OrderStatus.Pending;
  const countdown = useCountdown(order?.closed_at ?? null, pending);
  // At the deadline the server closes the order when it is read again (moredoc-pro-facts §12.10).
  const rechecks = React.useRef(0);
  React.useEffect(() => {
    if (!countdown.expired || !pending) return;
    const id = window.setTimeout(() => void query.refetch(), rechecks.current === 0 ? 0 : EXPIRED_RECHECK_MS);
    rechecks.current += 1;
    return () => window.clearTimeout(id);
  }, [countdown.expired, pending, query.refetch]);

  const download = useDocumentDownload();
  const afterPaid = (paid: OrderDTO) => {
    setOrder(paid);
    void query.refetch();
    void refreshUser(client).catch(() => {});
    void queryClient.invalidateQueries(trpc.order.mine.pathFilter());
    void queryClient.invalidateQueries(trpc.vip.pathFilter());
    void queryClient.invalidateQueries(trpc.user.get.pathFilter());
    // A VIP card takes the advertisements away (spec §1); the server now answers the slots with nothing.
    if (paid.order_type === OrderType.BuyVip) void queryClient.invalidateQueries(trpc.advertisement.pathFilter());
    if (paid.order_type === OrderType.BuyDocument) download.mutate(paid.product_id);
  };

  const close = useMutation(
    trpc.order.close.mutationOptions({
      onSuccess: (closed) => {
        setOrder(closed);
        toast.success(t('credits.order.closeSuccess'));
        void queryClient.invalidateQueries(trpc.order.mine.pathFilter());
      },
      onError: (e) => toast.error(errorMessage(e, t('credits.order.closeFailed'))),
    }),
  );

  if (!order) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-5 px-4 py-6 md:py-8" aria-busy data-testid="order-loading">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-5 px-4 py-6 md:py-8" data-testid="order-page">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <ReceiptTextIcon className="size-4 text-primary" />
            {t('credits.order.info')}
          </CardTitle>
          <div className="flex items-center gap-1">
            <Button asChild variant="ghost" size="sm" className="text-primary">
              <Link to="/me/order">
                <ArrowUpRightIcon />
                {t('credits.order.list')}
              </Link>
            </Button>
            {pending ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-warning hover:text-warning"
                onClick={() => close.mutate({ order_no: orderNo })}
                disabled={close.isPending}
                data-testid="order-close"
              >
                <XIcon />
                {t('credits.order.close')}
              </Button>
            ) : null}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {pending ? (
            <Alert variant="warning" data-testid="order-countdown">
              <TriangleAlertIcon />
              <AlertTitle>{t('credits.order.tipTitle')}</AlertTitle>
              <AlertDescription>
                <p>
                  {t('credits.order.tipBefore')}{' '}
                  <strong className="text-destructive">{formatDateTime(order.closed_at)}</strong>{' '}
                  {t('credits.order.tipMiddle')}{' '}
                  <strong className="text-destructive tabular-nums">{countdown.text}</strong>
                  {t('credits.order.tipAfter')}
                </p>
              </AlertDescription>
            </Alert>
          ) : null}
          <OrderDescriptions order={order} />
        </CardContent>
      </Card>
      {order.order_type === OrderType.BuyDocument || order.order_type === OrderType.BuyVip ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <PackageIcon className="size-4 text-primary" />
              {t('credits.order.goods')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <OrderGoods order={order} />
          </CardContent>
        </Card>
      ) : null}
      {pending ? <PayCard key={order.order_no} order={order} onPaid={afterPaid} /> : null}
    </div>
  );
}

function OrderDescriptions({ order }: { order: OrderDTO }) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const money = useOrderMoney(order);
  const copy = async () => {
    try {
      await copyText(order.order_no);
      toast.success(t('credits.order.copied'));
    } catch {
      toast.error(t('credits.order.copyFailed'));
    }
  };
  const label = (icon: React.ReactNode, text: string) => (
    <>
      {icon}
      {text}
    </>
  );
  const items: DescriptionItem[] = [
    {
      key: 'product',
      label: label(<PackageIcon className="size-3.5" />, t('credits.order.productName')),
      value:
        order.order_type === OrderType.BuyDocument ? (
          <a
            href={documentHref({ id: order.product_id, uuid: order.product_uuid })}
            target="_blank"
            rel="noopener"
            className="text-primary hover:underline"
          >
            {order.product_name}
          </a>
        ) : (
          order.product_name
        ),
    },
    {
      key: 'no',
      label: label(<TicketIcon className="size-3.5" />, t('credits.order.orderNo')),
      value: (
        <>
          <span className="font-mono text-xs sm:text-sm">{order.order_no}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            onClick={() => void copy()}
            title={t('credits.order.copy')}
            aria-label={t('credits.order.copy')}
            data-testid="order-copy"
          >
            <CopyIcon className="size-3.5" />
          </Button>
        </>
      ),
    },
    {
      key: 'created',
      label: label(<CalendarClockIcon className="size-3.5" />, t('credits.order.createdAt')),
      value: formatDateTime(order.created_at),
    },
  ];
  if (order.paid_at) {
    items.push({
      key: 'paid',
      label: label(<CalendarClockIcon className="size-3.5" />, t('credits.order.paidAt')),
      value: formatDateTime(order.paid_at),
    });
  }
  if (order.status === OrderStatus.Closed && order.closed_at) {
    items.push({
      key: 'closed',
      label: label(<CalendarClockIcon className="size-3.5" />, t('credits.order.closedAt')),
      value: formatDateTime(order.closed_at),
    });
  }
  items.push(
    {
      key: 'status',
      label: label(<CircleDotIcon className="size-3.5" />, t('credits.order.status')),
      value: <OrderStatusBadge status={order.status} />,
    },
    {
      key: 'quantity',
      label: label(<PackageIcon className="size-3.5" />, t('credits.order.quantity')),
      value: order.quantity,
    },
    {
      key: 'unit',
      label: label(<CoinsIcon className="size-3.5" />, t('credits.order.unitPrice')),
      value: <Money line={money.unit} />,
    },
    {
      key: 'amount',
      label: label(<CoinsIcon className="size-3.5" />, t('credits.order.paidAmount')),
      value: <OrderAmount order={order} />,
    },
  );
  if (order.payment_type > 0 && order.status === OrderStatus.Paid) {
    items.push({
      key: 'method',
      label: label(<WalletIcon className="size-3.5" />, t('credits.order.paymentType')),
      value: paymentTypeLabel(t, order.payment_type, settings),
    });
  }
  return <Descriptions items={items} />;
}
