import { BookOpenIcon, FolderOpenIcon, type LucideIcon, SquarePenIcon, UploadIcon, ZapIcon } from 'lucide-react';
import { SmartLink } from '@/components/layout/smart-link';
import { useTranslation } from '@/i18n/react';
import { SideCard } from './home-parts';

const LINKS: { key: 'upload' | 'post' | 'browse' | 'read'; href: string; icon: LucideIcon; tint: string }[] = [
  { key: 'upload', href: '/upload', icon: UploadIcon, tint: 'bg-primary/10 text-primary' },
  { key: 'post', href: '/post', icon: SquarePenIcon, tint: 'bg-success/15 text-success' },
  { key: 'browse', href: '/category', icon: FolderOpenIcon, tint: 'bg-warning/20 text-warning' },
  { key: 'read', href: '/article', icon: BookOpenIcon, tint: 'bg-indigo-500/15 text-indigo-600 dark:text-indigo-400' },
];

/** 快捷入口 of V2 (moredoc-facts §21.1): upload, post, browse documents, read articles. */
export function QuickLinks() {
  const { t } = useTranslation();
  return (
    <SideCard id="home-quick-links" title={t('home.v2.quickLinks')} icon={<ZapIcon />} data-testid="home-quick-links">
      <ul className="grid grid-cols-2 gap-2">
        {LINKS.map(({ key, href, icon: Icon, tint }) => (
          <li key={key}>
            <SmartLink
              href={href}
              className="flex min-w-0 flex-col items-center gap-1.5 rounded-lg border border-transparent p-3 text-center text-sm transition-colors hover:border-primary/30 hover:bg-accent/50 hover:text-primary"
            >
              <span className={`flex size-9 items-center justify-center rounded-full ${tint}`}>
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="max-w-full truncate">{t(`home.v2.quick.${key}`)}</span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </SideCard>
  );
}
