import { useQuery } from '@tanstack/react-query';
import { AVATAR_NAV_SIZE } from '@wenku/shared';
import { NewspaperIcon } from 'lucide-react';
import { NoticedArticleLink } from '@/components/articles/article-items';
import { MemberCard } from '@/components/interactions/member-card';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';

/** The author: avatar, name and counts, linking to their home page. */
export function AuthorCard({
  userId,
  fallback,
}: {
  userId: number;
  fallback?: { username: string; avatar: string } | undefined;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.user.get.queryOptions({ id: userId }), enabled: userId > 0, retry: false });
  const name = q.data?.username ?? fallback?.username ?? t('article.read.anonymous');
  const avatar = q.data?.avatar ?? fallback?.avatar;
  return (
    <MemberCard
      title={t('article.read.author')}
      userId={userId}
      name={name}
      avatar={<Avatar src={avatar || undefined} name={name} size={AVATAR_NAV_SIZE} />}
      counts={
        q.data ? t('article.read.authorCounts', { articles: q.data.article_count, documents: q.data.doc_count }) : null
      }
    />
  );
}

/** 相关文章 (moredoc-facts §9): hidden when there are none (the server answers 404) or they cannot be loaded. */
export function RelatedArticles({ identifier }: { identifier: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.article.related.queryOptions({ identifier }), retry: false });
  if (q.isPending) {
    return (
      <Card className="gap-3">
        <CardHeader>
          <CardTitle className="text-base">{t('article.related.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-5" />
          ))}
        </CardContent>
      </Card>
    );
  }
  const items = q.data?.article ?? [];
  if (q.error || items.length === 0) return null;
  return (
    <Card className="gap-3" data-testid="related-articles">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <NewspaperIcon className="size-4 text-primary" />
          {t('article.related.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2.5">
          {items.slice(0, 10).map((a) => (
            <li key={a.id} className="flex min-w-0 items-start gap-1.5 text-sm">
              <NoticedArticleLink article={a} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
