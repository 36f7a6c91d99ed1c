import { ArrowUpIcon, FileUpIcon, HeadsetIcon, PenLineIcon, QrCodeIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { HoverPopover } from './hover-popover';
import { SimpleHtml } from './simple-html';
import { settingText } from './site-settings';
import { SmartLink } from './smart-link';

const buttonClass =
  'flex size-11 items-center justify-center rounded-full border bg-card text-muted-foreground shadow-md transition-colors hover:border-primary hover:text-primary';

/**
 * spec §2 Footer: the floating side bar (post article, upload, optional WeChat QR, optional contact link, back to
 * top), hidden on extra small screens (under 576px).
 */
export function FloatBar() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const qrcode = settingText(settings, 'display', 'wechat_qrcode');
  const wechatTip = settingText(settings, 'display', 'wechat_tip');
  const contact = settingText(settings, 'display', 'contact_link');
  const contactTip = settingText(settings, 'display', 'contact_tip');
  const browse = useCanBrowse();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 300);
    // Read in the next frame, not while the app takes the page over: reading the scroll position lays the page out
    // at once (a third of the take-over's longest task on a slow phone, issue 17).
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!browse) return null;
  return (
    <aside
      className="fixed right-4 bottom-20 z-30 hidden flex-col gap-2 min-[576px]:flex"
      aria-label={t('shell.header.menu')}
    >
      <SmartLink href="/post" className={buttonClass} title={t('shell.float.post')} aria-label={t('shell.float.post')}>
        <PenLineIcon className="size-5" />
      </SmartLink>
      <SmartLink
        href="/upload"
        className={buttonClass}
        title={t('shell.float.upload')}
        aria-label={t('shell.float.upload')}
      >
        <FileUpIcon className="size-5" />
      </SmartLink>
      {qrcode ? (
        <HoverPopover
          delay={100}
          align="end"
          className="w-52 text-center"
          trigger={
            <button type="button" className={buttonClass} aria-label={t('shell.float.wechat')}>
              <QrCodeIcon className="size-5" />
            </button>
          }
        >
          <img src={qrcode} alt={t('shell.float.wechat')} className="mx-auto size-40 object-contain" />
          <SimpleHtml as="p" className="mt-2 text-muted-foreground text-xs" html={wechatTip} />
        </HoverPopover>
      ) : null}
      {contact ? (
        <SmartLink
          href={contact}
          target="_blank"
          className={buttonClass}
          title={contactTip || t('shell.float.contact')}
          aria-label={contactTip || t('shell.float.contact')}
        >
          <HeadsetIcon className="size-5" />
        </SmartLink>
      ) : null}
      <button
        type="button"
        className={cn(buttonClass, !scrolled && 'pointer-events-none opacity-0')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        title={t('shell.float.top')}
        aria-label={t('shell.float.top')}
        tabIndex={scrolled ? 0 : -1}
      >
        <ArrowUpIcon className="size-5" />
      </button>
    </aside>
  );
}
