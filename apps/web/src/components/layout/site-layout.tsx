import { useLocation } from '@tanstack/react-router';
import type * as React from 'react';
import { RechargeDialogHost } from '@/components/credits/recharge-host';
import { FloatBar } from './float-bar';
import { HydrateWhenVisible } from './hydrate-when-visible';
import { LazySiteFooter } from './lazy-site-footer';
import { showFooter } from './nav';
import { SiteHeader } from './site-header';

/**
 * The default layout of spec §2 (header, content, footer) with the article layout's rule: no footer on /article.
 */
export function SiteLayout({ children }: { children: React.ReactNode }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="flex-1">{children}</main>
      {showFooter(pathname) ? (
        <HydrateWhenVisible>
          <LazySiteFooter />
        </HydrateWhenVisible>
      ) : null}
      <FloatBar />
      <RechargeDialogHost />
    </div>
  );
}
