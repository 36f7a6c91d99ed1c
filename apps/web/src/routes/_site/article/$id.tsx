import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { ArticleStatus } from '@wenku/shared';
import {
  EyeIcon,
  HourglassIcon,
  MessageSquareIcon,
  PencilIcon,
  ShieldAlertIcon,
  StarIcon,
  TagIcon,
} from 'lucide-react';
import * as React from 'react';
import { useCan } from '@/components/admin/use-can';
import { ArticleContent } from '@/components/articles/article-content';
import { categoryChain, splitKeywords } from '@/components/articles/article-text';
import { NoticeMark } from '@/components/articles/notice-mark';
import { useRelativeTime } from '@/components/documents/format';
import { SharePopover } from '@/components/documents/share-popover';
import { DeleteWithConfirm } from '@/components/interactions/delete-with-confirm';
import { FavoriteButton } from '@/components/interactions/favorite-button';
import { commentListInput, LazyCommentsSection } from '@/components/interactions/lazy-comments-section';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { HydrateWhenVisible } from '@/components/layout/hydrate-when-visible';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { NotFoundPage } from '@/components/layout/status-pages';
import { ReportButton } from '@/components/moderation/report-button';
import { firstImage, WxShare } from '@/components/oauth/wx-share';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AsidePageSkeleton, Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { orNotFound } from '@/lib/loader-not-found';
import { usePaintedTimeZone } from '@/lib/render-clock';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { LazyAuthorCard, LazyRelatedArticles } from './-components/lazy-article-aside';

const identifierOf = (raw: string) => {
  const id = raw.trim();
  return id && id.length <= 64 ? id : null;
};

/** spec §2 /article/{id}: an article or single page by its identifier (moredoc-facts §21.6). */
export const Route = createFileRoute('/_site/article/$id')({
  loader: async ({ context: { queryClient, trpc }, params, preload }) => {
    const identifier = identifierOf(params.id);
    if (!identifier) throw notFound();
    // Fetching by identifier counts a view (moredoc-facts §9), so hovering a link does not fetch it.
    if (preload) return;
    const article = await orNotFound(queryClient.ensureQueryData(trpc.article.get.queryOptions({ identifier })));
    // The author, related articles and comments start with the article: the server paints them with the page, and
    // the browser neither asks for them nor renders them again once it has taken the page over (issue 17).
    void queryClient.prefetchQuery(trpc.comment.list.queryOptions(commentListInput(1, article.id)));
    if (article.user_id > 0) void queryClient.prefetchQuery(trpc.user.get.queryOptions({ id: article.user_id }));
    if (article.status === ArticleStatus.Approved) {
      void queryClient.prefetchQuery(trpc.article.related.queryOptions({ identifier: article.identifier }));
    }
  },
  pendingComponent: ArticleSkeleton,
  notFoundComponent: NotFoundPage,
  component: ArticleRoute,
});

/** Another article (a related one, say) starts afresh: dialogs and the image viewer close. */
function ArticleRoute() {
  const { id } = Route.useParams();
  return <ArticlePage key={id} identifier={identifierOf(id) ?? ''} />;
}

