import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type ArticleDTO, ArticleStatus } from '@wenku/shared';
import { EyeIcon, NewspaperIcon, PencilIcon, PenLineIcon, Trash2Icon } from 'lucide-react';
import { ArticleStatusBadge, NoticeMark } from '@/components/articles/article-items';
import { useRelativeTime } from '@/components/documents/format';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/areas/account';
import { toastCallbacks } from '@/lib/mutation-toasts';
import { optionalInt, optionalText, z } from '@/lib/search-schema';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { MyItemsCard, myItemsInput } from './-components/my-items-card';

const STATUSES = [ArticleStatus.Pending, ArticleStatus.Approved, ArticleStatus.Rejected] as const;

const searchSchema = z.object({
  page: optionalInt(1, 100_000),
  status: optionalInt(0, 2),
  wd: optionalText(100),
});

/** 我的文章 (spec §2 /me children: article): every article of the member, to read, edit or delete. */
export const Route = createFileRoute('/_site/me/article')({
  validateSearch: searchSchema,
  component: MyArticles,
});

function MyArticles() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const list = useQuery({
    ...trpc.article.list.queryOptions(myItemsInput(user?.id ?? 0, search)),
    enabled: !!user,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(
    trpc.article.delete.mutationOptions(
      toastCallbacks({
        success: t('article.actions.deleted'),
        refresh: () => {
          queryClient.removeQueries(trpc.article.get.pathFilter());
          return queryClient.invalidateQueries(trpc.article.list.pathFilter());
        },
      }),
    ),
  );

  return (
    <MyItemsCard
      ns="article"
      addLink={{ to: '/post', icon: <PenLineIcon />, label: t('article.listing.publish') }}
      search={search}
      navigate={navigate}
      statuses={STATUSES}
      statusFilter={{ label: t('article.mine.status'), className: 'sm:w-36' }}
      query={list}
      rows={list.data?.article}
      skeletonClassName="h-16"
      emptyIcon={<NewspaperIcon className="size-10 opacity-60" />}
      listTestId="my-articles"
      renderRow={(a, onDelete) => <MyArticleRow key={a.id} article={a} onDelete={onDelete} />}
      remove={(a) => remove.mutateAsync({ id: [a.id] })}
    />
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
