import { useQuery } from '@tanstack/react-query';
import type { DocumentDTO } from '@wenku/shared';
import { ImageOffIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { AdSlot } from '@/components/ads/ad-slot';
import { PAGE_SIZES, pageBox, pageImageUrl, pageNeedsToken, pageSrcSet } from '@/components/documents/reading';
import { useBearerImage } from '@/hooks/use-bearer-image';
import { useSiteGated } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import type { SearchMarks } from './document-search';
import {
  imagePointSize,
  type PageRect,
  type PageSize,
  rectStyle,
  refineHitBox,
  resolvePageSize,
  sizeOf,
} from './page-overlay';
import { measureText, TextLayer } from './text-layer';

/**
 * The page images of the reading window, in order and lazy-loaded, with the document's page size for a stable
 * layout; the `document_between` advertisement after each page (moredoc-facts §21.2). Pages of a document the public
 * cannot see (disabled, back in review) need the bearer token, which an <img> cannot send: they are fetched and
 * shown as blob URLs, still only when they scroll into view. Over each image lie the hits of the in-document search
 * and a transparent text layer, fetched when the page comes near.
 */
export function PageImages({
  doc,
  shown,
  onOpen,
  onSource,
  marks,
}: {
  doc: DocumentDTO;
  shown: number;
  onOpen: (index: number) => void;
  /** Reports the address each page shows (for the viewer). */
  onSource: (page: number, src: string) => void;
  /** The in-document search's hits, if a search is on. */
  marks: SearchMarks | null;
}) {
  const { t } = useTranslation();
  return (
    <ol className="grid gap-4" aria-label={t('documents.read.pagesLabel')}>
      {Array.from({ length: shown }, (_, i) => {
        const page = i + 1;
        return (
          <li key={page} className="grid gap-4">
            <PageFrame
              doc={doc}
              page={page}
              total={doc.pages || shown}
              onOpen={onOpen}
              onSource={onSource}
              hits={marks?.pages.get(page) ?? null}
              currentNth={marks?.current?.page === page ? marks.current.nth : -1}
              jump={marks?.jump?.page === page ? marks.jump.nonce : null}
            />
            <AdSlot position="document_between" />
          </li>
        );
      })}
    </ol>
  );
}

/** True once the element has come within `margin` of the viewport (and stays true). */
function useNear(ref: React.RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = React.useState(false);
  React.useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${margin} 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near, margin]);
  return near;
}

