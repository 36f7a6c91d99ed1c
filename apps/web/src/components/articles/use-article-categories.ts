import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { buildCategoryTree, type CategoryNode } from '@/components/layout/nav';
import { settingBool } from '@/components/layout/site-settings';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTRPC } from '@/lib/trpc';

/**
 * The enabled article categories (type 1) as a tree, from the query the site layout already prefetches. Forms pass
 * `hideEmpty: false`; menus honour display.hide_category_without_document.
 */
export function useArticleCategoryTree({ hideEmpty }: { hideEmpty: boolean }) {
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const q = useQuery(trpc.category.list.queryOptions(CATEGORY_INPUT));
  const hide = hideEmpty && settingBool(settings, 'display', 'hide_category_without_document');
  const tree = useMemo<CategoryNode[]>(() => buildCategoryTree(q.data?.category ?? [], 1, hide), [q.data, hide]);
  return { tree, isPending: q.isPending, error: q.error, refetch: q.refetch };
}
