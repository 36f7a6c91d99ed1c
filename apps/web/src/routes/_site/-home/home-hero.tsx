import { useQuery } from '@tanstack/react-query';
import { BannerCarousel, type BannerSlide } from '@/components/home/banner-carousel';
import { searchHref } from '@/components/layout/nav';
import { SearchBox } from '@/components/layout/search-box';
import { homeTitle, settingList, settingText } from '@/components/layout/site-settings';
import { SmartLink } from '@/components/layout/smart-link';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { HOME_INPUTS } from './home-blocks';

/**
 * The top of the home page (moredoc-facts §21.1 V1 item 1): the website banners (type 0) with the title, the search
 * box and the words people search laid over them. Banners that fail to load leave the plain backdrop.
 */
export function HomeHero() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const enabled = useCanBrowse();
  const banners = useQuery({ ...trpc.banner.list.queryOptions(HOME_INPUTS.banners), enabled });
  const slides: BannerSlide[] = (banners.data?.banner ?? [])
    .filter((b) => b.path && b.enable !== false && (b.type ?? 0) === 0)
    .map((b) => ({ id: b.id ?? 0, title: b.title ?? '', image: b.path ?? '', url: b.url ?? '' }));
  const title = homeTitle(settings);
  const description = settingText(settings, 'system', 'description');
  const recommended = settingList(settings, 'system', 'recommend_words');
  // The editor's words first; without them, what visitors searched most this week.
  const hot = useQuery({
    ...trpc.search.hot.queryOptions(HOME_INPUTS.hotWords),
    enabled: enabled && recommended.length === 0,
  });
  const words = recommended.length > 0 ? recommended : (hot.data?.words ?? []);
  return (
    <BannerCarousel slides={slides}>
      <div className="mx-auto flex min-h-60 max-w-3xl flex-col items-center justify-center px-4 pt-10 pb-12 text-center md:min-h-[22rem] md:pt-14 md:pb-16">
        <h1 className="font-bold text-2xl tracking-tight drop-shadow-sm sm:text-3xl md:text-4xl">{title}</h1>
        <p className="mt-2 line-clamp-2 max-w-xl text-sm text-white/85 drop-shadow-sm md:mt-3 md:text-base">
          {description && description !== title ? description : t('shell.home.heroTip')}
        </p>
        <SearchBox variant="hero" className="pointer-events-auto mt-6 max-w-2xl md:mt-8" />
        {words.length > 0 ? (
          <div className="mt-3 flex max-w-full flex-wrap items-center justify-center gap-1.5 text-sm text-white/90 md:mt-4 md:gap-2">
            <span className="drop-shadow-sm">{t('shell.home.hotWords')}</span>
            {words.map((w) => (
              <SmartLink
                key={w}
                href={searchHref(w, 0)}
                className="pointer-events-auto max-w-40 truncate rounded-full bg-white/15 px-3 py-0.5 backdrop-blur-sm transition-colors hover:bg-white/25"
              >
                {w}
              </SmartLink>
            ))}
          </div>
        ) : null}
      </div>
    </BannerCarousel>
  );
}
