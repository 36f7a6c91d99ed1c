import { useQuery } from '@tanstack/react-query';
import { FlameIcon } from 'lucide-react';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { HOME_INPUTS } from './home-blocks';
import { CoverRow, HomeSection } from './home-parts';

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
      <CoverRow query={q} />
    </HomeSection>
  );
}
