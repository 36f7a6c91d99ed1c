import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { settingText } from '@/components/layout/site-settings';
import { useSiteSettings } from './use-site-settings';

declare global {
  interface Window {
    _hmt?: unknown[];
  }
}

let scriptLoaded = false;

/**
 * The analytics step (spec §6; moredoc-facts §4.1: Baidu statistics only). The script from settings
 * (system.analytics, the server keeps only what was inside <script> tags) runs once, loaded from `/analytics.js`
 * because the Content-Security-Policy runs no inline script, and named by the page the server sends (a phone visitor's
 * page may be read without the app, issue 17); every later route change on a public page pushes a page view. The
 * first view is counted by the script itself.
 */
export function useAnalytics() {
  const router = useRouter();
  const settings = useSiteSettings();
  const code = settingText(settings, 'system', 'analytics');
  useEffect(() => {
    // The server puts the script into every page it sends when there is code (apps/server/src/http/web.ts); a page
    // loaded before the code was saved gets it here.
    if (!code || scriptLoaded || document.querySelector('script[src="/analytics.js"]')) return;
    scriptLoaded = true;
    const script = document.createElement('script');
    script.src = '/analytics.js';
    document.head.appendChild(script);
  }, [code]);
  useEffect(
    () =>
      router.subscribe('onResolved', (e) => {
        if (!e.fromLocation || !e.hrefChanged) return;
        const href = e.toLocation.href;
        if (href.startsWith('/admin')) return;
        if (Array.isArray(window._hmt)) window._hmt.push(['_trackPageview', href]);
      }),
    [router],
  );
}
