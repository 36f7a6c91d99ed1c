import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { CategoryCascade } from '@/components/documents/category-cascader';
import { findPath, flattenCategoryTree } from '@/components/documents/category-path';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { type ArticleCategoryNode, articleCategoryTree } from './article-admin';

/** The admin's list of article categories: every one of type 1, disabled ones included (same query as 文章分类). */
export const ARTICLE_CATEGORY_INPUT = { type: [1] };

/** The article categories as a tree, titles by id (disabled ones marked) and indented options for filters. */
export function useArticleCategories() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.category.list.queryOptions(ARTICLE_CATEGORY_INPUT));
  return React.useMemo(() => {
    const tree = articleCategoryTree(q.data?.category ?? []);
    const flat = flattenCategoryTree(tree);
    const titleById = new Map(flat.map(({ node }) => [node.id, node.title]));
    const options = flat.map(({ node, depth }) => ({
      value: String(node.id),
      label: `${'\u3000'.repeat(depth)}${node.title}${node.enable ? '' : ` (${t('disabled')})`}`,
    }));
    return { tree, titleById, options, isPending: q.isPending, error: q.error };
  }, [q.data, q.isPending, q.error, t]);
}

/** An article's linked categories as the cascade value: the path of the deepest one (the others are its parents). */
export function categoryPathOf(tree: readonly ArticleCategoryNode[], ids: readonly number[]): number[] {
  let best: number[] = [];
  for (const id of ids) {
    const path = findPath(tree, id).map((n) => n.id);
    if (path.length > best.length) best = path;
  }
  return best;
}

/**
 * The cascading article category select (moredoc's cascader, any level may be chosen): one select per level; the
 * value is the whole path, which the server links to the article.
 */
export function ArticleCategorySelect({
  className,
  ...props
}: {
  tree: readonly ArticleCategoryNode[];
  value: readonly number[];
  onChange: (path: number[]) => void;
  id?: string;
  invalid?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <CategoryCascade
      {...props}
      className={cn('m-0 grid min-w-0 gap-2 border-0 p-0 sm:grid-cols-2', className)}
      texts={{
        none: t('admin.article.noCategories'),
        level: (level) => t('admin.article.categoryLevel', { level }),
        placeholder: t('admin.article.categoryPlaceholder'),
        noSub: t('admin.article.noSubCategory'),
        noTop: t('admin.article.noCategory'),
      }}
      optionLabel={(o) => (o.enable ? o.title : `${o.title} (${t('disabled')})`)}
    />
  );
}
