import { useMutation, useQuery } from '@tanstack/react-query';
import { type OrderDTO, OrderStatus, PaymentMethod } from '@wenku/shared';
import {
  CircleAlertIcon,
  CoinsIcon,
  ExternalLinkIcon,
  LoaderCircleIcon,
  MessageCircleIcon,
  SendIcon,
  TicketIcon,
  WalletIcon,
} from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { SimpleHtml } from '@/components/layout/simple-html';
import { creditName, settingBool, settingText } from '@/components/layout/site-settings';
import { isWechatBrowser, wechatPayAuthorizeUrl } from '@/components/oauth/oauth-rules';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useIsDesktop } from '@/hooks/use-media-query';
import { useSiteSettings } from '@/hooks/use-site-settings';
import '@/i18n/areas/account';
import { useTranslation } from '@/i18n/areas/member';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { OrderAmount } from './order-amount';
import { paymentTypeLabel } from './order-labels';
import { defaultPayMethod, type PayMethodName, payMethods } from './pay-methods';
import { openRecharge, useRechargeEnabled } from './recharge-host';

const ICONS: Record<PayMethodName, { icon: typeof CoinsIcon; tone: string }> = {
  points: { icon: CoinsIcon, tone: 'text-amber-500' },
  wechatpay: { icon: MessageCircleIcon, tone: 'text-[#09bb07]' },
  alipay: { icon: WalletIcon, tone: 'text-[#1677ff]' },
  xunhupay: { icon: WalletIcon, tone: 'text-[#f56c2d]' },
  downcode: { icon: TicketIcon, tone: 'text-violet-500' },
};

/**
 * An online payment waiting for the buyer: a QR code to scan (WeChat Native, or Alipay 当面付 when the server
 * answers `extra.qr_code`), or a page opened elsewhere (moredoc-pro-facts §2.2).
 */
interface Waiting {
  kind: 'wechat' | 'alipay' | 'redirect';
  url: string;
}

/**
 * Takes WeChat's OAuth `code` out of the address bar (it is single-use: a reload must not send it again) and returns
 * it. The router is left alone: the order page reads the address bar itself.
 */
function takeWechatCode(): string {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code')?.trim() ?? '';
  if (!code) return '';
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return code;
}

interface WeixinJSBridge {
  invoke(name: string, params: Record<string, string>, cb: (res: { err_msg?: string }) => void): void;
}

/** JSAPI pay inside WeChat (moredoc-pro-facts §2.2): `getBrandWCPayRequest` with the server's `extra`. */
function wechatJsapiPay(extra: Record<string, string>): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    const run = () => {
      const bridge = (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;
      if (!bridge) {
        resolve('fail');
        return;
      }
      bridge.invoke('getBrandWCPayRequest', extra, (res) => {
        const msg = res.err_msg ?? '';
        resolve(msg === 'get_brand_wcpay_request:ok' ? 'ok' : msg.endsWith(':cancel') ? 'cancel' : 'fail');
      });
    };
    if ((window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge) run();
    else document.addEventListener('WeixinJSBridgeReady', run, { once: true });
  });
}

/**
 * The 支付方式 card of a pending order (moredoc-pro-facts §2.2): the methods the order may use, the download code
 * box, the amount and 支付订单. Credits and download codes settle at once; online methods open the provider (WeChat's
 * QR code on desktop) and a dialog whose buttons, or closing, ask the server once whether the order is paid.
 * `onPaid` runs with the paid order.
 */
