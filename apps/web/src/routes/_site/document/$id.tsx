import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import { BookOpenIcon } from 'lucide-react';
import * as React from 'react';
import { useCan } from '@/components/admin/use-can';
import { prefetchAds } from '@/components/ads/ad-positions';
import { AdSlot } from '@/components/ads/ad-slot';
import { ImageViewer, type ViewerImage } from '@/components/documents/lazy-image-viewer';
import {
  initialShown,
  nextShown,
  pageImageUrl,
  pageNeedsToken,
  parseDocumentParam,
  readingState,
  shownToReach,
} from '@/components/documents/reading';
import { ReviewHints } from '@/components/documents/review-hints';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { commentListInput, LazyCommentsSection } from '@/components/interactions/lazy-comments-section';
import { HydrateWhenVisible } from '@/components/layout/hydrate-when-visible';
import { NotFoundPage } from '@/components/layout/status-pages';
import { WxShare } from '@/components/oauth/wx-share';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AsidePageSkeleton, Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSiteGated } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { orNotFound } from '@/lib/loader-not-found';
import { usePaintedTimeZone } from '@/lib/render-clock';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { updateDocumentCounters } from './-components/document-counters';
import { DocumentDescriptions } from './-components/document-descriptions';
import { DownloadButtons, useDocumentDownload } from './-components/document-download';
import { DocumentBreadcrumb, DocumentHeader } from './-components/document-head';
import { StatusBanner } from './-components/document-parts';
import { DocumentSearchBar, useDocumentSearch } from './-components/document-search';
import {
  LazyNextReads,
  LazyRatingCard,
  LazyRelatedDocuments,
  LazyUploaderCard,
} from './-components/lazy-document-cards';
import { PageImages } from './-components/page-images';
import {
  PreviewEnd,
  type ReaderMode,
  ReaderTools,
  ResumePrompt,
  scrollToPage,
  useCurrentPage,
  useReadingPosition,
} from './-components/reader';

/** The owner's edit dialog and its form library load when it is opened, not with the page (issue 17). */
const DocumentEditDialog = React.lazy(() =>
  import('@/components/documents/document-edit-dialog').then((m) => ({ default: m.DocumentEditDialog })),
);

/** The text mode, loaded when first switched to: the page view carries none of it. */
const TextReader = React.lazy(() => import('./-components/text-reader'));

type Key = { id: number } | { uuid: string };

/** The query the page reads: without `with_author`, so loading, preloading on hover and refreshing count no view. */
const keyOf = (param: string): Key => parseDocumentParam(param) ?? { id: 0 };

export const Route = createFileRoute('/_site/document/$id')({
  loader: async ({ context, params, preload }) => {
    const { queryClient, trpc } = context;
    const key = parseDocumentParam(params.id);
    if (!key) throw notFound();
    if (!preload) prefetchAds(context, 'document');
    const [doc] = await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(trpc.document.get.queryOptions(key)),
        queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
      ]),
    );
    // What the page shows under and beside the document starts with it (not when a link is only pointed at): the
    // server paints it with the page, and the browser neither asks for it nor renders it again once it has taken
    // the page over (issue 17).
    if (preload) return;
    void queryClient.prefetchQuery(trpc.document.related.queryOptions({ id: doc.id }));
    void queryClient.prefetchQuery(trpc.comment.list.queryOptions(commentListInput(0, doc.id)));
    if (doc.user_id > 0) void queryClient.prefetchQuery(trpc.user.get.queryOptions({ id: doc.user_id }));
  },
  pendingComponent: DocumentSkeleton,
  notFoundComponent: NotFoundPage,
  component: DocumentRoute,
});

/** A new document (a related one, say) starts its reading window, viewer and dialogs afresh. */
function DocumentRoute() {
  const { id } = Route.useParams();
  return <DocumentPage key={id} />;
}

/** The last visit counted, so a re-render or React's development double effects do not count twice. */
let lastCounted = { id: 0, at: 0 };

