import { relativeTime } from '@wenku/shared';
import { useCallback } from 'react';
import { useTranslation } from '@/i18n/react';
import { useRenderNow } from '@/lib/render-clock';

/** Bytes in binary units with one decimal (1.5 GB). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const v = bytes / 1024 ** i;
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

/** Relative time of spec §9 in the reader's language (刚刚, N 分钟前 …). */
export function useRelativeTime(): (date: string | Date) => string {
  const { t } = useTranslation();
  const now = useRenderNow();
  return useCallback(
    (date: string | Date) => {
      const { unit, n } = relativeTime(date, now());
      return t(`relative.${unit}`, { count: n });
    },
    [t, now],
  );
}
