import { useQuery } from '@tanstack/react-query';
import { ThumbsUpIcon } from 'lucide-react';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { HOME_INPUTS } from './home-blocks';
import { CoverRow, HomeSection } from './home-parts';

/**
 * The recommended documents' query, shared by the block and the layout that makes room for it; V2 asks for more
 * (`HOME_INPUTS.featuredDocuments`).
 */
export function useRecommendedDocuments(
  input: typeof HOME_INPUTS.recommendedDocuments = HOME_INPUTS.recommendedDocuments,
) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.document.list.queryOptions(input),
    enabled: useCanBrowse(),
  });
}

/** 文档推荐 (moredoc-facts §21.1 V1 item 4): up to 12 recommended documents, newest recommendation first. */
export function RecommendedDocuments() {
  const { t } = useTranslation();
  const q = useRecommendedDocuments();
  const docs = q.data?.document ?? [];
  if (q.data && docs.length === 0) return null;
  return (
    <HomeSection id="home-recommended" title={t('home.recommended.title')} icon={<ThumbsUpIcon />}>
      <CoverRow query={q} testId="home-recommended" firstScreen />
    </HomeSection>
  );
}
