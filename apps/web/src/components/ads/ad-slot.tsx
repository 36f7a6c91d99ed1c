import { useQuery } from '@tanstack/react-query';
import { AD_FRAME_SANDBOX, AD_HEIGHT_REQUEST, type AdPosition, adFrameHeight, adFramePath } from '@wenku/shared';
import * as React from 'react';
import { settingBool } from '@/components/layout/site-settings';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { adFree, adGroupOf, adsQueryOptions } from './ad-positions';

/**
 * An advertisement position (spec §3 positions). Every slot of a page group shares one query for all the group's
 * positions (moredoc-facts §18.6); a failure is silently ignored (spec §8). VIP members see none (spec §1): the
 * server answers them an empty list, and the slot does not even ask while the signed-in member is VIP, so ads
 * loaded before a VIP purchase vanish as soon as the session knows. Each ad is the administrator's HTML, which may
 * carry an ad network's script: it runs in its own sandboxed frame (issue 15 item 3), never in the page.
 */
export function AdSlot({ position, className }: { position: AdPosition; className?: string }) {
  const trpc = useTRPC();
  const canBrowse = useCanBrowse();
  const { user } = useSession();
  const vip = adFree(user, settingBool(useSiteSettings(), 'vip', 'enable'));
  const group = adGroupOf(position);
  const { data } = useQuery({ ...adsQueryOptions(trpc, group), enabled: canBrowse && !vip });
  if (vip) return null;
  const ads = (data?.advertisement ?? []).filter((a) => a.position === position && a.content.trim() !== '');
  if (ads.length === 0) return null;
  return (
    <div className={cn('wenku-ad grid gap-2', className)} data-ad-position={position}>
      {ads.map((ad) => (
        <AdFrame key={ad.id} id={ad.id} title={ad.title} />
      ))}
    </div>
  );
}

/**
 * One ad in a frame with an opaque origin: its script reaches neither the site's storage, cookies nor DOM. The
 * frame is as tall as its content says; only messages from this very frame are believed.
 */
function AdFrame({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const frame = React.useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = React.useState(0);
  React.useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const next = adFrameHeight(e.data);
      if (next !== null) setHeight(next);
    };
    window.addEventListener('message', onMessage);
    // Painted by the server, the frame may have told its height before this listened: ask again (an opaque origin,
    // hence '*'; the answer is believed only from this very frame).
    frame.current?.contentWindow?.postMessage({ type: AD_HEIGHT_REQUEST }, '*');
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <iframe
      ref={frame}
      src={adFramePath(id)}
      sandbox={AD_FRAME_SANDBOX}
      title={title || t('shell.advertisement')}
      scrolling="no"
      className="block w-full border-0"
      style={{ height }}
      data-ad-id={id}
    />
  );
}
