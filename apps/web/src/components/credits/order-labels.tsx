import { OrderStatus, PaymentMethod, type PublicSettings, VipCardKind } from '@wenku/shared';
import { settingText } from '@/components/layout/site-settings';
import { Badge } from '@/components/ui/misc';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n/areas/account';
import { cn } from '@/lib/utils';

/** Order status tag (moredoc-pro-facts §4.1): 待支付 danger, 已支付 success, 已关闭 info; anything else 未知. */
export function OrderStatusBadge({ status, className }: { status: number; className?: string }) {
  const { t } = useTranslation();
  const known = status === OrderStatus.Pending || status === OrderStatus.Paid || status === OrderStatus.Closed;
  const tone =
    status === OrderStatus.Pending
      ? 'border-destructive/30 bg-destructive/10 text-destructive'
      : status === OrderStatus.Paid
        ? 'border-success/30 bg-success/15 text-success'
        : 'border-border bg-muted text-muted-foreground';
  return (
    <Badge variant="outline" className={cn(tone, className)} data-testid="order-status">
      {known ? t(`credits.status.${status}`) : t('credits.status.unknown')}
    </Badge>
  );
}

/** A payment method's name; XunhuPay (8) may be renamed by `payment.xunhupay_name` (moredoc-pro-facts §0.4). */
export function paymentTypeLabel(t: TFunction, type: number, settings: PublicSettings | undefined): string {
  if (type === PaymentMethod.Aggregated) {
    const name = settingText(settings, 'payment', 'xunhupay_name');
    if (name) return name;
  }
  return type >= 1 && type <= 10 ? t(`credits.paymentType.${type}`) : '-';
}

/** VIP card kind tag (moredoc-pro-facts §5.1): 年卡 success, 季卡 primary, 月卡 warning. */
export function VipKindBadge({ kind }: { kind: number }) {
  const { t } = useTranslation();
  const k = kind === VipCardKind.Quarterly || kind === VipCardKind.Monthly ? kind : VipCardKind.Yearly;
  const tone =
    k === VipCardKind.Monthly
      ? 'border-warning/40 bg-warning/15 text-warning'
      : k === VipCardKind.Quarterly
        ? 'border-primary/30 bg-primary/10 text-primary'
        : 'border-success/30 bg-success/15 text-success';
  return (
    <Badge variant="outline" className={tone}>
      {t(`credits.vipKind.${k}`)}
    </Badge>
  );
}
