import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { STATUS_TONE } from './status';

/** A document's status (spec §3: 0 待转换 … 7 审核拒绝) as a coloured badge. */
export function DocumentStatusBadge({ status, className }: { status: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_TONE[status] ?? 'outline'} className={className} data-status={status}>
      {t(`documents.status.${status}`, { defaultValue: String(status) })}
    </Badge>
  );
}
