import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import * as React from 'react';
import { SmartLink } from '@/components/layout/smart-link';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { BANNER_INTERVAL_MS } from './carousel';
import { useCarousel } from './use-carousel';

export interface BannerSlide {
  id: number;
  title: string;
  /** The uploaded image. */
  image: string;
  /** Where a click on the banner goes; empty for none. */
  url: string;
}

/** A horizontal swipe shorter than this is a tap or a scroll, not a slide change. */
const SWIPE_PX = 40;

/**
 * The home banners (moredoc-facts §21.1 V1 item 1): the site's enabled banners fading one into the next, with the
 * search and hot words (`children`) laid over them. Without banners the gradient behind stays as the backdrop.
 * `children` are not clickable through: give their interactive parts `pointer-events-auto`.
 */
export function BannerCarousel({
  slides,
  children,
  className,
}: {
  slides: BannerSlide[];
  children: React.ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const { index, move, go, handlers, reducedMotion } = useCarousel(slides.length, BANNER_INTERVAL_MS);
  const touchX = React.useRef<number | null>(null);
  const many = slides.length > 1;
  return (
    <section
      aria-roledescription={t('home.banner.carousel')}
      aria-label={t('home.banner.label')}
      className={cn(
        'relative isolate overflow-hidden bg-gradient-to-br from-primary via-primary/90 to-indigo-700 text-white',
        className,
      )}
      {...handlers}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || !many) return;
        if (Math.abs(end - start) >= SWIPE_PX) move(end < start ? 1 : -1);
      }}
    >
      {slides.length === 0 ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-20 [background-image:radial-gradient(circle_at_20%_20%,white_0,transparent_40%),radial-gradient(circle_at_80%_60%,white_0,transparent_35%)]"
        />
      ) : null}
      {slides.map((s, i) => (
        <Slide key={s.id} slide={s} current={i === index} eager={i === 0} animate={!reducedMotion} />
      ))}
      {slides.length > 0 ? (
        // Keeps the title and search readable over any picture.
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 -z-0 bg-gradient-to-b from-black/45 via-black/25 to-black/55"
        />
      ) : null}
      <div className="pointer-events-none relative">{children}</div>
      {many ? (
        <>
          <button
            type="button"
            onClick={() => move(-1)}
            aria-label={t('home.banner.previous')}
            className="absolute top-1/2 left-3 hidden size-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/25 text-white backdrop-blur-sm transition-colors hover:bg-black/45 focus-visible:outline-2 focus-visible:outline-white sm:flex"
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => move(1)}
            aria-label={t('home.banner.next')}
            className="absolute top-1/2 right-3 hidden size-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/25 text-white backdrop-blur-sm transition-colors hover:bg-black/45 focus-visible:outline-2 focus-visible:outline-white sm:flex"
          >
            <ChevronRightIcon className="size-5" />
          </button>
          <div className="absolute inset-x-0 bottom-2.5 flex justify-center gap-1.5">
            {slides.map((s, i) => (
              <button
                key={s.id}
                type="button"
                onClick={() => go(i)}
                aria-label={t('home.banner.goTo', { n: i + 1, title: s.title })}
                aria-current={i === index}
                className={cn(
                  'h-1.5 rounded-full bg-white/50 transition-all hover:bg-white/80 focus-visible:outline-2 focus-visible:outline-white',
                  i === index ? 'w-5 bg-white' : 'w-1.5',
                )}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

function Slide({
  slide,
  current,
  eager,
  animate,
}: {
  slide: BannerSlide;
  current: boolean;
  eager: boolean;
  animate: boolean;
}) {
  const className = cn(
    'absolute inset-0 -z-10 block',
    animate && 'transition-opacity duration-700 ease-out',
    current ? 'opacity-100' : 'pointer-events-none opacity-0',
  );
  const image = (
    <img
      src={slide.image}
      alt={slide.title}
      className="size-full object-cover"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
  // Slides out of view are inert: neither focusable nor read out.
  return slide.url ? (
    <SmartLink
      href={slide.url}
      className={className}
      aria-label={slide.title || undefined}
      inert={!current}
      data-testid="home-banner"
    >
      {image}
    </SmartLink>
  ) : (
    <div className={className} inert={!current} data-testid="home-banner">
      {image}
    </div>
  );
}
