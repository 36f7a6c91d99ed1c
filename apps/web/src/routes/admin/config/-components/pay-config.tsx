import { useMutation } from '@tanstack/react-query';
import { FileKeyIcon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import * as React from 'react';
import { useCan } from '@/components/admin/use-can';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { settingText } from '@/components/layout/site-settings';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '@/components/ui/dialog';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { useTRPCClient } from '@/lib/trpc';
import type { ConfigFormApi } from './config-form';
import { paymentCallbackUrl } from './pay-callback';

/** The row the certificate download fills (packages/domain config-definitions, category wechatpay). */
const PLATFORM_CERT_ROW = 'platform_cert';

/** The pay page's warning (moredoc-pro-facts §3.2): what payment callbacks need, and this tab's callback URL. */
export function PayNotice({ tab }: { tab: string }) {
  const { t } = useTranslation();
  const domain = settingText(useSiteSettings(), 'system', 'domain');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Alert variant="warning">
      <TriangleAlertIcon />
      <AlertTitle>{t('admin.config.pay.title')}</AlertTitle>
      <AlertDescription>
        <ol className="grid list-decimal gap-1 pl-4">
          <li>{t('admin.config.pay.domain')}</li>
          <li>{t('admin.config.pay.exchange')}</li>
          <li>{t('admin.config.pay.timeout')}</li>
        </ol>
        <p className="text-foreground">
          {t('admin.config.pay.callback')}
          <code className="break-all rounded bg-muted px-1">{paymentCallbackUrl(domain, origin, tab)}</code>
        </p>
        {tab === 'wechatpay' ? (
          <p className="font-semibold text-destructive">{t('admin.config.pay.wechatTip')}</p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * Beside the WeChat Pay tab's save button: 获取平台证书 downloads WeChat Pay's platform certificate with the saved
 * merchant settings and fills the 平台证书 row (still to be saved), and the reminder that the public key and the
 * certificate are alternatives.
 */
export function WechatPayActions({ form }: { form: ConfigFormApi }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const can = useCan();
  const [fetched, setFetched] = React.useState(false);
  // Kept hand-written: order.wechatpayCert is a query procedure (no mutationOptions), asked on a click.
  const cert = useMutation({
    mutationFn: () => client.order.wechatpayCert.query(),
    onSuccess: (r) => {
      form.setValue(PLATFORM_CERT_ROW, r.cert);
      setFetched(true);
    },
    onError: (e) =>
      toast.error(t('admin.config.pay.certFailed'), { description: errorMessage(e, t('admin.config.pay.certFailed')) }),
  });
  return (
    <>
      {can('ConfigAPI.GetWechatPayCert') ? (
        <Button type="button" variant="outline" disabled={cert.isPending} onClick={() => cert.mutate()}>
          {cert.isPending ? <LoaderCircleIcon className="animate-spin" /> : <FileKeyIcon />}
          {t('admin.config.pay.certButton')}
        </Button>
      ) : null}
      <p className="flex basis-full items-start gap-1.5 text-sm text-warning sm:basis-auto">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
        <span>{t('admin.config.pay.keyOrCert')}</span>
      </p>
      <Dialog open={fetched} onOpenChange={setFetched}>
        <DialogContent className="max-w-md" role="alertdialog">
          <DialogHeading title={t('admin.config.pay.certTitle')} description={t('admin.config.pay.certSuccess')} />
          <DialogFooter>
            <Button onClick={() => setFetched(false)} autoFocus>
              {t('admin.config.pay.certOk')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
