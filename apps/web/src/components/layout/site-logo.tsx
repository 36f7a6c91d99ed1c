import { Link } from '@tanstack/react-router';
import { BookOpenTextIcon } from 'lucide-react';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { cn } from '@/lib/utils';
import { settingText, siteName } from './site-settings';

/** The logo image from settings, else an icon and the site name (spec §2 Header). */
export function SiteLogo({ className }: { className?: string }) {
  const settings = useSiteSettings();
  const logo = settingText(settings, 'system', 'logo');
  const name = siteName(settings);
  return (
    <Link to="/" className={cn('flex min-w-0 shrink-0 items-center gap-2', className)} aria-label={name}>
      {logo ? (
        <img src={logo} alt={name} className="h-9 w-auto max-w-40 object-contain" />
      ) : (
        <>
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <BookOpenTextIcon className="size-5" aria-hidden />
          </span>
          <span className="truncate font-semibold text-lg tracking-tight">{name}</span>
        </>
      )}
    </Link>
  );
}
