import { useQuery } from '@tanstack/react-query';
import type { AdPosition } from '@wenku/shared';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { adGroupOf, adGroupPositions } from './ad-positions';

/**
 * An advertisement position (spec §3 positions). Every slot of a page group shares one query for all the group's
 * positions (moredoc-facts §18.6); a failure is silently ignored (spec §8); VIP members get an empty list from the
 * server (spec §1). The content is the administrator's HTML, inserted as moredoc does.
 */
export function AdSlot({ position, className }: { position: AdPosition; className?: string }) {
  const trpc = useTRPC();
  const enabled = useCanBrowse();
  const group = adGroupOf(position);
  const { data } = useQuery({
    ...trpc.advertisement.byPosition.queryOptions({ position: adGroupPositions(group) }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    // spec §8: an advertisement failure is silent; the progress bar ignores it too.
    meta: { silent: true },
  });
  const ads = (data?.advertisement ?? []).filter((a) => a.position === position && a.content.trim() !== '');
  if (ads.length === 0) return null;
  return (
    <div className={cn('wenku-ad grid gap-2', className)} data-ad-position={position}>
      {ads.map((ad) => (
        <div
          key={ad.id}
          className="overflow-hidden [&_img]:max-w-full"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: advertisement HTML is authored by administrators (moredoc's v-html).
          dangerouslySetInnerHTML={{ __html: ad.content }}
        />
      ))}
    </div>
  );
}
