import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type ArticleDTO, ArticleStatus } from '@wenku/shared';
import { EyeIcon, NewspaperIcon, PencilIcon, PenLineIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { QueryError } from '@/components/admin/query-state';
import { SearchInput } from '@/components/admin/search-input';
import { ArticleStatusBadge, NoticeMark } from '@/components/articles/article-items';
import { useRelativeTime } from '@/components/documents/format';
import { Pager } from '@/components/documents/pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/menu';
import { Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

const PAGE_SIZE = 20;
const ALL = 'all';
const STATUSES = [ArticleStatus.Pending, ArticleStatus.Approved, ArticleStatus.Rejected] as const;

const searchSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  status: z.coerce.number().int().min(0).max(2).optional().catch(undefined),
  wd: z.string().max(100).optional().catch(undefined),
});
type MyArticlesSearch = z.output<typeof searchSchema>;

/** The member's own articles in every status (moredoc-facts §9: an author listing their own may filter by status). */
const inputOf = (userId: number, s: MyArticlesSearch) => ({
  user_id: [userId],
  page: s.page ?? 1,
  size: PAGE_SIZE,
  ...(s.status !== undefined ? { status: [s.status] } : {}),
  ...(s.wd ? { wd: s.wd } : {}),
});

/** 我的文章 (spec §2 /me children: article): every article of the member, to read, edit or delete. */
export const Route = createFileRoute('/_site/me/article')({
  validateSearch: searchSchema,
  component: MyArticles,
});

function MyArticles() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle(t('article.mine.title'));
  const list = useQuery({
    ...trpc.article.list.queryOptions(inputOf(user?.id ?? 0, search)),
    enabled: !!user,
    placeholderData: keepPreviousData,
  });
  const [deleting, setDeleting] = React.useState<ArticleDTO | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => client.article.delete.mutate({ id: [id] }),
    onSuccess: async () => {
      toast.success(t('article.actions.deleted'));
      queryClient.removeQueries(trpc.article.get.pathFilter());
      await queryClient.invalidateQueries(trpc.article.list.pathFilter());
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const setSearch = (patch: Partial<MyArticlesSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), replace: true });

  const writeButton = (
    <Button asChild size="sm">
      <Link to="/post">
        <PenLineIcon />
        {t('article.listing.publish')}
      </Link>
    </Button>
  );

  let body: React.ReactNode;
  if (list.error && !list.data) {
    body = <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = (
      <div className="grid gap-3" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  } else if (list.data.article.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-12 text-center text-muted-foreground text-sm">
        <NewspaperIcon className="size-10 opacity-60" />
        <p>{search.wd || search.status !== undefined ? t('article.mine.noMatch') : t('article.mine.empty')}</p>
        {writeButton}
      </div>
    );
  } else {
    body = (
      <ul className={list.isPlaceholderData ? 'divide-y opacity-60' : 'divide-y'} data-testid="my-articles">
        {list.data.article.map((a) => (
          <MyArticleRow key={a.id} article={a} onDelete={() => setDeleting(a)} />
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-lg">{t('article.mine.title')}</CardTitle>
        {writeButton}
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} placeholder={t('article.mine.search')} />
          <Select
            value={search.status === undefined ? ALL : String(search.status)}
            onValueChange={(v) => setSearch({ status: v === ALL ? undefined : Number(v) })}
          >
            <SelectTrigger className="w-full sm:w-36" aria-label={t('article.mine.status')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('article.mine.allStatus')}</SelectItem>
              {STATUSES.map((s) => (
                <SelectItem key={s} value={String(s)}>
                  {t(`article.status.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {body}
        {list.data ? (
          <Pager
            total={list.data.total}
            page={search.page ?? 1}
            size={PAGE_SIZE}
            onChange={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        destructive
        title={t('article.actions.deleteTitle')}
        description={t('article.actions.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmText={t('delete')}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
      />
    </Card>
  );
}

function MyArticleRow({ article, onDelete }: { article: ArticleDTO; onDelete: () => void }) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
      data-testid="my-article"
      data-status={article.status}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {article.notice > 0 ? <NoticeMark /> : null}
          <Link
            to="/article/$id"
            params={{ id: article.identifier }}
            className="min-w-0 break-words font-medium hover:text-primary hover:underline"
          >
            {article.title}
          </Link>
          <ArticleStatusBadge status={article.status} />
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
          <span className="inline-flex items-center gap-1">
            <EyeIcon className="size-3" />
            {article.view_count}
          </span>
          <time dateTime={article.created_at}>{ago(article.created_at)}</time>
        </p>
        {article.status === ArticleStatus.Rejected ? (
          <p className="whitespace-pre-line break-words rounded bg-destructive/10 px-2 py-1 text-destructive text-xs">
            {t('article.mine.rejectReason', { reason: article.reject_reason || t('article.read.noReason') })}
          </p>
        ) : article.status === ArticleStatus.Pending ? (
          <p className="text-muted-foreground text-xs">{t('article.read.pendingHelp')}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-1 self-end sm:self-start">
        <Button asChild variant="ghost" size="sm">
          <Link to="/post" search={{ id: article.id }}>
            <PencilIcon />
            {t('article.actions.edit')}
          </Link>
        </Button>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete}>
          <Trash2Icon />
          {t('article.actions.delete')}
        </Button>
      </div>
    </li>
  );
}
