import { createFileRoute, Link } from '@tanstack/react-router';
import { FolderTreeIcon } from 'lucide-react';
import { QueryErrorCard } from '@/components/admin/query-state';
import { useDocumentCategoryTree } from '@/components/documents/use-document-data';
import { CategoryIcon } from '@/components/layout/category-cards';
import type { CategoryNode } from '@/components/layout/nav';
import { PageHeading } from '@/components/layout/page-heading';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/react';

/** spec §2: /document without an id is the category menu section — every document category as a tree of links. */
export const Route = createFileRoute('/_site/document/')({
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT)),
  pendingComponent: MenuSkeleton,
  component: CategoryMenu,
});

function CategoryMenu() {
  const { t } = useTranslation();
  const { tree, isPending, error, refetch } = useDocumentCategoryTree({ hideEmpty: true });
  usePageTitle(t('documents.menu.title'));
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 md:py-8">
      <PageHeading icon={FolderTreeIcon} title={t('documents.menu.title')}>
        {t('documents.menu.subtitle')}{' '}
        <Link to="/category" className="text-primary hover:underline">
          {t('documents.listing.all')}
        </Link>
      </PageHeading>
      {error ? (
        <QueryErrorCard query={{ error, refetch }} />
      ) : isPending ? (
        <MenuSkeleton />
      ) : tree.length === 0 ? (
        <Card className="py-16 text-center text-muted-foreground text-sm">{t('documents.menu.empty')}</Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="category-menu">
          {tree.map((root) => (
            <li key={root.id} className="rounded-xl border bg-card p-4 shadow-xs">
              <Link
                to="/category/$id"
                params={{ id: String(root.id) }}
                className="flex items-center gap-2 font-semibold hover:text-primary"
              >
                <CategoryIcon category={root} size={22} />
                <span className="truncate">{root.title}</span>
                {(root.doc_count ?? 0) > 0 ? (
                  <span className="ml-auto font-normal text-muted-foreground text-xs">
                    {t('documents.menu.count', { count: root.doc_count })}
                  </span>
                ) : null}
              </Link>
              <Branch nodes={root.children} depth={1} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Branch({ nodes, depth }: { nodes: CategoryNode[]; depth: number }) {
  if (nodes.length === 0) return null;
  return (
    <ul className={depth === 1 ? 'mt-3 grid gap-1.5 border-t pt-3' : 'mt-1 grid gap-1 border-l pl-3'}>
      {nodes.map((n) => (
        <li key={n.id}>
          <Link
            to="/category/$id"
            params={{ id: String(n.id) }}
            className="flex items-center justify-between gap-2 rounded px-1 py-0.5 text-sm hover:bg-accent hover:text-primary"
          >
            <span className="truncate">{n.title}</span>
            {(n.doc_count ?? 0) > 0 ? <span className="text-muted-foreground text-xs">{n.doc_count}</span> : null}
          </Link>
          <Branch nodes={n.children} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

function MenuSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-44 rounded-xl" />
      ))}
    </div>
  );
}
