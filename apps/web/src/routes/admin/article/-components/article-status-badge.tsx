import { ArticleStatus } from '@wenku/shared';
import { InfoIcon } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { articleStatusKey, articleStatusTone } from './article-admin';

/**
 * An article's review status as a coloured badge; a rejected one carries its reason in a popover (hover shows it
 * as a tooltip, a tap or the keyboard opens it on phones).
 */
export function ArticleStatusBadge({ status, reason }: { status: number; reason?: string }) {
  const { t } = useTranslation();
  const badge = (
    <Badge variant={articleStatusTone(status)} data-status={status}>
      {t(`admin.article.status.${articleStatusKey(status)}`)}
    </Badge>
  );
  const text = reason?.trim();
  if (status !== ArticleStatus.Rejected || !text) return badge;
  return (
    <Popover>
      <PopoverTrigger
        className="inline-flex items-center gap-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        title={`${t('admin.article.rejectReason')}: ${text}`}
        aria-label={t('admin.article.showRejectReason')}
      >
        {badge}
        <InfoIcon className="size-3.5 text-muted-foreground" />
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 max-w-[calc(100vw-2rem)] p-3 text-sm">
        <p className="mb-1 font-medium">{t('admin.article.rejectReason')}</p>
        <p className="whitespace-pre-wrap break-words text-muted-foreground">{text}</p>
      </PopoverContent>
    </Popover>
  );
}
