import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { DownloadIcon } from 'lucide-react';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { Badge } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { formatDateTime } from '@/lib/dates';
import { optionalInt, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';
import { ME_PAGE_SIZE, MeListBody, MeListCard, MeListEmpty, MePager } from './-components/me-list';

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
    ...trpc.document.myDownloads.queryOptions({ page: search.page ?? 1, size: ME_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <MeListCard title={t('documents.downloads.title')}>
      <MeListBody
        query={list}
        rows={list.data?.download}
        skeleton={{ count: 4, className: 'h-12' }}
        empty={
          <MeListEmpty icon={<DownloadIcon className="size-10 opacity-60" />}>
            <p>{t('documents.downloads.empty')}</p>
            <Link to="/category" className="text-primary hover:underline">
              {t('documents.downloads.browse')}
            </Link>
          </MeListEmpty>
        }
      >
        {(rows) => (
          <ul className="divide-y" data-testid="my-downloads">
            {rows.map((d) => (
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
        )}
      </MeListBody>
      <MePager
        total={list.data?.total}
        page={search.page ?? 1}
        onChange={(page) => void navigate({ search: { page } })}
      />
    </MeListCard>
  );
}
