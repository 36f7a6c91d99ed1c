import { useMutation, useQuery } from '@tanstack/react-query';
import { type OrderDTO, OrderStatus, OrderType, vipCard } from '@wenku/shared';
import { CheckIcon, DownloadIcon, EyeIcon, FileIcon, HeartIcon, LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { QueryError } from '@/components/admin/query-state';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes } from '@/components/documents/format';
import { stars } from '@/components/documents/listing';
import { documentHref } from '@/components/documents/reading';
import { Stars } from '@/components/documents/star-rating';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/misc';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage, toApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { Descriptions } from './descriptions';
import { purchaseExpiry } from './order-money';
import { useVipDiscountLabel } from './vip-discount';

/** Asks for a signed download link of a document and sends the browser to it (the file saves, the page stays). */
export function useDocumentDownload() {
  const { t } = useTranslation();
  const client = useTRPCClient();
  // Kept hand-written: document.download is a query procedure (no mutationOptions), asked on a click.
  return useMutation({
    mutationFn: (id: number) => client.document.download.query({ id }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (e) => toast.error(errorMessage(e, t('credits.order.downloadFailed'))),
  });
}

/** The goods of an order: the document card, the VIP card, nothing for a recharge (moredoc-pro-facts §2.2). */
export function OrderGoods({ order }: { order: OrderDTO }) {
  const { t } = useTranslation();
  if (order.order_type === OrderType.BuyDocument) return <DocumentGoods order={order} />;
  if (order.order_type === OrderType.BuyVip) return <VipGoods order={order} />;
  return <p className="text-muted-foreground text-sm">{t('credits.goods.unknownType')}</p>;
}

/** moredoc-pro-facts §4.4: the bought document with its figures, the download button and the free period. */
function DocumentGoods({ order }: { order: OrderDTO }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const doc = useQuery({ ...trpc.document.get.queryOptions({ id: order.product_id }), retry: false });
  const download = useDocumentDownload();
  const href = documentHref({ id: order.product_id, uuid: order.product_uuid });
  const days = Number(settings?.download?.free_download_duration ?? 0);
  const expiry = order.status === OrderStatus.Paid ? purchaseExpiry(order.paid_at, days) : null;
  const expired = !!expiry && expiry.getTime() <= Date.now();
  const title = (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="flex min-w-0 items-start gap-2 font-medium text-base hover:text-primary hover:underline"
    >
      <FileKindIcon ext={doc.data?.ext ?? ''} className="mt-0.5" />
      <span className="min-w-0 break-all">{doc.data ? `${doc.data.title}${doc.data.ext}` : order.product_name}</span>
    </a>
  );
  if (doc.error) {
    const missing = toApiError(doc.error).status === 404;
    return (
      <div className="grid gap-2">
        {title}
        {missing ? (
          <p className="text-muted-foreground text-sm">{t('credits.goods.missing')}</p>
        ) : (
          <QueryError error={doc.error} onRetry={() => void doc.refetch()} className="py-4" />
        )}
      </div>
    );
  }
  if (!doc.data) {
    return (
      <div className="grid gap-3" aria-busy>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-5 w-full" />
      </div>
    );
  }
  const d = doc.data;
  return (
    <div className="grid gap-3" data-testid="document-goods">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        {title}
        {order.status === OrderStatus.Paid && !expired ? (
          <Button
            size="sm"
            className="shrink-0 self-start"
            onClick={() => download.mutate(d.id)}
            disabled={download.isPending}
            data-testid="goods-download"
          >
            {download.isPending ? <LoaderCircleIcon className="animate-spin" /> : <DownloadIcon />}
            {t('credits.goods.download')}
          </Button>
        ) : null}
      </div>
      <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-muted-foreground text-sm">
        <Fact label={t('credits.goods.score')}>
          <Stars value={stars(d.score)} size={14} />
        </Fact>
        <Fact label={t('credits.goods.size')}>{formatBytes(d.size)}</Fact>
        <Fact label={t('credits.goods.pages')} icon={<FileIcon className="size-3.5" />}>
          {t('credits.goods.pagesValue', { count: d.pages })}
        </Fact>
        <Fact label={t('credits.goods.views')} icon={<EyeIcon className="size-3.5" />}>
          {d.view_count}
        </Fact>
        <Fact label={t('credits.goods.favorites')} icon={<HeartIcon className="size-3.5" />}>
          {d.favorite_count}
        </Fact>
      </dl>
      {expiry ? (
        <p className={expired ? 'text-destructive text-sm' : 'text-success text-sm'} data-testid="goods-expiry">
          {t(expired ? 'credits.goods.expired' : 'credits.goods.validUntil', {
            date: formatDateTime(expiry.toISOString()),
          })}
        </p>
      ) : null}
    </div>
  );
}

function Fact({ label, icon, children }: { label: string; icon?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt className="flex items-center gap-1">
        {icon}
        {label}
      </dt>
      <dd className="text-foreground">{children}</dd>
    </div>
  );
}

/**
 * moredoc-pro-facts §5.3: the card's terms, from the settings by kind until the order has granted its VIP, then the
 * granted record's (with its period). 0 downloads or times mean unlimited.
 */
function VipGoods({ order }: { order: OrderDTO }) {
  const { t } = useTranslation();
  const discountLabel = useVipDiscountLabel();
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const granted = useQuery(trpc.vip.ofOrder.queryOptions({ order_no: order.order_no }));
  const card = vipCard(settings?.vip ?? {}, order.product_id);
  if (granted.error && !granted.data) {
    return <QueryError error={granted.error} onRetry={() => void granted.refetch()} className="py-4" />;
  }
  if (!granted.data) {
    return (
      <div className="grid gap-2" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-6" />
        ))}
      </div>
    );
  }
  const g = granted.data;
  const known = !!g.joined_at;
  const terms = {
    times: known ? g.times : (card?.timesEveryDay ?? 0),
    download: known ? g.download : (card?.download ?? 0),
    discount: known ? g.discount : (card?.discount ?? 100),
  };
  const yes = <CheckIcon className="size-4 text-success" aria-label={t('yes')} />;
  const rows: [string, React.ReactNode][] = [
    [t('credits.vipCard.name'), order.product_name || t(`credits.vipKind.${order.product_id}`)],
    [
      t('credits.vipCard.times'),
      terms.times > 0 ? t('credits.vipCard.timesValue', { count: terms.times }) : t('credits.vipCard.unlimited'),
    ],
    [
      t('credits.vipCard.download'),
      terms.download > 0
        ? t('credits.vipCard.downloadValue', { count: terms.download })
        : t('credits.vipCard.unlimited'),
    ],
    [t('credits.vipCard.discount'), discountLabel(terms.discount)],
    [t('credits.vipCard.identity'), yes],
    [t('credits.vipCard.noAds'), yes],
  ];
  if (g.joined_at) rows.push([t('credits.vipCard.startAt'), formatDateTime(g.joined_at)]);
  if (g.expired_at) rows.push([t('credits.vipCard.endAt'), formatDateTime(g.expired_at)]);
  return (
    <div data-testid="vip-goods">
      <Descriptions items={rows.map(([label, value]) => ({ key: label, label, value }))} />
    </div>
  );
}
