import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '@/i18n/react';
import { CategoryManager, categoryListInput } from '../-components/category-manager';

export const Route = createFileRoute('/admin/document/category')({
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.prefetchQuery(trpc.category.list.queryOptions(categoryListInput(0))),
  component: DocumentCategoryPage,
});

function DocumentCategoryPage() {
  const { t } = useTranslation();
  return <CategoryManager type={0} title={t('admin.menu.document_category')} />;
}
