import { vipDiscountLabel } from '@wenku/shared';
import { useTranslation } from '@/i18n/areas/account';

/**
 * A VIP card's discount in the reader's language (issue 20): `7.0 折` in Chinese, `30% off` in English; 无折扣 /
 * "No discount" when the card has none.
 */
export function useVipDiscountLabel(): (percent: number) => string {
  const { t } = useTranslation();
  return (percent) => {
    const label = vipDiscountLabel(percent);
    if (label === null) return t('credits.vipCard.noDiscount');
    return t('credits.vipCard.discountValue', { label, off: Math.round(100 - percent) });
  };
}
