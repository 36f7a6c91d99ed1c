import { useQuery } from '@tanstack/react-query';
import { NAVIGATION_LIST_SIZE } from '@wenku/shared';
import { useMemo } from 'react';
import { buildCategoryTree, buildNavTree, type CategoryNode, type NavNode } from '@/components/layout/nav';
import { settingBool } from '@/components/layout/site-settings';
import { useTranslation } from '@/i18n/react';
import { navigationTitle } from '@/lib/seeded-names';
import { useTRPC } from '@/lib/trpc';
import { useCanBrowse } from './use-site-access';
import { useSiteSettings } from './use-site-settings';

/** The inputs the `_site` loader prefetches with, so header, drawer and home share one request each. */
export const NAVIGATION_INPUT = { page: 1, size: NAVIGATION_LIST_SIZE };
export const CATEGORY_INPUT = { type: [0, 1] };

/**
 * Navigation from the server: enabled roots with enabled children (spec §2 Header, §9 size 10000); the fixed entries
 * the install seeds read in the reader's language while unchanged (lib/seeded-names.ts).
 */
export function useNavigationTree(): { items: NavNode[]; isLoading: boolean } {
  const trpc = useTRPC();
  const { t, i18n } = useTranslation();
  const enabled = useCanBrowse();
  const q = useQuery({ ...trpc.navigation.list.queryOptions(NAVIGATION_INPUT), enabled });
  const language = i18n.language;
  const items = useMemo(
    () =>
      buildNavTree(
        (q.data?.navigation ?? []).map((n) => ({ ...n, title: navigationTitle(n, language, (key) => t(key)) })),
      ),
    [q.data, language, t],
  );
  return { items, isLoading: q.isLoading };
}

/** Document and article categories for the popovers, the drawer and the home page. */
export function useCategoryTrees(): { documents: CategoryNode[]; articles: CategoryNode[]; isLoading: boolean } {
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const enabled = useCanBrowse();
  const q = useQuery({ ...trpc.category.list.queryOptions(CATEGORY_INPUT), enabled });
  const hideEmpty = settingBool(settings, 'display', 'hide_category_without_document');
  return useMemo(
    () => ({
      documents: buildCategoryTree(q.data?.category ?? [], 0, hideEmpty),
      articles: buildCategoryTree(q.data?.category ?? [], 1, hideEmpty),
      isLoading: q.isLoading,
    }),
    [q.data, q.isLoading, hideEmpty],
  );
}
