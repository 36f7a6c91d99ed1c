import type { OrderDTO } from '@wenku/shared';
import { creditName, settingBool } from '@/components/layout/site-settings';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/account';
import { cn } from '@/lib/utils';
import { type MoneyLine, orderMoney } from './order-money';

/** One money figure: `{credits} {credit_name}（{yuan} 元）`, or `{yuan} 元` alone for money-only figures. */
export function Money({ line, className }: { line: MoneyLine; className?: string }) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  if (line.credits === null) {
    return (
      <span className={cn('text-destructive', className)}>{t('credits.order.yuan', { price: line.yuan ?? '--' })}</span>
    );
  }
  return (
    <span className={className}>
      {t('credits.order.credits', { amount: line.credits, name: creditName(settings) })}
      {line.yuan !== null ? (
        <span className="text-destructive">{t('credits.order.yuanBracket', { price: line.yuan })}</span>
      ) : null}
    </span>
  );
}

/** The money of an order by the display rules of `orderMoney`. */
export function useOrderMoney(order: OrderDTO) {
  const settings = useSiteSettings();
  return orderMoney(order, {
    creditExchange: Number(settings?.system?.credit_exchange ?? 0) || 0,
    showExchange: settingBool(settings, 'system', 'show_exchange'),
  });
}

/** What the order costs, the pre-discount total struck through beside it when there was a discount. */
export function OrderAmount({ order }: { order: OrderDTO }) {
  const money = useOrderMoney(order);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2" data-testid="order-amount">
      <Money line={money.paid} className="font-semibold" />
      {money.struck ? (
        <del className="text-muted-foreground text-xs">
          <Money line={money.struck} className="[&_*]:text-muted-foreground text-muted-foreground" />
        </del>
      ) : null}
    </span>
  );
}
