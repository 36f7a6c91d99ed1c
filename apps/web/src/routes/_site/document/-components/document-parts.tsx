import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import {
  BanIcon,
  CircleAlertIcon,
  ClockIcon,
  FileXIcon,
  HourglassIcon,
  LoaderCircleIcon,
  ShieldAlertIcon,
} from 'lucide-react';
import * as React from 'react';
import { searchHref } from '@/components/layout/nav';
import { SmartLink } from '@/components/layout/smart-link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';

/**
 * Why the pages are not there (yet): for the owner and administrators the state of review and conversion, with the
 * converter's reason when it failed; for everyone else moredoc's notice to download instead.
 */
export function StatusBanner({ doc, manager }: { doc: DocumentDTO; manager: boolean }) {
  const { t } = useTranslation();
  if (doc.status === DocumentStatus.Converted) return null;
  const label = t(`documents.status.${doc.status}`, { defaultValue: String(doc.status) });
  if (!manager) {
    return (
      <Alert variant="warning" data-testid="status-banner">
        <CircleAlertIcon />
        <AlertDescription className="text-foreground">
          {t('documents.read.notPreviewable', { status: label })}
        </AlertDescription>
      </Alert>
    );
  }
  const variants: Record<number, { icon: React.ReactNode; variant: 'info' | 'warning' | 'destructive' | 'default' }> = {
    [DocumentStatus.Pending]: { icon: <ClockIcon />, variant: 'info' },
    [DocumentStatus.Converting]: { icon: <LoaderCircleIcon className="animate-spin" />, variant: 'info' },
    [DocumentStatus.Reconvert]: { icon: <ClockIcon />, variant: 'info' },
    [DocumentStatus.Failed]: { icon: <FileXIcon />, variant: 'destructive' },
    [DocumentStatus.Disabled]: { icon: <BanIcon />, variant: 'default' },
    [DocumentStatus.PendingReview]: { icon: <HourglassIcon />, variant: 'warning' },
    [DocumentStatus.ReviewRejected]: { icon: <ShieldAlertIcon />, variant: 'destructive' },
  };
  const v = variants[doc.status] ?? { icon: <CircleAlertIcon />, variant: 'default' as const };
  return (
    <Alert variant={v.variant} data-testid="status-banner">
      {v.icon}
      <AlertTitle>{t('documents.read.statusTitle', { status: label })}</AlertTitle>
      <AlertDescription>
        <p>{t(`documents.read.statusHelp.${doc.status}`, { defaultValue: '' })}</p>
        {doc.status === DocumentStatus.Failed && doc.convert_error ? (
          <p className="break-words rounded bg-destructive/10 px-2 py-1 font-mono text-destructive text-xs">
            {doc.convert_error}
          </p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** Keywords as links to the search page. */
export function KeywordLinks({ keywords }: { keywords: string }) {
  const words = [
    ...new Set(
      keywords
        .split(/[,，\s]+/)
        .map((w) => w.trim())
        .filter(Boolean),
    ),
  ].slice(0, 12);
  if (words.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {words.map((w) => (
        <SmartLink
          key={w}
          href={searchHref(w, 0)}
          className="rounded-full bg-secondary px-2.5 py-0.5 text-secondary-foreground text-xs hover:text-primary"
        >
          {w}
        </SmartLink>
      ))}
    </div>
  );
}

const FOLD_AT = 255;

/** A long text folded to its first 255 characters with 展开内容 / 收起内容 (moredoc-facts §21.2). */
export function FoldedText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const long = [...text].length > FOLD_AT;
  return (
    <div className="grid gap-1">
      <p className="whitespace-pre-line break-words text-sm leading-6">
        {long && !open ? `${[...text].slice(0, FOLD_AT).join('')}…` : text}
      </p>
      {long ? (
        <button
          type="button"
          className="justify-self-start text-primary text-sm hover:underline"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
        >
          {open ? t('documents.read.collapse') : t('documents.read.expand')}
        </button>
      ) : null}
    </div>
  );
}

/** 推荐 badge of a recommended document. */
export function RecommendBadge() {
  const { t } = useTranslation();
  return <Badge variant="warning">{t('documents.recommended')}</Badge>;
}
