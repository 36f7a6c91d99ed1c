import { type ErrorComponentProps, isNotFound, Link, useRouter } from '@tanstack/react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { EmptyState, QueryError } from '@/components/admin/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/i18n/react';

/**
 * A failed admin page (a rendering fault or an unknown config page) stays inside the back office: the menu remains
 * usable, the message shows with a retry that reloads the page's data.
 */
export function AdminPageError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  if (isNotFound(error)) {
    return (
      <AdminPage title={t('notFound.title')}>
        <Card className="items-center py-10">
          <EmptyState>{t('notFound.message')}</EmptyState>
          <Button variant="outline" asChild>
            <Link to="/admin/dashboard">{t('admin.pending.back')}</Link>
          </Button>
        </Card>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={t('errorPage.title')}>
      <Card>
        <QueryError
          error={error}
          onRetry={() => {
            reset();
            void router.invalidate();
          }}
        />
      </Card>
    </AdminPage>
  );
}
