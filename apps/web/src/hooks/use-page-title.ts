import { useEffect } from 'react';
import { pageTitle } from '@/components/layout/site-settings';
import { useSiteSettings } from './use-site-settings';

/** Sets document.title: `{part} - {sitename}`, or the home title without a part (spec §2, moredoc-facts §20.3). */
export function usePageTitle(part?: string) {
  const settings = useSiteSettings();
  const title = pageTitle(settings, part);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
