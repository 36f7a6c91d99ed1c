import { ADMIN_MENU, type AdminMenuItem } from '@wenku/shared';
import {
  BriefcaseIcon,
  BugIcon,
  FilesIcon,
  GaugeIcon,
  ImagesIcon,
  Link2Icon,
  type LucideIcon,
  NavigationIcon,
  NewspaperIcon,
  PaperclipIcon,
  SettingsIcon,
  UsersIcon,
} from 'lucide-react';
import i18n from '@/i18n';

/** Icons of the menu entries, by the names the shared menu uses. */
export const MENU_ICONS: Record<string, LucideIcon> = {
  gauge: GaugeIcon,
  files: FilesIcon,
  newspaper: NewspaperIcon,
  users: UsersIcon,
  bug: BugIcon,
  briefcase: BriefcaseIcon,
  images: ImagesIcon,
  navigation: NavigationIcon,
  link: Link2Icon,
  paperclip: PaperclipIcon,
  settings: SettingsIcon,
};

/** The i18n key of a menu entry: `/admin/document/category` → `admin.menu.document_category`. */
export function menuLabel(item: Pick<AdminMenuItem, 'path' | 'label'>): string {
  const key = item.path.replace(/^\/admin\/?/, '').replaceAll('/', '_') || 'index';
  return i18n.t(`admin.menu.${key}`, { defaultValue: item.label });
}

/** The menu group and entry a path belongs to, for the breadcrumb and the page title. */
export function findMenuEntry(path: string): { group?: AdminMenuItem; item?: AdminMenuItem } {
  for (const item of ADMIN_MENU) {
    if (item.path === path && !item.children) return { item };
    const child = item.children?.find((c) => c.path === path || path.startsWith(`${c.path}/`));
    if (child) return { group: item, item: child };
  }
  return {};
}
