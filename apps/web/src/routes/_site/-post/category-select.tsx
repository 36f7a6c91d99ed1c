import { CategoryCascade, type CategoryCascaderProps } from '@/components/documents/category-cascader';
import { useTranslation } from '@/i18n/areas/account';

/**
 * The article category cascade (moredoc's cascader, any level selectable): one select per level; a level below
 * the first may stay at "—" to stop at its parent. The value is the whole path.
 */
export function ArticleCategorySelect(props: Omit<CategoryCascaderProps, 'className'>) {
  const { t } = useTranslation();
  return (
    <CategoryCascade
      {...props}
      className="m-0 grid min-w-0 gap-2 border-0 p-0"
      triggerClassName="w-full"
      texts={{
        none: t('article.post.noCategories'),
        level: (level) => t('article.post.categoryLevel', { level }),
        placeholder: t('article.post.categoryPlaceholder'),
        noSub: t('article.post.noSubCategory'),
      }}
    />
  );
}
