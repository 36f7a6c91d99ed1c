import * as React from 'react';
import { useTranslation } from '@/i18n/areas/account';
import { countdownParts, countdownText } from './countdown';

/**
 * The countdown to `deadline`, ticking every second while `active` (moredoc-pro-facts §2.2), from the first frame;
 * without a deadline it shows the placeholder `-分-秒`; `expired` turns true once nothing is left (the caller asks the server, which
 * closes overdue orders: the page never closes one itself, moredoc-pro-facts §12.10).
 */
export function useCountdown(deadline: string | null, active: boolean): { text: string; expired: boolean } {
  const { t } = useTranslation();
  // The first frame already shows the time left (issue 20: never 还有 -分-秒); the server's render has no clock of
  // the reader's, so it starts in the effect there.
  const [now, setNow] = React.useState<number | null>(() => (typeof window === 'undefined' ? null : Date.now()));
  React.useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active]);
  const end = deadline ? new Date(deadline).getTime() : Number.NaN;
  if (now === null || Number.isNaN(end)) return { text: t('credits.order.countdownPlaceholder'), expired: false };
  const parts = countdownParts(end - now);
  if (!parts) return { text: t('credits.order.countdownClosing'), expired: true };
  return { text: countdownText(parts, (unit, count) => t(`credits.order.unit.${unit}`, { count })), expired: false };
}
