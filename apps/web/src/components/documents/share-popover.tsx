import { CopyIcon, Share2Icon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { copyText } from '@/lib/clipboard';

const QR_SIZE_PX = 192;

/**
 * The document page's share button: a QR code of the page for phones and a button that copies the link. `path` is
 * the page's site path: the link takes the origin the reader sees, known only in the browser (the server paints the
 * page too, issue 17). The QR code library loads when the popover first opens.
 */
export function SharePopover({ path }: { path: string }) {
  const { t } = useTranslation();
  const url = typeof window === 'undefined' ? path : `${window.location.origin}${path}`;
  const [open, setOpen] = React.useState(false);
  const [qr, setQr] = React.useState<string | null>(null);

  React.useEffect(() => {
    if (!open) return;
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
  }, [open, url]);

  const copyLink = () =>
    copyText(url).then(
      () => toast.success(t('documents.share.copied')),
      () => toast.error(t('documents.share.copyFailed')),
    );

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" data-testid="share-button">
          <Share2Icon />
          {t('documents.share.button')}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="flex w-60 flex-col items-center gap-3" data-testid="share-popover">
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
      </PopoverContent>
    </Popover>
  );
}
