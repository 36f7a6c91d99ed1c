import { useLocation } from '@tanstack/react-router';
import { Suspense } from 'react';
import { AdSlot } from '@/components/ads/ad-slot';
import { useNavigationTree } from '@/hooks/use-header-data';
import { DESKTOP_QUERY, useIsDesktop } from '@/hooks/use-media-query';
import { useCanBrowse } from '@/hooks/use-site-access';
import { lazyPart } from '@/lib/lazy-part';
import { MobileDrawer } from './mobile-drawer';
import { type NavNode, showHeaderSearch } from './nav';
import { SiteLogo } from './site-logo';

const loadDesktopHeader = () => import('./desktop-header').then((m) => m.DesktopHeader);
// A desktop starts fetching its header row with the app, beside the page's own chunks; a phone never does (issue 17:
// ~2 KB gzip of navigation, search, switches and user menu a phone does not show).
// A failure here is the render's to handle (lazyPart: a reload, else the phone's row), not an unhandled rejection.
if (typeof window !== 'undefined' && window.matchMedia?.(DESKTOP_QUERY).matches) loadDesktopHeader().catch(() => {});

/** The phone's row: the drawer's button at the right. */
function PhoneHeader({ items }: { items: NavNode[] }) {
  return (
    <>
      <div className="flex-1" />
      <MobileDrawer items={items} />
    </>
  );
}

/** The desktop's row once its code is there; the phone's row meanwhile, and if the code cannot be fetched. */
const DesktopHeader = lazyPart(loadDesktopHeader, PhoneHeader);

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
            <Suspense fallback={<PhoneHeader items={items} />}>
              <DesktopHeader items={items} search={search} />
            </Suspense>
          ) : (
            <PhoneHeader items={items} />
          )}
        </div>
      </header>
    </>
  );
}
