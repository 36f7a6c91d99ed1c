import { useQuery } from '@tanstack/react-query';
import { ClockIcon } from 'lucide-react';
import { DocumentCoverOf, DocumentLink } from '@/components/documents/document-link';
import { useRelativeTime } from '@/components/documents/format';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { HOME_INPUTS } from './home-blocks';
import { BlockError, RowListSkeleton, SideCard } from './home-parts';

/** 最新文档 of V2 (moredoc-facts §21.1): the eight newest documents with how long ago they were shared. */
export function LatestDocuments() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const ago = useRelativeTime();
  const q = useQuery({ ...trpc.document.list.queryOptions(HOME_INPUTS.latestDocuments), enabled: useCanBrowse() });
  if (q.data && q.data.document.length === 0) return null;
  return (
    <SideCard
      id="home-latest-documents"
      title={t('home.v2.latestDocuments')}
      icon={<ClockIcon />}
      data-testid="home-latest-documents"
    >
      {q.data ? (
        <ul className="grid gap-3">
          {q.data.document.map((d) => (
            <li key={d.id}>
              <DocumentLink doc={d} className="group flex min-w-0 items-center gap-3">
                <DocumentCoverOf
                  doc={d}
                  className="w-9 shrink-0 rounded border transition-colors group-hover:border-primary/40"
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="truncate text-sm group-hover:text-primary">{d.title}</span>
                  <time dateTime={d.created_at} className="text-muted-foreground text-xs">
                    {ago(d.created_at)}
                  </time>
                </span>
              </DocumentLink>
            </li>
          ))}
        </ul>
      ) : q.error ? (
        <BlockError error={q.error} onRetry={() => void q.refetch()} className="py-4" />
      ) : (
        <RowListSkeleton count={5} />
      )}
    </SideCard>
  );
}
