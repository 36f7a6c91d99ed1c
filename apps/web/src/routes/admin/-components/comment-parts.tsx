import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/areas/interaction';

const TONE = { 0: 'warning', 1: 'success', 2: 'destructive' } as const;

/** A comment's review status (0 待审核, 1 已通过, 2 已拒绝) as a coloured badge. */
export function CommentStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const known = status === 0 || status === 1 || status === 2;
  return (
    <Badge variant={known ? TONE[status] : 'outline'} data-status={status}>
      {known ? t(`interaction.admin.status.${status}`) : String(status)}
    </Badge>
  );
}
