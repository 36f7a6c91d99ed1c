import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { cascadeLevels, choosePath, findPath, flattenCategoryTree } from '@/components/documents/category-path';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/menu';
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

const NONE = '__none__';

/**
 * The cascading article category select (moredoc's cascader, any level may be chosen): one select per level; the
 * value is the whole path, which the server links to the article.
 */
export function ArticleCategorySelect({
  tree,
  value,
  onChange,
  id,
  invalid,
  className,
}: {
  tree: readonly ArticleCategoryNode[];
  value: readonly number[];
  onChange: (path: number[]) => void;
  id?: string;
  invalid?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (tree.length === 0) {
    return <p className="text-muted-foreground text-sm">{t('admin.article.noCategories')}</p>;
  }
  const levels = cascadeLevels(tree, value);
  return (
    <fieldset className={cn('m-0 grid min-w-0 gap-2 border-0 p-0 sm:grid-cols-2', className)} aria-invalid={invalid}>
      {levels.map((options, level) => {
        const current = value[level];
        return (
          <Select
            key={level}
            value={current === undefined ? NONE : String(current)}
            onValueChange={(v) => onChange(choosePath(value, level, v === NONE ? null : Number(v)))}
          >
            <SelectTrigger
              id={level === 0 ? id : undefined}
              aria-invalid={invalid}
              aria-label={t('admin.article.categoryLevel', { level: level + 1 })}
            >
              <SelectValue placeholder={t('admin.article.categoryPlaceholder')} />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NONE}>
                {level === 0 ? t('admin.article.noCategory') : t('admin.article.noSubCategory')}
              </SelectItem>
              {options.map((o) => (
                <SelectItem key={o.id} value={String(o.id)}>
                  {o.title}
                  {o.enable ? '' : ` (${t('disabled')})`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        );
      })}
    </fieldset>
  );
}
