import { useQuery } from '@tanstack/react-query';
import { FlameIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTRPC } from '@/lib/trpc';
import { HOME_INPUTS } from './home-blocks';
import { BlockError, CoverGridSkeleton, DocumentCoverCard, HomeSection } from './home-parts';

/** Three covers a row on a phone (the first six there), four on a tablet, six on a desktop. */
const GRID = 'grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-4 lg:grid-cols-6 max-sm:[&>li:nth-child(n+7)]:hidden';

/**
 * 热门文档 (issue 20): the most downloaded public documents, so a visitor who has read one finds the next. Below the
 * fold on every layout, fetched in the browser (the server-painted first view stays as it was).
 */
export function PopularDocuments() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.document.list.queryOptions(HOME_INPUTS.popularDocuments), enabled: useCanBrowse() });
  const docs = q.data?.document ?? [];
  if (q.data && docs.length === 0) return null;
  return (
    <HomeSection
      id="home-popular"
      title={t('home.popular.title')}
      icon={<FlameIcon />}
      moreHref="/category?sort=downloads"
      data-testid="home-popular"
    >
      {q.data ? (
        <ul className={GRID}>
          {docs.map((d) => (
            <li key={d.id} className="min-w-0">
              <DocumentCoverCard doc={d} />
            </li>
          ))}
        </ul>
      ) : q.error ? (
        <BlockError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <CoverGridSkeleton count={12} className={GRID} />
      )}
    </HomeSection>
  );
}
