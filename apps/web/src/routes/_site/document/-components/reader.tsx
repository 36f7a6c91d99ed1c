import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DocumentDTO } from '@wenku/shared';
import { BookmarkIcon, CrownIcon, FileImageIcon, LockIcon, TextIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/**
 * The reader's tools (issue 20): which page is on screen, jumping to a page, the page or text mode, the offer to
 * continue where a member stopped, and what the preview leaves out.
 */

export type ReaderMode = 'page' | 'text';

/**
 * The page on screen: the last page (`[data-page]` inside `root`) whose top has passed the upper third of the
 * viewport, followed on scroll and resize (once a frame at most).
 */
export function useCurrentPage(root: React.RefObject<HTMLElement | null>, key: unknown): number {
  const [page, setPage] = React.useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` (the mode) swaps the pages the root holds.
  React.useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = root.current;
      if (!el) return;
      const line = window.innerHeight / 3;
      let current = 0;
      for (const node of el.querySelectorAll<HTMLElement>('[data-page]')) {
        const n = Number(node.dataset.page);
        if (node.getBoundingClientRect().top <= line) current = n;
        else break;
      }
      setPage(Math.max(1, current));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [root, key]);
  return page;
}

/** Scrolls page `n` of `root` into view once it is there (a page shown or text loaded a moment later). */
export function scrollToPage(root: HTMLElement | null, n: number, tries = 120): void {
  const el = root?.querySelector<HTMLElement>(`[data-page="${n}"]`);
  if (el) {
    el.scrollIntoView({ block: 'start' });
    return;
  }
  if (tries > 0) requestAnimationFrame(() => scrollToPage(root, n, tries - 1));
}

/** 第 [3] / 12 页, the number a field to jump with; the page and text mode switch. */
export function ReaderTools({
  page,
  total,
  limit,
  mode,
  onJump,
  onMode,
}: {
  page: number;
  /** Pages of the document. */
  total: number;
  /** Pages one may read (the preview). */
  limit: number;
  mode: ReaderMode;
  onJump: (page: number) => void;
  onMode: (mode: ReaderMode) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = React.useState<string | null>(null);
  const jump = () => {
    const n = Number.parseInt(draft ?? '', 10);
    setDraft(null);
    if (!Number.isFinite(n) || n < 1) return;
    if (n > limit && limit < total) toast.info(t('reader.pager.limited', { count: limit }));
    onJump(Math.min(n, Math.max(1, limit)));
  };
  return (
    <div className="ml-auto flex items-center gap-1.5">
      <form
        className="flex items-center gap-1 text-muted-foreground text-sm tabular-nums"
        onSubmit={(e) => {
          e.preventDefault();
          jump();
        }}
        data-testid="page-counter"
      >
        <span aria-hidden>{t('reader.pager.before')}</span>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          enterKeyHint="go"
          value={draft ?? String(page)}
          onFocus={(e) => {
            setDraft(String(page));
            e.currentTarget.select();
          }}
          onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onBlur={() => setDraft(null)}
          aria-label={t('reader.pager.jump')}
          className="h-8 w-11 rounded-md border bg-background px-1 text-center text-foreground text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="page-jump"
        />
        <span>{t('reader.pager.after', { total })}</span>
      </form>
      <Button
        type="button"
        variant={mode === 'text' ? 'secondary' : 'outline'}
        size="sm"
        onClick={() => onMode(mode === 'text' ? 'page' : 'text')}
        title={mode === 'text' ? t('reader.mode.toPage') : t('reader.mode.toText')}
        aria-pressed={mode === 'text'}
        data-testid="reader-mode"
      >
        {mode === 'text' ? <FileImageIcon /> : <TextIcon />}
        {mode === 'text' ? t('reader.mode.page') : t('reader.mode.text')}
      </Button>
    </div>
  );
}

/**
 * Where a signed-in member stopped: offered as 继续阅读第 N 页 until they take it, dismiss it or read on by
 * themselves; the page on screen is kept (a second after it settles) once they have moved from where they arrived.
 */
export function useReadingPosition(documentId: number, current: number, limit: number) {
  const trpc = useTRPC();
  const { user } = useSession();
  const saved = useQuery({
    ...trpc.document.readingPosition.queryOptions({ id: documentId }),
    enabled: !!user,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [settled, setSettled] = React.useState(false);
  const save = useMutation(trpc.document.saveReadingPosition.mutationOptions());
  const arrived = React.useRef<number | null>(null);
  const last = React.useRef(0);
  const mutate = save.mutate;
  React.useEffect(() => {
    if (!user || saved.isPending) return;
    arrived.current ??= current;
    if (current === arrived.current && !settled) return;
    // Reading on past page 1 by oneself answers the offer.
    if (current > 1) setSettled(true);
    const page = Math.min(current, Math.max(1, limit));
    if (page === last.current) return;
    const timer = setTimeout(() => {
      last.current = page;
      mutate({ id: documentId, page });
    }, 1000);
    return () => clearTimeout(timer);
  }, [user, saved.isPending, current, settled, limit, mutate, documentId]);
  const page = saved.data?.page ?? 0;
  return {
    // Not while that page is on screen already (the browser put the reader back there on reload).
    offer: user && !settled && page > 1 && current !== page ? page : 0,
    settle: () => setSettled(true),
  };
}

/** 上次读到第 N 页 [继续阅读第 N 页] [从头阅读]. */
export function ResumePrompt({
  page,
  onResume,
  onDismiss,
}: {
  page: number;
  onResume: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      // Fixed at the bottom: it comes after the page has painted and shifts nothing.
      className="fixed inset-x-3 bottom-4 z-40 mx-auto flex max-w-md flex-wrap items-center gap-2 rounded-xl border border-primary/30 bg-card px-4 py-3 text-sm shadow-lg"
      role="status"
      data-testid="resume-prompt"
    >
      <BookmarkIcon className="size-4 text-primary" aria-hidden />
      <span className="font-medium">{t('reader.resume.title', { page })}</span>
      <div className="ml-auto flex items-center gap-1">
        <Button size="sm" onClick={onResume} data-testid="resume-reading">
          {t('reader.resume.action', { page })}
        </Button>
        <Button size="icon" variant="ghost" className="size-8" onClick={onDismiss} title={t('reader.resume.dismiss')}>
          <XIcon />
          <span className="sr-only">{t('reader.resume.dismiss')}</span>
        </Button>
      </div>
    </div>
  );
}

/**
 * After the preview: how many pages remain, what the download costs and the ways to it (free, the price, VIP), with
 * the download buttons (`children`).
 */
export function PreviewEnd({
  doc,
  remaining,
  preview,
  vipEnabled,
  creditName,
  children,
}: {
  doc: Pick<DocumentDTO, 'pages' | 'price' | 'is_vip'>;
  remaining: number;
  preview: number;
  vipEnabled: boolean;
  creditName: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const vip = vipEnabled && doc.is_vip;
  return (
    <section
      className="grid justify-items-center gap-3 rounded-xl border border-amber-300/70 bg-amber-50/60 px-4 py-6 text-center dark:border-amber-800 dark:bg-amber-950/20"
      aria-labelledby="preview-end-title"
      data-testid="preview-end"
    >
      <LockIcon className="size-6 text-amber-600 dark:text-amber-400" aria-hidden />
      <h2 id="preview-end-title" className="font-semibold text-lg">
        {t('reader.end.title', { count: remaining })}
      </h2>
      <p className="max-w-prose text-muted-foreground text-sm" data-testid="preview-exhausted">
        {t('reader.end.summary', { pages: doc.pages, preview, count: remaining })}{' '}
        {doc.price > 0 ? t('reader.end.price', { price: doc.price, name: creditName }) : t('reader.end.free')}
        {vip ? ` ${t('reader.end.vip')}` : ''}
      </p>
      {children}
      {vip && !user?.is_vip ? (
        <Link
          to="/joinvip"
          className={cn('inline-flex items-center gap-1 text-amber-700 text-sm hover:underline dark:text-amber-400')}
          data-testid="preview-end-joinvip"
        >
          <CrownIcon className="size-4" aria-hidden />
          {t('reader.end.joinVip')}
        </Link>
      ) : null}
    </section>
  );
}
