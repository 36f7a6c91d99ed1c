import { CrownIcon } from 'lucide-react';
import * as React from 'react';
import { useBearerImage } from '@/hooks/use-bearer-image';
import { useSiteGated } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { extLabel } from './file-kind';
import { FileKindIcon } from './file-kind-icon';
import { useVipEnabled } from './use-document-data';

/**
 * How a cover loads: `lazy` (as the page is scrolled to it, the default), `eager` (on the first screen of a listing),
 * `high` (eager and fetched first: the likely largest paint of a listing, issue 17).
 */
export type CoverLoading = 'lazy' | 'eager' | 'high';

/**
 * The loading of the `index`th cover of a listing: the first screen eagerly, its first row fetched first where the
 * listing is the page's largest paint (`fetchFirst`).
 */
export function coverLoading(index: number, fetchFirst = true): CoverLoading {
  return index < 2 && fetchFirst ? 'high' : index < 6 ? 'eager' : 'lazy';
}

/**
 * A document's cover (210×297, moredoc-facts §6.4), or its file-kind icon while it has none or it fails to load. A VIP
 * document carries the `VIP` corner badge while VIP is on (moredoc-pro-facts §2.6).
 */
export function DocumentCover({
  cover,
  ext,
  title,
  isVip = false,
  loading = 'lazy',
  className,
}: {
  cover: string;
  ext: string;
  title: string;
  isVip?: boolean;
  loading?: CoverLoading;
  className?: string;
}) {
  const [failed, setFailed] = React.useState(false);
  const vipEnabled = useVipEnabled();
  // Behind the site gate the server hands covers out only with the token.
  const withToken = useSiteGated() && cover.startsWith('/view/');
  const fetched = useBearerImage(cover, withToken);
  const src = withToken ? fetched.src : cover;
  return (
    <div className={cn('relative aspect-[210/297] w-full overflow-hidden bg-muted', className)}>
      {src && !failed && !fetched.failed ? (
        <img
          src={src}
          alt={title}
          loading={loading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={loading === 'high' ? 'high' : undefined}
          decoding="async"
          width={210}
          height={297}
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-b from-muted to-accent">
          <FileKindIcon ext={ext} className="size-10" />
          <span className="font-medium text-muted-foreground text-xs">{extLabel(ext)}</span>
        </div>
      )}
      {isVip && vipEnabled ? <VipCornerBadge /> : null}
    </div>
  );
}

/** The `VIP` ribbon in the cover's top right corner. */
export function VipCornerBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'absolute top-0 right-0 inline-flex items-center gap-0.5 rounded-bl-md bg-gradient-to-r from-amber-400 to-orange-500 px-1.5 py-0.5 font-bold text-[10px] text-white leading-4 shadow-sm',
        className,
      )}
      title={t('documents.vip.document')}
      data-testid="vip-badge"
    >
      <CrownIcon className="size-3" aria-hidden />
      {t('documents.vip.badge')}
    </span>
  );
}
