import { type DocumentDTO, fileExtension } from '@wenku/shared';
import { CircleCheckIcon, CircleXIcon, LoaderCircleIcon, RotateCwIcon, XIcon, ZapIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/form-controls';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { useTranslation } from '@/i18n/areas/account';
import { cn } from '@/lib/utils';
import { FileKindIcon } from './file-kind-icon';
import { formatBytes } from './format';

export type UploadPhase = 'ready' | 'hashing' | 'uploading' | 'creating' | 'done' | 'failed';

/** One picked file on the upload page and how far it got. */
export interface UploadItem {
  key: string;
  file: File;
  title: string;
  phase: UploadPhase;
  /** Progress of the current phase, 0–1. */
  progress: number;
  /** The server already held the file: no bytes were sent (instant upload). */
  instant?: boolean;
  error?: string;
  titleError?: string;
  /** Upload as a VIP document (moredoc-pro-facts §2.7); sent only while VIP is on. */
  vip?: boolean;
  doc?: Pick<DocumentDTO, 'id' | 'uuid' | 'title' | 'status'>;
}

export const isBusy = (phase: UploadPhase) => phase === 'hashing' || phase === 'uploading' || phase === 'creating';

/** The bar's fill: each phase fills it once; creating and done are full. */
function barValue(item: UploadItem): number {
  if (item.phase === 'done' || item.phase === 'creating') return 100;
  if (item.phase === 'ready') return 0;
  return Math.round(item.progress * 100);
}

/**
 * A file row of the upload page: editable title, size, state with progress, remove or retry, and the `👑 VIP` checkbox
 * when `onVipChange` is given (VIP on).
 */
export function UploadItemRow({
  item,
  disabled,
  onTitleChange,
  onRemove,
  onRetry,
  onVipChange,
}: {
  item: UploadItem;
  disabled: boolean;
  onTitleChange: (title: string) => void;
  onRemove: () => void;
  onRetry?: () => void;
  onVipChange?: (vip: boolean) => void;
}) {
  const { t } = useTranslation();
  const editable = (item.phase === 'ready' || item.phase === 'failed') && !disabled;
  const pct = barValue(item);
  const inputId = `upload-title-${item.key}`;
  const vipId = `upload-vip-${item.key}`;
  let status: React.ReactNode;
  switch (item.phase) {
    case 'ready':
      status = <span className="text-muted-foreground">{t('documents.upload.phase.ready')}</span>;
      break;
    case 'hashing':
    case 'uploading':
      status = (
        <span className="inline-flex items-center gap-1 text-primary">
          <LoaderCircleIcon className="size-3.5 animate-spin" />
          {t(`documents.upload.phase.${item.phase}`, { percent: pct })}
        </span>
      );
      break;
    case 'creating':
      status = (
        <span className="inline-flex items-center gap-1 text-primary">
          <LoaderCircleIcon className="size-3.5 animate-spin" />
          {item.instant ? t('documents.upload.phase.instant') : t('documents.upload.phase.creating')}
        </span>
      );
      break;
    case 'done':
      status = (
        <span className="inline-flex items-center gap-1 text-success">
          {item.instant ? <ZapIcon className="size-3.5" /> : <CircleCheckIcon className="size-3.5" />}
          {item.instant ? t('documents.upload.phase.doneInstant') : t('documents.upload.phase.done')}
        </span>
      );
      break;
    case 'failed':
      status = (
        <span className="inline-flex items-start gap-1 text-destructive">
          <CircleXIcon className="mt-0.5 size-3.5 shrink-0" />
          <span className="break-words">{t('documents.upload.phase.failed', { reason: item.error ?? '' })}</span>
        </span>
      );
      break;
  }
  return (
    <li
      className={cn(
        'grid gap-2 rounded-lg border bg-card p-3',
        item.phase === 'done' && 'border-success/40 bg-success/5',
        item.phase === 'failed' && 'border-destructive/40',
      )}
      data-testid="upload-item"
      data-phase={item.phase}
    >
      <div className="flex items-start gap-2">
        <FileKindIcon ext={item.file.name} className="mt-2 size-5" />
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={inputId} className="sr-only">
            {t('documents.upload.titleOf', { name: item.file.name })}
          </label>
          <div className="flex items-center">
            <Input
              id={inputId}
              value={item.title}
              disabled={!editable}
              maxLength={255}
              aria-invalid={!!item.titleError}
              onChange={(e) => onTitleChange(e.target.value)}
              className="rounded-r-none"
            />
            <span className="flex h-9 shrink-0 items-center rounded-r-md border border-l-0 bg-muted px-2 text-muted-foreground text-xs">
              .{fileExtension(item.file.name)}
            </span>
          </div>
          {item.titleError ? (
            <p role="alert" className="text-destructive text-xs">
              {item.titleError}
            </p>
          ) : null}
        </div>
        {item.phase === 'failed' && onRetry && !disabled ? (
          <ItemButton label={t('documents.upload.retry')} onClick={onRetry}>
            <RotateCwIcon />
          </ItemButton>
        ) : null}
        {item.phase !== 'done' ? (
          <ItemButton label={t('documents.upload.remove')} onClick={onRemove}>
            <XIcon />
          </ItemButton>
        ) : null}
      </div>
      <div className="grid gap-1 pl-7">
        <Progress
          value={item.phase === 'failed' ? 100 : pct}
          aria-label={t('documents.upload.progressOf', { name: item.title || item.file.name })}
          indicatorClassName={cn(
            item.phase === 'done' && 'bg-success',
            item.phase === 'failed' && 'bg-destructive/70',
            item.phase === 'hashing' && 'bg-primary/60',
          )}
        />
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-xs">
          <span role="status" data-testid="upload-status" className="min-w-0">
            {status}
          </span>
          <span className="flex min-w-0 max-w-full items-center gap-3">
            <span
              className="min-w-0 truncate text-muted-foreground tabular-nums"
              title={item.file.webkitRelativePath || item.file.name}
            >
              {formatBytes(item.file.size)}
              {item.file.webkitRelativePath ? ` · ${item.file.webkitRelativePath}` : ''}
            </span>
            {onVipChange ? (
              <span className="inline-flex shrink-0 items-center gap-1.5">
                <Checkbox
                  id={vipId}
                  checked={!!item.vip}
                  disabled={!editable}
                  onCheckedChange={(v) => onVipChange(v === true)}
                  aria-label={t('documents.vip.uploadOneOf', { name: item.title || item.file.name })}
                  data-testid="upload-item-vip"
                />
                <label htmlFor={vipId} className="whitespace-nowrap text-amber-600 dark:text-amber-400" aria-hidden>
                  {t('documents.vip.uploadOne')}
                </label>
              </span>
            ) : null}
          </span>
        </div>
      </div>
    </li>
  );
}

/** An icon button of a file's row (retry, remove), named for screen readers and with the same text as its tooltip. */
function ItemButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
