import { relativeTime } from '@wenku/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { renderNow } from '@/lib/render-clock';

export { formatBytes } from '@/components/admin/format';

/** Relative time of spec §9 in the reader's language (刚刚, N 分钟前 …). */
export function useRelativeTime(): (date: string | Date) => string {
  const { t } = useTranslation();
  return useCallback(
    (date: string | Date) => {
      const { unit, n } = relativeTime(date, renderNow());
      return t(`relative.${unit}`, { count: n });
    },
    [t],
  );
}
