import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '@/i18n/react';
import { CategoryManager, categoryListInput } from '../-components/category-manager';

export const Route = createFileRoute('/admin/article/category')({
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.prefetchQuery(trpc.category.list.queryOptions(categoryListInput(1))),
  component: ArticleCategoryPage,
});

function ArticleCategoryPage() {
  const { t } = useTranslation();
  return <CategoryManager type={1} title={t('admin.menu.article_category')} />;
}
