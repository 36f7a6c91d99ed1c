import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { type DocumentDTO, DocumentStatus, safeAbsoluteUrl } from '@wenku/shared';
import {
  BookOpenIcon,
  CalendarIcon,
  CrownIcon,
  DownloadIcon,
  EyeIcon,
  FileStackIcon,
  HardDriveIcon,
  MessageSquareIcon,
  PencilIcon,
  PowerIcon,
  StarIcon,
  ThumbsUpIcon,
  Trash2Icon,
  UserRoundIcon,
} from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { useCan } from '@/components/admin/use-can';
import { AdSlot } from '@/components/ads/ad-slot';
import { DocumentEditDialog } from '@/components/documents/document-edit-dialog';
import { PriceTag } from '@/components/documents/document-items';
import { extLabel } from '@/components/documents/file-kind';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes, formatDateTime } from '@/components/documents/format';
import { ImageViewer, type ViewerImage } from '@/components/documents/image-viewer';
import { useLanguageName } from '@/components/documents/language-select';
import { stars } from '@/components/documents/listing';
import {
  documentHref,
  initialShown,
  nextShown,
  pageImageUrl,
  pageNeedsToken,
  parseDocumentParam,
  readingState,
  shownToReach,
} from '@/components/documents/reading';
import { ReviewHints } from '@/components/documents/review-hints';
import { SharePopover } from '@/components/documents/share-popover';
import { Stars } from '@/components/documents/star-rating';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { CommentsSection } from '@/components/interactions/comments-section';
import { FavoriteButton } from '@/components/interactions/favorite-button';
import { NotFoundPage } from '@/components/layout/status-pages';
import { ReportButton } from '@/components/moderation/report-button';
import { WxShare } from '@/components/oauth/wx-share';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSiteGated } from '@/hooks/use-site-access';
import { errorMessage, toApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { DownloadButtons, useDocumentDownload } from './-components/document-download';
import {
  FoldedText,
  KeywordLinks,
  RatingCard,
  RecommendBadge,
  RelatedDocuments,
  StatusBanner,
  UploaderCard,
} from './-components/document-parts';
import { DocumentSearchBar, useDocumentSearch } from './-components/document-search';
import { NextReads } from './-components/next-reads';
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

/** The text mode, loaded when first switched to: the page view carries none of it. */
const TextReader = React.lazy(() => import('./-components/text-reader'));

type Key = { id: number } | { uuid: string };

/** The query the page reads: without `with_author`, so loading, preloading on hover and refreshing count no view. */
const keyOf = (param: string): Key => parseDocumentParam(param) ?? { id: 0 };

export const Route = createFileRoute('/_site/document/$id')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const key = parseDocumentParam(params.id);
    if (!key) throw notFound();
    try {
      await Promise.all([
        queryClient.ensureQueryData(trpc.document.get.queryOptions(key)),
        queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
      ]);
    } catch (e) {
      if (toApiError(e).status === 404) throw notFound();
      throw e;
    }
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
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { id: param } = Route.useParams();
  const key = keyOf(param);
  const queryKey = trpc.document.get.queryKey(key);
  const { data: doc } = useSuspenseQuery(trpc.document.get.queryOptions(key));
  const settings = useDocumentSettings();
  const { user } = useSession();
  const can = useCan();
  const languageName = useLanguageName();
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
    client.document.get
      .query({ id: doc.id, with_author: true })
      .then((fresh) => setDoc({ view_count: fresh.view_count, download_count: fresh.download_count }))
      .catch(() => {});
  }, [doc.id, client, setDoc]);

  const owner = !!user && user.id === doc.user_id;
  const canEdit = owner || can('DocumentAPI.UpdateDocument');
  const canDelete = owner || can('DocumentAPI.DeleteDocument');
  const canToggle = can('DocumentAPI.UpdateDocument');
  const canRecommend = can('DocumentAPI.SetDocumentRecommend');
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
  const [confirmDelete, setConfirmDelete] = React.useState(false);

  const onDownloaded = React.useCallback(
    () =>
      queryClient.setQueryData<DocumentDTO>(queryKey, (old) =>
        old ? { ...old, download_count: old.download_count + 1 } : old,
      ),
    [queryClient, queryKey],
  );
  const download = useDocumentDownload(doc, onDownloaded);

  const toggle = useMutation({
    mutationFn: () =>
      client.document.update.mutate({
        id: doc.id,
        status: doc.status === DocumentStatus.Disabled ? DocumentStatus.Converted : DocumentStatus.Disabled,
      }),
    onSuccess: (saved) => {
      setDoc({ status: saved.status });
      toast.success(
        saved.status === DocumentStatus.Disabled ? t('documents.actions.disabled') : t('documents.actions.enabled'),
      );
      void queryClient.invalidateQueries(trpc.document.list.pathFilter());
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const recommend = useMutation({
    mutationFn: (type: 0 | 1) => client.document.recommend.mutate({ id: [doc.id], type }),
    onSuccess: (_, type) => {
      setDoc({ recommend_at: type ? new Date().toISOString() : null });
      toast.success(type ? t('documents.actions.recommended') : t('documents.actions.unrecommended'));
      void queryClient.invalidateQueries(trpc.document.list.pathFilter());
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: () => client.document.delete.mutate({ id: [doc.id] }),
    onSuccess: async () => {
      toast.success(t('documents.actions.deleted'));
      await queryClient.invalidateQueries(trpc.document.list.pathFilter());
      queryClient.removeQueries({ queryKey });
      void navigate({ to: owner ? '/me/document' : '/' });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  const chain = doc.category ?? [];

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_300px]">
      <WxShare title={doc.title} description={doc.description} image={doc.cover} />
      <main className="grid min-w-0 content-start gap-4">
        <nav aria-label={t('documents.read.breadcrumb')} className="text-muted-foreground text-sm">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/" className="hover:text-primary">
                {t('documents.read.home')}
              </Link>
            </li>
            <li aria-hidden>›</li>
            <li>
              <Link to="/category" className="hover:text-primary">
                {t('documents.listing.all')}
              </Link>
            </li>
            {(chain.length >= 3 ? [chain[0], null, chain[chain.length - 1]] : chain).map((c, i) => (
              <React.Fragment key={c ? c.id : `gap-${i}`}>
                <li aria-hidden>›</li>
                <li>
                  {c ? (
                    <Link to="/category/$id" params={{ id: String(c.id) }} className="hover:text-primary">
                      {c.title}
                    </Link>
                  ) : (
                    '…'
                  )}
                </li>
              </React.Fragment>
            ))}
            <li aria-hidden>›</li>
            <li className="text-foreground">{t('documents.read.reading')}</li>
          </ol>
        </nav>

        <Card className="gap-3 px-4 py-5 sm:px-6">
          <h1 className="flex items-start gap-2 font-semibold text-xl leading-8 sm:text-2xl">
            <FileKindIcon ext={doc.ext} className="mt-1.5 size-6" />
            <span className="min-w-0 break-words">{doc.title}</span>
            {doc.is_vip && download.settings.vipEnabled ? (
              <span
                className="mt-1 inline-flex shrink-0 rounded-full bg-amber-100 p-1 text-amber-600 dark:bg-amber-950 dark:text-amber-400"
                title={t('documents.vip.document')}
                data-testid="vip-document-icon"
              >
                <CrownIcon className="size-4" aria-hidden />
                <span className="sr-only">{t('documents.vip.document')}</span>
              </span>
            ) : null}
            {doc.recommend_at ? (
              <span className="mt-1.5 shrink-0">
                <RecommendBadge />
              </span>
            ) : null}
          </h1>
          <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-muted-foreground text-sm">
            <li className="inline-flex items-center gap-1">
              <UserRoundIcon className="size-4" />
              {doc.user_id ? (
                <Link to="/user/$id" params={{ id: String(doc.user_id) }} className="hover:text-primary">
                  {doc.username || t('documents.read.anonymous')}
                </Link>
              ) : (
                t('documents.read.anonymous')
              )}
            </li>
            <li className="inline-flex items-center gap-1">
              <CalendarIcon className="size-4" />
              <time dateTime={doc.created_at}>{formatDateTime(doc.created_at)}</time>
            </li>
            <li className="inline-flex items-center gap-1">
              <HardDriveIcon className="size-4" />
              {formatBytes(doc.size)}
            </li>
            <li className="inline-flex items-center gap-1">
              <FileStackIcon className="size-4" />
              {t('documents.meta.pages', { count: doc.pages })}
            </li>
            {doc.view_count > 0 ? (
              <li className="inline-flex items-center gap-1">
                <EyeIcon className="size-4" />
                {t('documents.meta.views', { count: doc.view_count })}
              </li>
            ) : null}
            {doc.download_count > 0 ? (
              <li className="inline-flex items-center gap-1">
                <DownloadIcon className="size-4" />
                {t('documents.meta.downloads', { count: doc.download_count })}
              </li>
            ) : null}
            {doc.comment_count > 0 ? (
              <li>
                <a href="#comments" className="inline-flex items-center gap-1 hover:text-primary">
                  <MessageSquareIcon className="size-4" />
                  {t('interaction.comment.meta', { count: doc.comment_count })}
                </a>
              </li>
            ) : null}
            {doc.favorite_count > 0 ? (
              <li className="inline-flex items-center gap-1">
                <StarIcon className="size-4" />
                {t('interaction.favorite.meta', { count: doc.favorite_count })}
              </li>
            ) : null}
            <li className="inline-flex items-center gap-1.5">
              <Stars value={doc.score_count > 0 ? stars(doc.score) : 0} />
              <span className="tabular-nums">
                {doc.score_count > 0 ? stars(doc.score).toFixed(1) : t('documents.rating.none')}
              </span>
            </li>
          </ul>
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <DownloadButtons download={download} doc={doc} />
            <div className="ml-auto flex flex-wrap gap-1">
              <FavoriteButton
                type={0}
                id={doc.id}
                count={doc.favorite_count}
                onCountChange={(favorite_count) => setDoc({ favorite_count })}
              />
              <SharePopover path={documentHref(doc)} />
              {doc.status === DocumentStatus.Converted ? <ReportButton type={0} id={doc.id} /> : null}
              {canEdit ? (
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <PencilIcon />
                  {t('documents.actions.edit')}
                </Button>
              ) : null}
              {canToggle ? (
                <Button variant="outline" size="sm" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
                  <PowerIcon />
                  {doc.status === DocumentStatus.Disabled
                    ? t('documents.actions.enable')
                    : t('documents.actions.disable')}
                </Button>
              ) : null}
              {canRecommend ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => recommend.mutate(doc.recommend_at ? 0 : 1)}
                  disabled={recommend.isPending}
                >
                  <ThumbsUpIcon />
                  {doc.recommend_at ? t('documents.actions.unrecommend') : t('documents.actions.recommend')}
                </Button>
              ) : null}
              {canDelete ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  onClick={() => setConfirmDelete(true)}
                >
                  <Trash2Icon />
                  {t('documents.actions.delete')}
                </Button>
              ) : null}
            </div>
          </div>
        </Card>

        <StatusBanner doc={doc} manager={manager} />
        {doc.duplicate_of || doc.ocr_status === 1 || doc.ocr_status === 3 ? (
          <Card className="px-4 py-3 sm:px-6">
            <ReviewHints doc={doc} />
          </Card>
        ) : null}
        <AdSlot position="document_top" />

        {settings.showDescriptions ? (
          <Card className="gap-3 px-4 py-4 sm:px-6" data-testid="document-descriptions">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground text-xs">
                  {doc.language ? t('documents.fields.language') : t('documents.read.uploader')}
                </dt>
                <dd className="truncate">{doc.language ? languageName(doc.language) : doc.username || '-'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground text-xs">{t('documents.read.format')}</dt>
                <dd className="inline-flex items-center gap-1">
                  <FileKindIcon ext={doc.ext} className="size-4" />
                  {extLabel(doc.ext)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground text-xs">{t('documents.read.rating')}</dt>
                <dd className="inline-flex items-center gap-1">
                  {doc.score_count > 0 ? (
                    <Stars value={stars(doc.score)} size={12} />
                  ) : (
                    <span className="text-muted-foreground">{t('documents.rating.none')}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground text-xs">{t('documents.read.priceLabel')}</dt>
                <dd>
                  <PriceTag price={doc.price} creditName={settings.creditName} />
                </dd>
              </div>
              {doc.source ? (
                <div className="col-span-2 sm:col-span-4">
                  <dt className="text-muted-foreground text-xs">{t('documents.read.source')}</dt>
                  <dd className="truncate">
                    <a
                      href={safeAbsoluteUrl(doc.source) ?? undefined}
                      target="_blank"
                      rel="nofollow noopener noreferrer"
                      className="text-primary hover:underline"
                      title={doc.source}
                    >
                      {sourceHost(doc.source)}
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
            {doc.description ? (
              <div className="grid gap-1">
                <h2 className="font-medium text-sm">{t('documents.read.summary')}</h2>
                <FoldedText text={doc.description} />
              </div>
            ) : null}
            <KeywordLinks keywords={doc.keywords} />
          </Card>
        ) : null}

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
              date: formatDateTime(doc.created_at),
            })}
          </p>
        </div>

        {doc.status === DocumentStatus.Converted ? <NextReads documentId={doc.id} /> : null}

        {/* spec: the document_bottom slot sits above the comment card (rating, then the comments). */}
        <AdSlot position="document_bottom" />
        <RatingCard doc={doc} onRated={() => void queryClient.invalidateQueries({ queryKey })} />
        <CommentsSection
          type={0}
          id={doc.id}
          ownerId={doc.user_id}
          onCountChange={(delta) =>
            queryClient.setQueryData<DocumentDTO>(queryKey, (old) =>
              old ? { ...old, comment_count: Math.max(0, old.comment_count + delta) } : old,
            )
          }
        />
      </main>

      <aside className="grid min-w-0 content-start gap-4 lg:sticky lg:top-20 lg:self-start">
        <UploaderCard userId={doc.user_id} fallbackName={doc.username} />
        {/* Phones have the related documents under the reader (NextReads), not once more after the comments. */}
        <div className="max-lg:hidden">
          <RelatedDocuments documentId={doc.id} />
        </div>
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
        <DocumentEditDialog
          document={doc}
          onClose={() => setEditing(false)}
          onSaved={(saved) => queryClient.setQueryData(queryKey, { ...doc, ...saved })}
        />
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        destructive
        title={t('documents.actions.deleteTitle')}
        description={t('documents.actions.deleteConfirm', { title: doc.title })}
        confirmText={t('delete')}
        onConfirm={() => remove.mutateAsync()}
      />
    </div>
  );
}

function DocumentSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_300px]" aria-busy>
      <div className="grid content-start gap-4">
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-36 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="aspect-[210/297] w-full rounded-md" />
      </div>
      <div className="grid content-start gap-4">
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

/** The site a crawled document came from (moredoc-pro-facts §2.6 `来源`), shown by its host. */
function sourceHost(source: string): string {
  try {
    return new URL(source).host;
  } catch {
    return source;
  }
}
