import { ImageUpIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { type ImageKind, uploadImage } from '@/lib/upload';
import { cn } from '@/lib/utils';

/**
 * An image field: uploads to `/api/v1/upload/{kind}` (moredoc-facts §19.1) and keeps the returned path as the
 * value; shows a preview and can remove the image. Click or drop a file.
 */
export function ImageUpload({
  kind,
  value,
  onChange,
  disabled,
  id,
  className,
  previewClassName,
}: {
  kind: ImageKind;
  value: string | undefined;
  onChange: (path: string) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** Size of the preview box; a square by default. */
  previewClassName?: string;
}) {
  const { t } = useTranslation();
  const input = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState(false);
  const [over, setOver] = React.useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploadImage(kind, file));
      toast.success(t('admin.upload.success'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={cn('flex flex-wrap items-end gap-3', className)}>
      <button
        type="button"
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void upload(e.dataTransfer.files[0]);
        }}
        aria-label={value ? t('admin.upload.replace') : t('admin.upload.choose')}
        className={cn(
          'relative flex size-28 items-center justify-center overflow-hidden rounded-md border border-dashed bg-muted/40 text-muted-foreground transition-colors hover:border-primary hover:text-primary disabled:opacity-60',
          over && 'border-primary bg-primary/5',
          previewClassName,
        )}
      >
        {value ? (
          <img src={value} alt="" className="size-full object-contain" />
        ) : (
          <span className="flex flex-col items-center gap-1 text-xs">
            <ImageUpIcon className="size-6" />
            {t('admin.upload.choose')}
          </span>
        )}
        {busy ? (
          <span className="absolute inset-0 flex items-center justify-center bg-background/70">
            <LoaderCircleIcon className="size-5 animate-spin" />
          </span>
        ) : null}
      </button>
      <div className="flex gap-2">
        {value ? (
          <>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={disabled || busy}
              onClick={() => input.current?.click()}
            >
              {t('admin.upload.replace')}
            </Button>
            <Button type="button" variant="ghost" size="sm" disabled={disabled || busy} onClick={() => onChange('')}>
              <XIcon />
              {t('admin.upload.remove')}
            </Button>
          </>
        ) : null}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*,.ico"
        className="sr-only"
        tabIndex={-1}
        disabled={disabled || busy}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
    </div>
  );
}