export function PayCard({ order, onPaid }: { order: OrderDTO; onPaid: (order: OrderDTO) => void }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const { user } = useSession();
  const desktop = useIsDesktop();
  const credit = creditName(settings);
  const balance = user?.credit_count ?? 0;
  const methods = payMethods({
    orderType: order.order_type,
    amount: order.amount,
    balance,
    wechatpay: settingBool(settings, 'payment', 'enable_wechatpay'),
    alipay: settingBool(settings, 'payment', 'enable_alipay'),
    xunhupay: settingBool(settings, 'payment', 'enable_xunhupay'),
    codeDownload: settingBool(settings, 'download', 'enable_code_download'),
    maxPrice: Number(settings?.download?.max_price ?? 0) || 0,
    vipCreditPay: settingBool(settings, 'vip', 'enable_credit_pay'),
  });
  const fallback = defaultPayMethod(methods, order.payment_type);
  const [picked, setPicked] = React.useState<number | null>(null);
  // The buyer's choice while it stays on offer; else the default rule (the balance may change under it).
  const selected = methods.some((m) => m.type === picked) ? picked : fallback;
  const [downcode, setDowncode] = React.useState('');
  const [waiting, setWaiting] = React.useState<Waiting | null>(null);
  const recharge = useRechargeEnabled();

  const short = selected === PaymentMethod.Points && order.amount > balance;
  const needsCode = selected === PaymentMethod.DownloadCode && downcode.trim() === '';

  // moredoc-pro-facts §2.2: inside WeChat, WeChat pay is JSAPI pay and needs an snsapi_base code of the official
  // account first; the page comes back from WeChat's OAuth with `?code=` and pays at once with it.
  const inWechat = React.useMemo(() => isWechatBrowser(), []);
  const officialAccount = useQuery({
    ...trpc.oauth.configs.queryOptions(),
    enabled: inWechat,
    select: (d) => d.oauths.find((o) => o.key === 'officialaccount')?.client_id ?? '',
  });
  const [wechatCode] = React.useState(() => (inWechat ? takeWechatCode() : ''));

  const pay = useMutation(
    trpc.order.pay.mutationOptions({
      onSuccess: (res, { payment_type: type }) => {
        if (res.order_status === OrderStatus.Paid) {
          toast.success(t('credits.order.paySuccess'));
          onPaid({ ...order, status: OrderStatus.Paid });
          return;
        }
        if (type === PaymentMethod.Wechat && inWechat && res.extra) {
          void wechatJsapiPay(res.extra).then((result) => {
            if (result === 'ok') finish(true);
            else if (result === 'cancel') toast.info(t('oauth.pay.cancelled'));
            else toast.error(t('credits.order.payFailed'));
          });
          return;
        }
        if (type === PaymentMethod.Wechat) {
          // Phones pay in WeChat's H5 page; desktops scan the QR code of the payment link.
          if (!desktop) window.location.assign(res.payment_url);
          else setWaiting({ kind: 'wechat', url: res.payment_url });
          return;
        }
        // Alipay in QR mode (desktop only: phones get the wap cashier): scanned like WeChat's code.
        const alipayQr = type === PaymentMethod.Alipay ? res.extra?.qr_code : undefined;
        if (alipayQr && desktop) {
          setWaiting({ kind: 'alipay', url: alipayQr });
          return;
        }
        const opened = window.open(res.payment_url, '_blank');
        if (opened) opened.opener = null;
        // On a phone the provider returns to this page; when the new page was blocked the dialog offers a link.
        if (desktop || !opened) setWaiting({ kind: 'redirect', url: res.payment_url });
      },
      onError: (e) => toast.error(errorMessage(e, t('credits.order.payFailed'))),
    }),
  );

  const { mutate: payMutate } = pay;
  const payWith = React.useCallback(
    (type: number, code = '') =>
      payMutate({
        order_no: order.order_no,
        payment_type: type,
        downcode: type === PaymentMethod.DownloadCode ? downcode.trim() : '',
        is_wap: inWechat || !desktop,
        code,
      }),
    [payMutate, order.order_no, downcode, inWechat, desktop],
  );

  const checking = React.useRef(false);
  // Kept hand-written: order.status is a query procedure (no mutationOptions), asked once on each way out.
  const check = useMutation({
    mutationFn: (_confirmed: boolean) => client.order.status.query({ order_no: order.order_no }),
    onSuccess: (fresh, confirmed) => {
      if (fresh.status === OrderStatus.Paid) {
        toast.success(t('credits.order.paySuccess'));
        onPaid(fresh);
      } else if (confirmed) {
        toast.info(t('credits.order.notPaidYet'));
      }
    },
    onError: (e) => toast.error(errorMessage(e, t('credits.order.statusFailed'))),
    onSettled: () => {
      checking.current = false;
    },
  });
  // Each way out of the dialog asks once (moredoc-pro-facts §0.3: no polling); `confirmed`: the buyer says it is paid.
  const finish = (confirmed: boolean) => {
    setWaiting(null);
    if (checking.current) return;
    checking.current = true;
    check.mutate(confirmed);
  };

  /** 支付订单: inside WeChat, WeChat pay first fetches a code from WeChat's OAuth (once; the code is single-use). */
  const submit = (type: number) => {
    if (type !== PaymentMethod.Wechat || !inWechat) {
      payWith(type);
      return;
    }
    const url = wechatPayAuthorizeUrl({
      inWechat,
      wechatPay: true,
      code: '',
      appid: officialAccount.data ?? '',
      origin: window.location.origin,
      orderNo: order.order_no,
    });
    if (!url) {
      toast.error(t('oauth.pay.needOfficialAccount'));
      return;
    }
    toast.info(t('oauth.pay.redirecting'));
    window.location.assign(url);
  };

  // Back from WeChat's OAuth with a code: WeChat pay, at once, with that code (moredoc-pro-facts §2.2).
  const autoPaid = React.useRef(false);
  React.useEffect(() => {
    if (!wechatCode || autoPaid.current) return;
    autoPaid.current = true;
    setPicked(PaymentMethod.Wechat);
    payWith(PaymentMethod.Wechat, wechatCode);
  }, [wechatCode, payWith]);

  return (
    <Card data-testid="pay-card">
      <CardHeader>
        <CardTitle className="text-base">{t('credits.order.payment')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {methods.length === 0 ? (
          <Alert variant="warning">
            <CircleAlertIcon />
            <AlertDescription>{t('credits.order.noMethod')}</AlertDescription>
          </Alert>
        ) : (
          <div
            role="radiogroup"
            aria-label={t('credits.order.payment')}
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            {methods.map((m) => {
              const { icon: Icon, tone } = ICONS[m.name];
              const checked = selected === m.type;
              return (
                <label
                  key={m.type}
                  className={cn(
                    'flex min-h-14 items-center gap-3 rounded-md border-2 px-3 py-2 text-sm transition-colors',
                    checked ? 'border-primary bg-primary/5' : 'border-border',
                    m.disabled ? 'cursor-not-allowed opacity-55' : 'cursor-pointer hover:border-primary/50',
                  )}
                  data-testid={`pay-method-${m.name}`}
                >
                  <input
                    type="radio"
                    name="payment_type"
                    value={m.type}
                    checked={checked}
                    disabled={m.disabled}
                    onChange={() => setPicked(m.type)}
                    className="size-4 accent-primary"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{paymentTypeLabel(t, m.type, settings)}</span>
                    {m.name === 'points' ? (
                      <small className="block text-muted-foreground text-xs">
                        {t('credits.order.pointsBalance', { count: balance, name: credit })}
                      </small>
                    ) : null}
                  </span>
                  <Icon className={cn('size-7 shrink-0', tone)} aria-hidden />
                </label>
              );
            })}
          </div>
        )}
        {selected === PaymentMethod.DownloadCode ? (
          <div className="grid gap-3 rounded-md border border-dashed p-3 text-sm">
            <SimpleHtml
              className="text-muted-foreground [&_a]:text-primary [&_a]:underline"
              html={settingText(settings, 'download', 'code_tip')}
            />
            <Input
              value={downcode}
              onChange={(e) => setDowncode(e.target.value)}
              placeholder={t('credits.order.downcodePlaceholder')}
              aria-label={t('credits.order.downcodeLabel')}
              maxLength={64}
              className="sm:max-w-xs"
              data-testid="downcode-input"
            />
          </div>
        ) : null}
        {short ? (
          <p className="flex flex-wrap items-center gap-2 text-destructive text-sm">
            {t('credits.order.insufficient', { name: credit })}
            {recharge ? (
              <Button type="button" variant="link" className="h-auto p-0" onClick={openRecharge}>
                {t('credits.order.recharge')}
              </Button>
            ) : null}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
          <p className="text-sm sm:text-right">
            <OrderAmount order={order} />
          </p>
          <Button
            variant="destructive"
            onClick={() => selected !== null && submit(selected)}
            disabled={selected === null || short || needsCode || pay.isPending}
            data-testid="pay-order"
          >
            {pay.isPending ? <LoaderCircleIcon className="animate-spin" /> : <SendIcon />}
            {t('credits.order.pay')}
          </Button>
        </div>
      </CardContent>
      <Dialog open={!!waiting} onOpenChange={(open) => !open && finish(false)}>
        <DialogContent className="w-[95%] sm:max-w-[520px]" data-testid="pay-dialog">
          <DialogHeading
            title={t('credits.order.dialogTitle')}
            description={t('credits.order.dialogHint')}
            descriptionClassName="sr-only"
          />
          {waiting?.kind === 'wechat' || waiting?.kind === 'alipay' ? (
            <div className="grid justify-items-center gap-3 text-center">
              <h3 className="font-medium text-base">
                {t(waiting.kind === 'alipay' ? 'credits.order.alipayAmount' : 'credits.order.wechatAmount')}
                <span className="text-destructive">{t('credits.order.yuan', { price: order.money.toFixed(2) })}</span>
              </h3>
              <div className="rounded-md border bg-white p-2">
                <QRCodeSVG value={waiting.url} size={160} data-testid="pay-qrcode" />
              </div>
              <small className="text-muted-foreground">
                {t(waiting.kind === 'alipay' ? 'credits.order.alipayScan' : 'credits.order.wechatScan')}
              </small>
            </div>
          ) : waiting ? (
            <div className="grid gap-2 text-sm">
              <p>{t('credits.order.newPage')}</p>
              <a
                href={waiting.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary text-xs hover:underline"
              >
                <ExternalLinkIcon className="size-3.5" />
                {t('credits.order.openPayPage')}
              </a>
            </div>
          ) : null}
          <p className="text-muted-foreground text-xs">{t('credits.order.dialogHint')}</p>
          <DialogFooter>
            <Button variant="outline" size="sm" onClick={() => finish(false)} data-testid="pay-not-done">
              {t('credits.order.notDone')}
            </Button>
            <Button size="sm" onClick={() => finish(true)} data-testid="pay-done">
              {t('credits.order.done')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
