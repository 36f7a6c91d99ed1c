import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ArticleStatus } from '@wenku/shared';
import { NewspaperIcon } from 'lucide-react';
import { QueryError } from '@/components/admin/query-state';
import { ArticleListItem, ArticleListSkeleton } from '@/components/articles/article-items';
import { TopPager } from '@/components/documents/pager';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/i18n/react';
import { optionalInt, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { userIdOf } from '../-components/user-id';

const PAGE_SIZE = 10;

const searchSchema = z.object({
  page: optionalInt(1, 100_000),
});
type UserArticlesSearch = z.output<typeof searchSchema>;

/** A member's public articles: approved only, also when the member looks at their own home page. */
const inputOf = (userId: number, s: UserArticlesSearch) => ({
  user_id: [userId],
  status: [ArticleStatus.Approved],
  page: s.page ?? 1,
  size: PAGE_SIZE,
});

/** spec §2 /user/{id}/article: the member's published articles, paged in the URL. */
export const Route = createFileRoute('/_site/user/$id/article')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, trpc }, params, deps }) => {
    const id = userIdOf(params.id);
    if (id !== null) await queryClient.prefetchQuery(trpc.article.list.queryOptions(inputOf(id, deps)));
  },
  component: UserArticles,
});

function UserArticles() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const list = useQuery({
    ...trpc.article.list.queryOptions(inputOf(userIdOf(id) ?? 0, search)),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="grid gap-4">
      <Card
        className={cn('gap-0 px-4 py-0 transition-opacity sm:px-5', list.isPlaceholderData && 'opacity-60')}
        aria-busy={list.isFetching}
      >
        {list.error && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <ArticleListSkeleton />
        ) : list.data.article.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center" data-testid="user-articles-empty">
            <NewspaperIcon className="size-10 text-muted-foreground/60" />
            <p className="text-muted-foreground">{t('article.user.empty')}</p>
          </div>
        ) : (
          <ul className="divide-y" data-testid="user-articles">
            {list.data.article.map((a) => (
              <ArticleListItem key={a.id} article={a} showAuthor={false} />
            ))}
          </ul>
        )}
      </Card>
      <TopPager
        total={list.data?.total}
        page={search.page ?? 1}
        size={PAGE_SIZE}
        onChange={(page) => void navigate({ search: { page: page === 1 ? undefined : page } })}
      />
    </div>
  );
}
