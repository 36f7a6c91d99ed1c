import { lazyPart } from '@/lib/lazy-part';

/** The footer's code loads when it comes near the screen (it is under every page's fold). */
export const LazySiteFooter = lazyPart(() => import('./site-footer').then((m) => m.SiteFooter));