/** One page: memoized, so typing in the search box or a hit elsewhere leaves it (and its text layer) alone. */
const PageFrame = React.memo(function PageFrame({
  doc,
  page,
  total,
  onOpen,
  onSource,
  hits,
  currentNth,
  jump,
}: {
  doc: DocumentDTO;
  page: number;
  total: number;
  /** Opens the image viewer at a page index (0-based). */
  onOpen: (index: number) => void;
  onSource: (page: number, src: string) => void;
  hits: { boxes: readonly PageRect[]; size: PageSize | null } | null;
  currentNth: number;
  /** The nonce of a jump to a hit on this page, null when the last jump went elsewhere. */
  jump: number | null;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const frame = React.useRef<HTMLDivElement>(null);
  const near = useNear(frame, '600px');
  const gated = useSiteGated();
  const [natural, setNatural] = React.useState<PageSize | null>(null);
  const box = pageBox(doc);
  const alt = t('documents.read.pageAlt', { title: doc.title, page });
  const text = useQuery({
    ...trpc.search.pageText.queryOptions({ id: doc.id, page }),
    enabled: near,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const onLoad = (img: HTMLImageElement) =>
    setNatural(imagePointSize(img.naturalWidth, img.naturalHeight, doc.preview_ext));
  const known = resolvePageSize(hits?.size, text.data ? sizeOf([text.data.width, text.data.height]) : null, natural);
  // The same size keeps the same object, so the text layer does not measure its lines again.
  const [width, height] = [known?.width ?? 0, known?.height ?? 0];
  const size = React.useMemo(() => (width > 0 ? { width, height } : null), [width, height]);
  const lines = text.data?.lines;
  const boxes = React.useMemo(
    () => (hits && lines ? hits.boxes.map((b) => refineHitBox(b, lines, measureText)) : hits?.boxes),
    [hits, lines],
  );

  // A jump brings the current hit to the middle of the screen, or the page's top while its box cannot be placed yet;
  // once the box appears (the image or the text layer told the page's size) the reader follows it.
  const placed = !!boxes && !!size && currentNth >= 0 && currentNth < boxes.length;
  const scrolled = React.useRef<{ nonce: number; toBox: boolean } | null>(null);
  React.useEffect(() => {
    if (jump === null) return;
    const last = scrolled.current;
    if (last && last.nonce === jump && (last.toBox || !placed)) return;
    const hit = placed ? frame.current?.querySelector<HTMLElement>('[data-current]') : null;
    (hit ?? frame.current)?.scrollIntoView({ block: hit ? 'center' : 'start' });
    scrolled.current = { nonce: jump, toBox: !!hit };
  }, [jump, placed]);

  return (
    <div
      ref={frame}
      className={cn(
        'relative scroll-mt-40 overflow-hidden rounded-md border bg-white shadow-sm sm:scroll-mt-32',
        'has-[>button:focus-visible]:ring-[3px] has-[>button:focus-visible]:ring-ring/50',
      )}
      data-page={page}
      data-testid={`page-${page}`}
    >
      <button
        type="button"
        className="group relative block w-full focus-visible:outline-none"
        onClick={() => onOpen(page - 1)}
        onContextMenu={(e) => e.preventDefault()}
        aria-label={t('documents.read.openPage', { page })}
        data-testid="document-page"
      >
        {!pageNeedsToken(doc, gated) ? (
          <img
            src={pageImageUrl(doc, page)}
            // Sized for the screen (issue 20): a phone fetches the width its pixel density needs, not the largest.
            srcSet={pageSrcSet(doc, page)}
            sizes={PAGE_SIZES}
            alt={alt}
            width={box.width}
            height={box.height}
            // The first page is what a reader came for (the largest paint): fetched at once and first.
            loading={page === 1 ? 'eager' : 'lazy'}
            fetchPriority={page === 1 ? 'high' : 'auto'}
            decoding={page === 1 ? 'auto' : 'async'}
            draggable={false}
            onLoad={(e) => onLoad(e.currentTarget)}
            className="block h-auto w-full touch-manipulation select-none"
          />
        ) : (
          <AuthedPageImage
            url={pageImageUrl(doc, page)}
            alt={alt}
            width={box.width}
            height={box.height}
            near={near}
            onLoaded={(src) => onSource(page, src)}
            onLoad={onLoad}
          />
        )}
        <span className="pointer-events-none absolute right-2 bottom-2 z-10 rounded bg-black/50 px-1.5 py-0.5 text-white text-xs tabular-nums">
          {page} / {total}
        </span>
      </button>
      {boxes && size ? (
        <div className="pointer-events-none absolute inset-0" aria-hidden>
          {boxes.map((b, nth) => (
            <span
              key={nth}
              className={cn(
                'absolute rounded-[2px] mix-blend-multiply',
                nth === currentNth ? 'bg-[#fb923c] outline-2 outline-[#ea580c] outline-offset-1' : 'bg-[#fde047]',
              )}
              style={rectStyle(b, size)}
              data-current={nth === currentNth ? '' : undefined}
              data-testid="doc-search-hit"
            />
          ))}
        </div>
      ) : null}
      {text.data && text.data.lines.length > 0 && size ? (
        <TextLayer
          page={page}
          lines={text.data.lines}
          copyable={text.data.copyable}
          size={size}
          onOpen={() => onOpen(page - 1)}
        />
      ) : null}
    </div>
  );
});

function AuthedPageImage({
  url,
  alt,
  width,
  height,
  near,
  onLoaded,
  onLoad,
}: {
  url: string;
  alt: string;
  width: number;
  height: number;
  /** The page has come near the viewport: time to fetch it. */
  near: boolean;
  onLoaded: (src: string) => void;
  onLoad: (img: HTMLImageElement) => void;
}) {
  const { t } = useTranslation();
  const { src, failed } = useBearerImage(url, near);
  const latest = React.useRef(onLoaded);
  latest.current = onLoaded;
  React.useEffect(() => {
    if (src) latest.current(src);
  }, [src]);

  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        onLoad={(e) => onLoad(e.currentTarget)}
        className="block h-auto w-full select-none"
      />
    );
  }
  return (
    <div
      className="flex w-full items-center justify-center bg-muted text-muted-foreground"
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {failed ? (
        <span className="flex flex-col items-center gap-2 text-sm">
          <ImageOffIcon className="size-8" />
          {t('documents.read.pageFailed')}
        </span>
      ) : (
        <LoaderCircleIcon className="size-6 animate-spin" aria-label={t('loading')} />
      )}
    </div>
  );
}
