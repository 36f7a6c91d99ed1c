import { CopyIcon, Share2Icon } from 'lucide-react';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { LazyPopover } from '@/components/ui/lazy-open';
import { useTranslation } from '@/i18n/react';
import { copyText } from '@/lib/clipboard';

const QR_SIZE_PX = 192;

/**
 * The document page's share button: a QR code of the page for phones and a button that copies the link. `path` is
 * the page's site path: the link takes the origin the reader sees, known only in the browser (the server paints the
 * page too, issue 17). The popover's library loads when the button is first pressed, the QR code library when it
 * first opens.
 */
export function SharePopover({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <LazyPopover
      className="flex w-60 flex-col items-center gap-3 p-4"
      testId="share-popover"
      trigger={(props) => (
        <Button variant="outline" size="sm" data-testid="share-button" {...props}>
          <Share2Icon />
          {t('documents.share.button')}
        </Button>
      )}
    >
      <ShareContent path={path} />
    </LazyPopover>
  );
}

/** The popover's content, mounted while it is open. */
function ShareContent({ path }: { path: string }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}${path}`;
  const [qr, setQr] = React.useState<string | null>(null);

  React.useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(url, { width: QR_SIZE_PX, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (data) => live && setQr(data),
        () => live && setQr(null),
      );
    return () => {
      live = false;
    };
  }, [url]);

  const copyLink = () =>
    copyText(url).then(
      () => toast.success(t('documents.share.copied')),
      () => toast.error(t('documents.share.copyFailed')),
    );

  return (
    <>
      <p className="text-sm font-medium">{t('documents.share.scan')}</p>
      {qr ? (
        <img
          src={qr}
          alt={t('documents.share.qrAlt')}
          width={QR_SIZE_PX}
          height={QR_SIZE_PX}
          className="rounded border bg-white"
        />
      ) : (
        <div className="size-48 animate-pulse rounded border bg-muted" />
      )}
      <p className="w-full truncate text-center text-xs text-muted-foreground" title={url}>
        {url}
      </p>
      <Button size="sm" variant="secondary" className="w-full" onClick={copyLink}>
        <CopyIcon />
        {t('documents.share.copy')}
      </Button>
    </>
  );
}
