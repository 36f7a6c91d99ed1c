import * as React from 'react';
import { ImageViewer, type ViewerImage } from '@/components/documents/lazy-image-viewer';
import { cn } from '@/lib/utils';
import { wrapTables } from './article-text';

/**
 * Reading typography for article HTML (there is no typography plugin): headings, paragraphs, lists, quotes, code,
 * images within the column, and tables with borders that scroll sideways inside their own box on phones.
 */
export const ARTICLE_PROSE = cn(
  'break-words text-[15px] text-foreground/90 leading-7 sm:text-base sm:leading-8',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_h1]:mt-8 [&_h1]:mb-4 [&_h1]:font-semibold [&_h1]:text-2xl [&_h1]:text-foreground [&_h1]:leading-snug',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:border-b [&_h2]:pb-2 [&_h2]:font-semibold [&_h2]:text-foreground [&_h2]:text-xl [&_h2]:leading-snug',
  '[&_h3]:mt-6 [&_h3]:mb-3 [&_h3]:font-semibold [&_h3]:text-foreground [&_h3]:text-lg',
  '[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-foreground',
  '[&_h5]:mt-4 [&_h5]:mb-2 [&_h5]:font-semibold [&_h6]:mt-4 [&_h6]:mb-2 [&_h6]:font-semibold',
  '[&_p]:my-3',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-primary/80',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_li>p]:my-0 [&_li::marker]:text-muted-foreground',
  '[&_blockquote]:my-4 [&_blockquote]:rounded-r-md [&_blockquote]:border-primary/40 [&_blockquote]:border-l-4 [&_blockquote]:bg-muted/60 [&_blockquote]:px-4 [&_blockquote]:py-1 [&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-zinc-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-zinc-100 [&_pre]:leading-6',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
  '[&_img]:my-2 [&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full [&_img]:cursor-zoom-in [&_img]:rounded-md',
  '[&_video]:my-4 [&_video]:h-auto [&_video]:max-w-full [&_video]:rounded-md',
  '[&_figcaption]:text-center [&_figcaption]:text-muted-foreground [&_figcaption]:text-sm',
  '[&_hr]:my-6 [&_hr]:border-border',
  '[&_mark]:rounded-sm [&_mark]:bg-yellow-200 [&_mark]:px-0.5 dark:[&_mark]:bg-yellow-500/40',
  '[&_.article-table]:my-4 [&_.article-table]:max-w-full [&_.article-table]:overflow-x-auto',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_table]:leading-6',
  '[&_caption]:pb-2 [&_caption]:text-muted-foreground',
  '[&_th]:h-10 [&_th]:min-w-24 [&_th]:border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:align-top [&_th]:font-semibold',
  '[&_td]:h-10 [&_td]:min-w-24 [&_td]:border [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
  '[&_td>p]:my-0 [&_th>p]:my-0',
);

/**
 * An article's HTML, sanitized by the server (it is stored only after its allow-list), with reading typography. A
 * click on an image opens the image viewer over all images of the article.
 */
export function ArticleContent({ html, title, className }: { html: string; title: string; className?: string }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [images, setImages] = React.useState<ViewerImage[]>([]);
  const [index, setIndex] = React.useState<number | null>(null);
  const markup = React.useMemo(() => ({ __html: wrapTables(html) }), [html]);

  const onClick = (e: React.MouseEvent<HTMLDivElement>) => {
    const target = e.target;
    // An image inside a link follows the link.
    if (!(target instanceof HTMLImageElement) || target.closest('a') || !ref.current) return;
    const all = [...ref.current.querySelectorAll('img')];
    setImages(all.map((img) => ({ src: img.currentSrc || img.src, alt: img.alt || title })));
    setIndex(Math.max(0, all.indexOf(target)));
  };

  return (
    <>
      <div
        ref={ref}
        className={cn(ARTICLE_PROSE, className)}
        onClick={onClick}
        data-testid="article-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes article HTML before storing it (sanitize-html allow-list).
        dangerouslySetInnerHTML={markup}
      />
      <ImageViewer
        title={title}
        images={images}
        index={index ?? 0}
        open={index !== null}
        onOpenChange={(open) => !open && setIndex(null)}
        onIndexChange={setIndex}
      />
    </>
  );
}