/** spec §2 /document/{id}: reading a document (moredoc-facts §21.2). */
function DocumentPage() {
  const { t } = useTranslation();
  const zone = usePaintedTimeZone();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { id: param } = Route.useParams();
  const key = keyOf(param);
  const queryKey = trpc.document.get.queryKey(key);
  const { data: doc } = useSuspenseQuery(trpc.document.get.queryOptions(key));
  const settings = useDocumentSettings();
  const { user } = useSession();
  const can = useCan();
  usePageTitle(doc.title);

  const setDoc = React.useCallback(
    (patch: Partial<DocumentDTO>) =>
      queryClient.setQueryData<DocumentDTO>(queryKey, (old) => (old ? { ...old, ...patch } : old)),
    [queryClient, queryKey],
  );

  // One view per visit (moredoc-facts §6.5): `with_author` counts it and brings the fresh counters.
  React.useEffect(() => {
    const now = Date.now();
    if (lastCounted.id === doc.id && now - lastCounted.at < 3000) return;
    lastCounted = { id: doc.id, at: now };
    // Counted already by the page's entry while the page waited for the visitor (lib/take-over-on-intent.ts).
    const html = document.documentElement;
    if (html.dataset.viewCounted === String(doc.id)) {
      delete html.dataset.viewCounted;
      return;
    }
    client.document.get
      .query({ id: doc.id, with_author: true })
      // The fresh counts are kept (the larger of them and those kept already).
      .then((fresh) => updateDocumentCounters(queryClient, fresh, (counts) => counts))
      .catch(() => {});
  }, [doc.id, client, queryClient]);

  const owner = !!user && user.id === doc.user_id;
  const permissions = {
    owner,
    canEdit: owner || can('DocumentAPI.UpdateDocument'),
    canDelete: owner || can('DocumentAPI.DeleteDocument'),
    canToggle: can('DocumentAPI.UpdateDocument'),
    canRecommend: can('DocumentAPI.SetDocumentRecommend'),
  };
  const manager = owner || can('DocumentAPI.ListDocument');

  // The reading window: pages_per_read pages, then as many more per "continue reading".
  const perRead = settings.pagesPerRead;
  const [shown, setShown] = React.useState(() => initialShown(readingState(doc, 0).limit, perRead));
  const { limit, remaining, beyondPreview } = readingState(doc, shown);
  React.useEffect(() => setShown((s) => Math.min(Math.max(s, initialShown(limit, perRead)), limit)), [limit, perRead]);
  // A jump of the in-document search to a page not shown yet reads on to it first.
  const reach = React.useCallback(
    (page: number) => setShown((s) => shownToReach(page, s, limit, perRead)),
    [limit, perRead],
  );
  const search = useDocumentSearch(doc.id, reach);

  // The reader (issue 20): the page on screen, jumps, the page or text mode, and where a member stopped.
  const reader = React.useRef<HTMLDivElement>(null);
  const [mode, setMode] = React.useState<ReaderMode>('page');
  const [textTarget, setTextTarget] = React.useState(1);
  const current = useCurrentPage(reader, mode);
  const position = useReadingPosition(doc.id, current, limit);
  const jumpTo = React.useCallback(
    (page: number) => {
      if (mode === 'page') reach(page);
      else setTextTarget((t) => Math.max(t, page));
      scrollToPage(reader.current, page);
    },
    [mode, reach],
  );
  // Every readable page is on screen (the text mode shows them all) and the download holds more.
  const ended = beyondPreview > 0 && (mode === 'text' || remaining === 0);
  const switchMode = (next: ReaderMode) => {
    // The same place in the other view: the page on screen now.
    const page = current;
    if (next === 'page') reach(page);
    else setTextTarget(page);
    setMode(next);
    requestAnimationFrame(() => scrollToPage(reader.current, page));
  };

  const gated = useSiteGated();
  const [viewer, setViewer] = React.useState<number | null>(null);
  const [sources, setSources] = React.useState<Record<number, string>>({});
  const onSource = React.useCallback((page: number, src: string) => setSources((s) => ({ ...s, [page]: src })), []);
  const images: ViewerImage[] = Array.from({ length: shown }, (_, i) => ({
    src: pageNeedsToken(doc, gated) ? (sources[i + 1] ?? '') : pageImageUrl(doc, i + 1),
    alt: t('documents.read.pageAlt', { title: doc.title, page: i + 1 }),
  }));

  const [editing, setEditing] = React.useState(false);

  const onDownloaded = React.useCallback(
    () => updateDocumentCounters(queryClient, doc, (c) => ({ ...c, download_count: c.download_count + 1 })),
    [queryClient, doc],
  );
  const download = useDocumentDownload(doc, onDownloaded);

  // The parts taken over as they come near the screen, the same elements while what they show is unchanged: the page
  // renders again as its counters arrive, which must not count as an update of a part still held.
  const nextReads = React.useMemo(() => <LazyNextReads documentId={doc.id} />, [doc.id]);
  const uploader = React.useMemo(
    () => <LazyUploaderCard userId={doc.user_id} fallbackName={doc.username} />,
    [doc.user_id, doc.username],
  );
  const related = React.useMemo(() => <LazyRelatedDocuments documentId={doc.id} />, [doc.id]);
  // The rating card shows the document's score: a change of it is an update (the part is taken over with it); the
  // counters arriving after the page is taken over are not. The query key is rebuilt each render from `param`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the parts show of the document, and its key
  const ratingAndComments = React.useMemo(
    () => (
      <>
        <LazyRatingCard doc={doc} onRated={() => void queryClient.invalidateQueries({ queryKey })} />
        <LazyCommentsSection
          type={0}
          id={doc.id}
          ownerId={doc.user_id}
          onCountChange={(delta) =>
            queryClient.setQueryData<DocumentDTO>(queryKey, (old) =>
              old ? { ...old, comment_count: Math.max(0, old.comment_count + delta) } : old,
            )
          }
        />
      </>
    ),
    [doc.id, doc.user_id, doc.score, doc.score_count, queryClient, param],
  );

  return (
    <div
      className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_300px]"
      data-view-document={doc.id}
    >
      <WxShare title={doc.title} description={doc.description} image={doc.cover} />
      <main className="grid min-w-0 content-start gap-4">
        <DocumentBreadcrumb doc={doc} />
        <DocumentHeader
          doc={doc}
          queryKey={queryKey}
          setDoc={setDoc}
          download={download}
          permissions={permissions}
          onEdit={() => setEditing(true)}
        />
        <StatusBanner doc={doc} manager={manager} />
        {doc.duplicate_of || doc.ocr_status === 1 || doc.ocr_status === 3 ? (
          <Card className="px-4 py-3 sm:px-6">
            <ReviewHints doc={doc} />
          </Card>
        ) : null}
        <AdSlot position="document_top" />
        {settings.showDescriptions ? <DocumentDescriptions doc={doc} /> : null}
        {position.offer > 0 && shown > 0 ? (
          <ResumePrompt
            page={position.offer}
            onResume={() => {
              position.settle();
              jumpTo(position.offer);
            }}
            onDismiss={position.settle}
          />
        ) : null}
        {shown > 0 ? (
          // One block, so the sticky search bar stays with the pages and does not cover the comments below.
          <div className="grid gap-4" ref={reader}>
            <DocumentSearchBar
              search={search}
              searchable={mode === 'page'}
              tools={
                <ReaderTools
                  page={current}
                  total={doc.pages || limit}
                  limit={limit}
                  mode={mode}
                  onJump={jumpTo}
                  onMode={switchMode}
                />
              }
            />
            {mode === 'text' ? (
              <React.Suspense fallback={<Skeleton className="h-96 rounded-xl" />}>
                <TextReader documentId={doc.id} limit={limit} target={textTarget} />
              </React.Suspense>
            ) : (
              <PageImages doc={doc} shown={shown} onOpen={setViewer} onSource={onSource} marks={search.marks} />
            )}
          </div>
        ) : doc.status === DocumentStatus.Converted ? (
          <Card className="items-center gap-2 py-10 text-center text-muted-foreground text-sm">
            <BookOpenIcon className="size-8" />
            {t('documents.read.noPreview')}
          </Card>
        ) : null}

        {ended ? (
          // After the preview cap, one block: what is left, what it costs and how to get it.
          <PreviewEnd
            doc={doc}
            remaining={beyondPreview}
            preview={limit}
            vipEnabled={download.settings.vipEnabled}
            creditName={download.settings.creditName}
          >
            <DownloadButtons download={download} doc={doc} size="lg" withPrice className="justify-center" />
          </PreviewEnd>
        ) : null}
        <div className="grid justify-items-center gap-3 rounded-xl border bg-card px-4 py-6 text-center">
          {remaining > 0 && mode === 'page' ? (
            <Button
              variant="outline"
              size="lg"
              onClick={() => setShown((s) => nextShown(s, limit, perRead))}
              data-testid="continue-reading"
            >
              <BookOpenIcon />
              {t('documents.read.continue', { pages: doc.pages || limit, remaining })}
            </Button>
          ) : null}
          {ended ? null : (
            <>
              <p className="text-muted-foreground text-sm">{t('documents.read.downloadTip')}</p>
              <DownloadButtons download={download} doc={doc} size="lg" withPrice className="justify-center" />
            </>
          )}
          <p className="text-muted-foreground text-xs">
            {t('documents.read.sharedBy', {
              name: doc.username || t('documents.read.anonymous'),
              date: formatDateTime(doc.created_at, zone),
            })}
          </p>
        </div>

        {doc.status === DocumentStatus.Converted ? (
          // Under the reader: taken over as it comes near the screen, as the aside's cards (phones have them last).
          <HydrateWhenVisible className="min-w-0">{nextReads}</HydrateWhenVisible>
        ) : null}

        {/* spec: the document_bottom slot sits above the comment card (rating, then the comments). */}
        <AdSlot position="document_bottom" />
        <HydrateWhenVisible className="grid min-w-0 gap-4">{ratingAndComments}</HydrateWhenVisible>
      </main>

      <aside className="grid min-w-0 content-start gap-4 lg:sticky lg:top-20 lg:self-start">
        <HydrateWhenVisible className="min-w-0">{uploader}</HydrateWhenVisible>
        {/* Phones have the related documents under the reader (NextReads), not once more after the comments. */}
        <HydrateWhenVisible className="max-lg:hidden">{related}</HydrateWhenVisible>
      </aside>

      <ImageViewer
        title={doc.title}
        images={images}
        index={viewer ?? 0}
        open={viewer !== null}
        onOpenChange={(open) => !open && setViewer(null)}
        onIndexChange={setViewer}
      />
      {download.drawer}
      {editing ? (
        <React.Suspense fallback={null}>
          <DocumentEditDialog
            document={doc}
            onClose={() => setEditing(false)}
            onSaved={(saved) => queryClient.setQueryData(queryKey, { ...doc, ...saved })}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}

function DocumentSkeleton() {
  return (
    <AsidePageSkeleton aside={['h-24 rounded-xl', 'h-64 rounded-xl']}>
      <Skeleton className="h-4 w-64" />
      <Skeleton className="h-36 rounded-xl" />
      <Skeleton className="h-24 rounded-xl" />
      <Skeleton className="aspect-[210/297] w-full rounded-md" />
    </AsidePageSkeleton>
  );
}
