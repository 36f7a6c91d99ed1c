import { HeaderNav } from './header-nav';
import type { NavNode } from './nav';
import { LanguageSwitch, ThemeSwitch } from './preference-switches';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

/**
 * The header's row on a tablet or desktop (spec §2 Header): navigation, search, theme and language, the user menu.
 * Its own chunk (components/layout/site-header.tsx): a phone shows the drawer instead and never loads it.
 */
export function DesktopHeader({ items, search }: { items: NavNode[]; search: boolean }) {
  return (
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
  );
}
