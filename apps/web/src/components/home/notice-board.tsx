import { ChevronRightIcon, MegaphoneIcon } from 'lucide-react';
import { SmartLink } from '@/components/layout/smart-link';
import { useTranslation } from '@/i18n/react';
import { dayOf } from '@/lib/dates';
import { usePaintedTimeZone } from '@/lib/render-clock';
import { cn } from '@/lib/utils';
import { NOTICE_HEIGHT_PX, NOTICE_INTERVAL_MS } from './carousel';
import { useCarousel } from './use-carousel';

export interface NoticeItem {
  id: number;
  identifier: string;
  title: string;
  created_at: string;
}

/** Where 网站公告 and 更多 lead: the article list filtered to notices (pro-facts §2.7). */
export const NOTICES_HREF = '/article?is_notice=1';

/**
 * The site notices (pro-facts §2.7, moredoc Pro's NoticeBoard): one notice at a time in a 50 px high strip that
 * scrolls up to the next every 3 s, between the links 网站公告 and 更多. Nothing when there are no notices.
 */
export function NoticeBoard({ notices, className }: { notices: NoticeItem[]; className?: string }) {
  const { t } = useTranslation();
  const zone = usePaintedTimeZone();
  const { index, handlers, reducedMotion } = useCarousel(notices.length, NOTICE_INTERVAL_MS);
  if (notices.length === 0) return null;
  return (
    <section
      aria-label={t('home.notice.title')}
      className={cn('flex items-center gap-3 rounded-xl border bg-card px-3 shadow-xs sm:px-4', className)}
      style={{ height: NOTICE_HEIGHT_PX }}
      data-testid="notice-board"
      {...handlers}
    >
      <SmartLink
        href={NOTICES_HREF}
        className="inline-flex shrink-0 items-center gap-1.5 font-medium text-destructive text-sm hover:underline"
      >
        <MegaphoneIcon className="size-4" aria-hidden />
        <span>{t('home.notice.title')}</span>
      </SmartLink>
      <span aria-hidden className="h-4 w-px shrink-0 bg-border" />
      <div className="relative h-full min-w-0 flex-1 overflow-hidden" aria-live="off">
        <ul
          className={cn('m-0 list-none p-0', !reducedMotion && 'transition-transform duration-500 ease-out')}
          style={{ transform: `translateY(-${index * NOTICE_HEIGHT_PX}px)` }}
        >
          {notices.map((n, i) => (
            <li
              key={n.id}
              className="flex items-center gap-3 text-sm"
              style={{ height: NOTICE_HEIGHT_PX }}
              inert={i !== index}
            >
              <SmartLink
                href={`/article/${encodeURIComponent(n.identifier)}`}
                className="min-w-0 flex-1 truncate hover:text-primary"
                title={n.title}
              >
                {n.title}
              </SmartLink>
              <time dateTime={n.created_at} className="hidden shrink-0 text-muted-foreground text-xs sm:inline">
                {dayOf(n.created_at, zone)}
              </time>
            </li>
          ))}
        </ul>
      </div>
      <SmartLink
        href={NOTICES_HREF}
        className="inline-flex shrink-0 items-center text-muted-foreground text-sm hover:text-primary"
      >
        {t('home.more')}
        <ChevronRightIcon className="size-4" aria-hidden />
      </SmartLink>
    </section>
  );
}