function ArticlePage({ identifier }: { identifier: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ago = useRelativeTime();
  const zone = usePaintedTimeZone();
  const can = useCan();
  const { user } = useSession();
  const { data: article } = useSuspenseQuery(trpc.article.get.queryOptions({ identifier }));
  usePageTitle(article.title);

  const owner = !!user && user.id === article.user_id;
  const canEdit = owner || can('ArticleAPI.UpdateArticle');
  const canDelete = owner || can('ArticleAPI.DeleteArticle');
  const chain = categoryChain(article.category);
  const keywords = splitKeywords(article.keywords);
  const author = article.user;

  const remove = useMutation(
    trpc.article.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('article.actions.deleted'));
        // Leave first: this page reads the article it has just deleted.
        await navigate({ to: '/article' });
        queryClient.removeQueries(trpc.article.get.pathFilter());
        await queryClient.invalidateQueries(trpc.article.list.pathFilter());
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );

  // Below the fold on a phone, taken over as they come near the screen: the same elements while what they show is
  // unchanged (a render of the page must not count as an update of a part still held).
  const approved = article.status === ArticleStatus.Approved;
  /** Changes the article as cached (its counters after a favourite or a comment). */
  const patchArticle = React.useCallback(
    (change: (old: typeof article) => Partial<typeof article>) =>
      queryClient.setQueryData(trpc.article.get.queryKey({ identifier }), (old) =>
        old ? { ...old, ...change(old) } : old,
      ),
    [queryClient, trpc, identifier],
  );
  const comments = React.useMemo(
    () =>
      approved ? (
        <LazyCommentsSection
          type={1}
          id={article.id}
          ownerId={article.user_id}
          onCountChange={(delta) => patchArticle((old) => ({ comment_count: Math.max(0, old.comment_count + delta) }))}
        />
      ) : null,
    [approved, article.id, article.user_id, patchArticle],
  );
  const aside = React.useMemo(
    () => (
      <>
        <LazyAuthorCard userId={article.user_id} fallback={author} />
        {approved ? <LazyRelatedArticles identifier={article.identifier} /> : null}
      </>
    ),
    [approved, article.user_id, article.identifier, author],
  );

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_300px]">
      {/* moredoc-pro-facts §2.7: the share picture is the article's first image, else the site logo. */}
      <WxShare
        title={article.title}
        description={article.description}
        image={firstImage(article.content) || article.cover}
      />
      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        <Breadcrumb label={t('article.read.breadcrumb')} homeLabel={t('article.read.home')}>
          <li aria-hidden>/</li>
          <li>
            <Link to="/article" className="hover:text-primary">
              {t('article.read.articles')}
            </Link>
          </li>
          {chain.map((c) => (
            <React.Fragment key={c.id}>
              <li aria-hidden>/</li>
              <li>
                <Link to="/article" search={{ category_id: c.id }} className="hover:text-primary">
                  {c.title}
                </Link>
              </li>
            </React.Fragment>
          ))}
        </Breadcrumb>

        {article.status === ArticleStatus.Rejected ? (
          <Alert variant="destructive" data-testid="article-rejected">
            <ShieldAlertIcon />
            <AlertTitle>{t('article.read.rejectedTitle')}</AlertTitle>
            <AlertDescription>
              <p className="whitespace-pre-line break-words text-foreground">
                {article.reject_reason || t('article.read.noReason')}
              </p>
              {canEdit ? <p>{t('article.read.rejectedHelp')}</p> : null}
            </AlertDescription>
          </Alert>
        ) : article.status === ArticleStatus.Pending ? (
          <Alert variant="warning" data-testid="article-pending">
            <HourglassIcon />
            <AlertTitle>{t('article.read.pendingTitle')}</AlertTitle>
            <AlertDescription>
              <p>{t('article.read.pendingHelp')}</p>
            </AlertDescription>
          </Alert>
        ) : null}

        <Card className="gap-0 py-0">
          <header className="grid gap-4 border-b px-4 py-5 sm:px-8 sm:py-6">
            <h1 className="flex items-start gap-2 break-words font-semibold text-2xl leading-snug sm:text-3xl">
              {article.notice > 0 ? <NoticeMark className="mt-2" /> : null}
              <span className="min-w-0">{article.title}</span>
            </h1>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex min-w-0 items-center gap-3">
                {author ? (
                  <Link to="/user/$id" params={{ id: String(author.id) }} className="shrink-0">
                    <Avatar src={author.avatar || undefined} name={author.username} size={40} />
                  </Link>
                ) : null}
                <div className="grid min-w-0 gap-0.5">
                  {author ? (
                    <Link
                      to="/user/$id"
                      params={{ id: String(author.id) }}
                      className="truncate font-medium text-sm hover:text-primary"
                    >
                      {author.username}
                    </Link>
                  ) : null}
                  <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
                    <time dateTime={article.created_at} title={formatDateTime(article.created_at, zone)}>
                      {ago(article.created_at)}
                    </time>
                    <span aria-hidden>·</span>
                    <span className="inline-flex items-center gap-1">
                      <EyeIcon className="size-3.5" />
                      {t('article.meta.views', { count: article.view_count })}
                    </span>
                    <span aria-hidden>·</span>
                    <span className="inline-flex items-center gap-1">
                      <StarIcon className="size-3.5" />
                      {t('article.meta.favorites', { count: article.favorite_count })}
                    </span>
                    <span aria-hidden>·</span>
                    <span className="inline-flex items-center gap-1">
                      <MessageSquareIcon className="size-3.5" />
                      {t('article.meta.comments', { count: article.comment_count })}
                    </span>
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-1">
                {article.status === ArticleStatus.Approved ? (
                  <>
                    <FavoriteButton
                      type={1}
                      id={article.id}
                      count={article.favorite_count}
                      onCountChange={(favorite_count) => patchArticle(() => ({ favorite_count }))}
                    />
                    <ReportButton type={1} id={article.id} />
                  </>
                ) : null}
                <SharePopover path={`/article/${encodeURIComponent(article.identifier)}`} />
                {canEdit ? (
                  <Button asChild variant="outline" size="sm" data-testid="edit-article">
                    <Link to="/post" search={{ id: article.id }}>
                      <PencilIcon />
                      {t('article.actions.edit')}
                    </Link>
                  </Button>
                ) : null}
                {canDelete ? (
                  <DeleteWithConfirm
                    label={t('article.actions.delete')}
                    title={t('article.actions.deleteTitle')}
                    description={t('article.actions.deleteConfirm', { title: article.title })}
                    onConfirm={() => remove.mutateAsync({ id: [article.id] })}
                    testId="delete-article"
                  />
                ) : null}
              </div>
            </div>
          </header>

          <div className="px-4 py-6 sm:px-8 sm:py-8">
            {article.content ? (
              <ArticleContent html={article.content} title={article.title} />
            ) : (
              <p className="text-muted-foreground">{t('article.read.noContent')}</p>
            )}
          </div>

          {keywords.length > 0 ? (
            <div className="flex flex-wrap items-center gap-1.5 border-t px-4 py-4 sm:px-8">
              <TagIcon className="size-4 text-muted-foreground" aria-label={t('article.read.keywords')} />
              {keywords.map((w) => (
                <Link
                  key={w}
                  to="/search"
                  search={{ wd: w, type: 1 }}
                  className="rounded-full bg-secondary px-2.5 py-0.5 text-secondary-foreground text-xs hover:text-primary"
                >
                  {w}
                </Link>
              ))}
            </div>
          ) : null}
        </Card>

        {comments ? <HydrateWhenVisible className="min-w-0">{comments}</HydrateWhenVisible> : null}
      </div>

      <aside className="grid min-w-0 content-start gap-4 lg:sticky lg:top-20 lg:self-start">
        <HydrateWhenVisible className="grid min-w-0 gap-4">{aside}</HydrateWhenVisible>
      </aside>
    </div>
  );
}

function ArticleSkeleton() {
  return (
    <AsidePageSkeleton aside={['h-24 rounded-xl', 'h-64 rounded-xl']}>
      <Skeleton className="h-4 w-64" />
      <Card className="gap-4 px-4 py-6 sm:px-8">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-10 w-64" />
        <div className="grid gap-3 pt-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-4" />
          ))}
        </div>
      </Card>
    </AsidePageSkeleton>
  );
}
