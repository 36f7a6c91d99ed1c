import { useLocation } from '@tanstack/react-router';
import { AdSlot } from '@/components/ads/ad-slot';
import { useNavigationTree } from '@/hooks/use-header-data';
import { useIsDesktop } from '@/hooks/use-media-query';
import { useCanBrowse } from '@/hooks/use-site-access';
import { HeaderNav } from './header-nav';
import { MobileDrawer } from './mobile-drawer';
import { showHeaderSearch } from './nav';
import { LanguageSwitch, ThemeSwitch } from './preference-switches';
import { SearchBox } from './search-box';
import { SiteLogo } from './site-logo';
import { UserMenu } from './user-menu';

/** spec §2 Header: logo, navigation, search, user menu; global-top ads; a drawer under 768px. */
export function SiteHeader() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const desktop = useIsDesktop();
  const { items } = useNavigationTree();
  const browse = useCanBrowse();
  // Nothing to search on a closed or login-only site until the visitor may browse (spec §6).
  const search = browse && showHeaderSearch({ pathname, desktop, enabledNavCount: items.length });
  return (
    <>
      <AdSlot position="global_top" className="mx-auto w-full max-w-7xl px-4 pt-2" />
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
          <SiteLogo className="mr-2 max-w-[55%] md:max-w-none" />
          {desktop ? (
            <>
              {/* The navigation takes the free space and moves what does not fit into 更多. */}
              <HeaderNav items={items} />
              {search ? <SearchBox className="w-44 lg:w-64 xl:w-72" /> : null}
              <div className="flex items-center gap-0.5">
                <ThemeSwitch />
                <LanguageSwitch />
              </div>
              <UserMenu />
            </>
          ) : (
            <>
              <div className="flex-1" />
              <MobileDrawer items={items} />
            </>
          )}
        </div>
      </header>
    </>
  );
}
