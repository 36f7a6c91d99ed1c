import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DocumentDTO } from '@wenku/shared';
import { CoinsIcon, CrownIcon, DownloadIcon, LoaderCircleIcon, UserRoundIcon } from 'lucide-react';
import * as React from 'react';
import { formatBytes } from '@/components/documents/format';
import { documentHref } from '@/components/documents/reading';
import { loginHref } from '@/components/layout/front-check';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { refreshUser } from '@/lib/auth';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { downloadButtons, downloadSettings, orderStep, vipDownloadStep } from './download-rules';

/** The quick download drawer, with its dialog and radio libraries, loads when an order first needs it (issue 17). */
const QuickDownloadDrawer = React.lazy(() => import('./quick-download-drawer'));

type Kind = 'main' | 'guest' | 'vip';
type DownloadDoc = Pick<DocumentDTO, 'id' | 'uuid' | 'title' | 'price' | 'size' | 'is_vip'>;

/**
 * The document page's downloads (moredoc-pro-facts §2.6): which buttons show, what each does, and the quick download
 * drawer. `onDownloaded` runs when the browser is sent to a download link.
 */
export function useDocumentDownload(doc: DownloadDoc, onDownloaded: () => void) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const settings = downloadSettings(useSiteSettings());
  const buttons = downloadButtons({
    signedIn: !!user,
    price: doc.price,
    isVipDocument: doc.is_vip,
    vipEnabled: settings.vipEnabled,
    guestDownload: settings.guestDownload,
  });
  const [drawerOrder, setDrawerOrder] = React.useState<string | null>(null);

  const follow = React.useCallback(
    async (vip: boolean) => {
      const { url } = vip
        ? await client.document.downloadVip.query({ id: doc.id })
        : await client.document.download.query({ id: doc.id });
      // The link is a short-lived signed file address (moredoc-facts §6.7): the browser saves it, the page stays.
      window.location.assign(url);
      onDownloaded();
      void refreshUser(client).catch(() => {});
      void queryClient.invalidateQueries(trpc.user.get.pathFilter());
      void queryClient.invalidateQueries(trpc.document.myDownloads.pathFilter());
      void queryClient.invalidateQueries(trpc.order.pathFilter());
    },
    [client, doc.id, onDownloaded, queryClient, trpc],
  );

  // Kept hand-written: a sequence (order.create, then a download query, a page or the pay drawer), not one call.
  const run = useMutation({
    mutationFn: async (kind: Kind) => {
      if (kind === 'guest') {
        await follow(false);
      } else if (kind === 'vip') {
        if (vipDownloadStep(user) === 'joinvip') await navigate({ href: '/joinvip' });
        else await follow(true);
      } else if (!user) {
        toast.warning(t('documents.download.loginFirst'));
        await navigate({ href: loginHref(documentHref(doc)) });
      } else {
        const res = await client.order.create.mutate({ order_type: 1, product_id: doc.id });
        const step = orderStep(res, doc, settings);
        if (step.kind === 'download') {
          if (step.notice) toast.success(t('documents.download.bought'));
          await follow(false);
        } else if (step.kind === 'order') {
          await navigate({ href: step.href });
        } else if (step.kind === 'drawer') {
          setDrawerOrder(step.orderNo);
        } else {
          toast.error(res.message || t('documents.download.failed'));
        }
      }
    },
    onError: (e) => toast.error(errorMessage(e, t('documents.download.failed'))),
  });

  const drawer =
    drawerOrder !== null ? (
      <React.Suspense fallback={null}>
        <QuickDownloadDrawer
          doc={doc}
          orderNo={drawerOrder}
          settings={settings}
          onClose={() => setDrawerOrder(null)}
          onPaid={() =>
            follow(false).catch((e: unknown) => {
              toast.error(errorMessage(e, t('documents.download.failed')));
            })
          }
        />
      </React.Suspense>
    ) : null;

  return {
    buttons,
    settings,
    pending: run.isPending ? run.variables : null,
    start: run.mutate,
    drawer,
  };
}

type Download = ReturnType<typeof useDocumentDownload>;

/**
 * The download buttons: 游客下载, VIP下载 and the main one (普通下载 or 下载文档({size})); the bottom bar puts the price
 * `{price} {credit_name}` in front, except in the guest case.
 */
export function DownloadButtons({
  download,
  doc,
  size = 'default',
  withPrice = false,
  className,
}: {
  download: Download;
  doc: DownloadDoc;
  size?: 'default' | 'lg';
  withPrice?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const { buttons, pending, start, settings } = download;
  const busy = pending !== null;
  const icon = (kind: Kind, fallback: React.ReactNode) =>
    pending === kind ? <LoaderCircleIcon className="animate-spin" /> : fallback;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {withPrice && buttons.priceTag && !(doc.price > 0) ? (
        <span
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md border border-emerald-300 bg-emerald-50 px-3 font-medium text-emerald-700 text-sm dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-300',
            size === 'lg' ? 'h-10' : 'h-9',
          )}
          data-testid="price-tag"
        >
          {t('documents.download.freeTag')}
        </span>
      ) : null}
      {withPrice && buttons.priceTag && doc.price > 0 ? (
        <span
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-3 font-medium text-amber-700 text-sm tabular-nums dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-300',
            size === 'lg' ? 'h-10' : 'h-9',
          )}
          title={t('documents.download.priceTag')}
          data-testid="price-tag"
        >
          <CoinsIcon className="size-4" aria-hidden />
          {t('documents.price.credits', { price: doc.price, name: settings.creditName })}
        </span>
      ) : null}
      {buttons.guest ? (
        <Button
          size={size}
          variant="secondary"
          onClick={() => start('guest')}
          disabled={busy}
          data-testid="guest-download-button"
        >
          {icon('guest', <UserRoundIcon />)}
          {t('documents.download.guest')}
        </Button>
      ) : null}
      {buttons.vip ? (
        <Button
          size={size}
          className="bg-amber-500 text-white hover:bg-amber-500/90 dark:bg-amber-600"
          onClick={() => start('vip')}
          disabled={busy}
          data-testid="vip-download-button"
        >
          {icon('vip', <CrownIcon />)}
          {t('documents.download.vip')}
        </Button>
      ) : null}
      <Button size={size} onClick={() => start('main')} disabled={busy} data-testid="download-button">
        {icon('main', <DownloadIcon />)}
        {buttons.mainLabel === 'normal'
          ? t('documents.download.normal')
          : t('documents.download.main', { size: formatBytes(doc.size) })}
      </Button>
    </div>
  );
}
