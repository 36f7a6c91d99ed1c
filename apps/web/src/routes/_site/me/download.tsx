import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { DownloadIcon } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/admin/query-state';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { Pager } from '@/components/documents/pager';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge, Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { formatDateTime } from '@/lib/dates';
import { optionalInt, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';

const PAGE_SIZE = 20;
const searchSchema = z.object({ page: optionalInt(1) });

/** 我的下载 (moredoc-facts §21.7): the member's downloads, newest first; deleted documents say so. */
export const Route = createFileRoute('/_site/me/download')({
  validateSearch: searchSchema,
  component: MyDownloads,
});

function MyDownloads() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle(t('documents.downloads.title'));
  const list = useQuery({
    ...trpc.document.myDownloads.queryOptions({ page: search.page ?? 1, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  let body: React.ReactNode;
  if (list.error && !list.data) {
    body = <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = (
      <div className="grid gap-3" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  } else if (list.data.download.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-12 text-muted-foreground text-sm">
        <DownloadIcon className="size-10 opacity-60" />
        <p>{t('documents.downloads.empty')}</p>
        <Link to="/category" className="text-primary hover:underline">
          {t('documents.downloads.browse')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="divide-y" data-testid="my-downloads">
        {list.data.download.map((d) => (
          <li key={d.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-3">
            <div className="flex min-w-0 flex-1 items-center gap-2">
              <FileKindIcon ext={d.document?.ext ?? ''} className="size-5" />
              {d.document ? (
                <Link
                  to="/document/$id"
                  params={{ id: d.document.uuid || String(d.document.id) }}
                  className="min-w-0 truncate font-medium hover:text-primary hover:underline"
                >
                  {d.document.title}
                </Link>
              ) : (
                <span className="text-muted-foreground">{t('documents.downloads.deleted')}</span>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-3 pl-7 text-muted-foreground text-xs sm:pl-0">
              {d.document ? <span>{t('documents.meta.pages', { count: d.document.pages })}</span> : null}
              <Badge variant={d.is_pay ? 'warning' : 'secondary'}>
                {d.is_pay ? t('documents.downloads.paid') : t('documents.downloads.free')}
              </Badge>
              <time dateTime={d.created_at}>{formatDateTime(d.created_at)}</time>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('documents.downloads.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        {list.data ? (
          <Pager
            total={list.data.total}
            page={search.page ?? 1}
            size={PAGE_SIZE}
            onChange={(page) => void navigate({ search: { page } })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
