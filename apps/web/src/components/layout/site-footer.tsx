import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { copyrightYears, safeAbsoluteUrl } from '@wenku/shared';
import { AdSlot } from '@/components/ads/ad-slot';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { FRIENDLINK_INPUT } from './friendlinks';
import { SimpleHtml } from './simple-html';
import { settingBool, settingText, siteName } from './site-settings';
import { SmartLink } from './smart-link';

/** Footer links of spec §2 in moredoc's order, each shown only when configured (moredoc-facts §4.4). */
const FOOTER_LINKS = ['about', 'agreement', 'contact', 'feedback', 'copyright'] as const;

/** spec §2 Footer. */
export function SiteFooter() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const pathname = useLocation({ select: (l) => l.pathname });
  const name = siteName(settings);
  const icp = settingText(settings, 'system', 'icp');
  const secIcp = settingText(settings, 'system', 'sec_icp');
  const version = settingText(settings, 'system', 'version');
  const links = FOOTER_LINKS.map((key) => ({ key, href: settingText(settings, 'footer', key) })).filter((l) => l.href);
  return (
    <footer className="border-t bg-card/60">
      <AdSlot position="global_bottom" className="mx-auto w-full max-w-7xl px-4 pt-6" />
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 text-muted-foreground text-sm">
        {pathname === '/' ? <FriendLinks /> : null}
        {links.length > 0 ? (
          <nav className="flex flex-wrap justify-center gap-x-6 gap-y-2" aria-label={t('shell.footer.about')}>
            {links.map((l) => (
              <SmartLink key={l.key} href={l.href} className="hover:text-primary">
                {t(`shell.footer.${l.key}`)}
              </SmartLink>
            ))}
          </nav>
        ) : null}
        <SimpleHtml
          as="p"
          className="text-center text-xs leading-relaxed [&_a]:underline"
          html={settingText(settings, 'display', 'copyright_statement')}
        />
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs">
          <span>
            © {copyrightYears(settingText(settings, 'system', 'copyright_start_year'))}{' '}
            <Link to="/" className="hover:text-primary">
              {name}
            </Link>
          </span>
          <a href="/sitemap.xml" className="hover:text-primary">
            {t('shell.footer.sitemap')}
          </a>
          {icp ? (
            <a
              href="https://beian.miit.gov.cn/"
              target="_blank"
              rel="noopener noreferrer"
              className="hover:text-primary"
            >
              {icp}
            </a>
          ) : null}
          {secIcp ? (
            <a
              href={`https://beian.mps.gov.cn/#/query/webSearch?code=${encodeURIComponent(secIcp.replace(/\D/g, ''))}`}
              target="_blank"
              rel="noopener noreferrer"
              className="hover:text-primary"
            >
              {secIcp}
            </a>
          ) : null}
          {settingBool(settings, 'system', 'enable_powered_by') && version ? (
            <span>{t('shell.footer.poweredBy', { version })}</span>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

/** spec §2: enabled friend links, on the home page only. */
function FriendLinks() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const enabled = useCanBrowse();
  const { data } = useQuery({
    ...trpc.friendlink.list.queryOptions(FRIENDLINK_INPUT),
    enabled,
  });
  // A link saved before the link rule that is not an http(s) address (issue 15 item 6) is left out.
  const links = (data?.friendlink ?? []).flatMap((l) => {
    const href = safeAbsoluteUrl(l.link);
    return l.enable !== false && href && l.title ? [{ id: l.id, title: l.title, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div className="flex flex-wrap items-baseline justify-center gap-x-4 gap-y-1 border-b pb-4">
      <span className="font-medium text-foreground/80">{t('shell.footer.friendlinks')}</span>
      {links.map((l) => (
        <a key={l.id} href={l.href} target="_blank" rel="noopener noreferrer" className="hover:text-primary">
          {l.title}
        </a>
      ))}
    </div>
  );
}
