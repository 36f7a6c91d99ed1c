import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import { ImageOffIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { AdSlot } from '@/components/ads/ad-slot';
import { pageBox, pageImageUrl } from '@/components/documents/reading';
import { session } from '@/lib/session';

/**
 * The page images of the reading window, in order and lazy-loaded, with the document's page size for a stable
 * layout; the `document_between` advertisement after each page (moredoc-facts §21.2). Pages of a document the public
 * cannot see (disabled, back in review) need the bearer token, which an <img> cannot send: they are fetched and
 * shown as blob URLs, still only when they scroll into view.
 */
export function PageImages({
  doc,
  shown,
  onOpen,
  onSource,
}: {
  doc: DocumentDTO;
  shown: number;
  onOpen: (index: number) => void;
  /** Reports the address each page shows (for the viewer). */
  onSource: (page: number, src: string) => void;
}) {
  const { t } = useTranslation();
  const box = pageBox(doc);
  const direct = doc.status === DocumentStatus.Converted;
  return (
    <ol className="grid gap-4" aria-label={t('documents.read.pagesLabel')}>
      {Array.from({ length: shown }, (_, i) => {
        const page = i + 1;
        const alt = t('documents.read.pageAlt', { title: doc.title, page });
        return (
          <li key={page} className="grid gap-4">
            <button
              type="button"
              className="group relative block w-full overflow-hidden rounded-md border bg-white shadow-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              onClick={() => onOpen(i)}
              onContextMenu={(e) => e.preventDefault()}
              aria-label={t('documents.read.openPage', { page })}
              data-testid="document-page"
            >
              {direct ? (
                <img
                  src={pageImageUrl(doc, page)}
                  alt={alt}
                  width={box.width}
                  height={box.height}
                  loading={page === 1 ? 'eager' : 'lazy'}
                  decoding="async"
                  draggable={false}
                  className="block h-auto w-full select-none"
                />
              ) : (
                <AuthedPageImage
                  url={pageImageUrl(doc, page)}
                  alt={alt}
                  width={box.width}
                  height={box.height}
                  onLoaded={(src) => onSource(page, src)}
                />
              )}
              <span className="pointer-events-none absolute right-2 bottom-2 rounded bg-black/50 px-1.5 py-0.5 text-white text-xs tabular-nums">
                {page} / {doc.pages || shown}
              </span>
            </button>
            <AdSlot position="document_between" />
          </li>
        );
      })}
    </ol>
  );
}

function AuthedPageImage({
  url,
  alt,
  width,
  height,
  onLoaded,
}: {
  url: string;
  alt: string;
  width: number;
  height: number;
  onLoaded: (src: string) => void;
}) {
  const { t } = useTranslation();
  const holder = React.useRef<HTMLDivElement>(null);
  const [visible, setVisible] = React.useState(false);
  const [src, setSrc] = React.useState<string | null>(null);
  const [failed, setFailed] = React.useState(false);
  const latest = React.useRef(onLoaded);
  latest.current = onLoaded;

  React.useEffect(() => {
    const el = holder.current;
    if (!el || visible) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);

  React.useEffect(() => {
    if (!visible) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const { token } = session.get();
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
        latest.current(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [visible, url]);

  if (src) {
    return <img src={src} alt={alt} width={width} height={height} className="block h-auto w-full select-none" />;
  }
  return (
    <div
      ref={holder}
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
