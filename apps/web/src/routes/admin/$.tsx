import { createFileRoute, Link } from '@tanstack/react-router';
import { ConstructionIcon } from 'lucide-react';
import { AdminPage } from '@/components/admin/admin-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/i18n/react';
import { findMenuEntry, menuLabel } from './-components/menu-meta';

/**
 * Admin pages the menu lists whose screens arrive with later capabilities (documents, articles, orders…). The layout
 * guard has already checked the path is allowed; this keeps the admin inside the back office instead of a 404.
 */
export const Route = createFileRoute('/admin/$')({
  component: PendingPage,
});

function PendingPage() {
  const { t } = useTranslation();
  const { _splat } = Route.useParams();
  const { item } = findMenuEntry(`/admin/${_splat ?? ''}`);
  return (
    <AdminPage title={item ? menuLabel(item) : t('admin.pending.title')}>
      <Card className="items-center gap-3 py-16 text-center">
        <ConstructionIcon className="size-10 text-muted-foreground" />
        <p className="font-medium">{t('admin.pending.title')}</p>
        <p className="max-w-md text-muted-foreground text-sm">{t('admin.pending.description')}</p>
        <Button variant="outline" asChild>
          <Link to="/admin/dashboard">{t('admin.pending.back')}</Link>
        </Button>
      </Card>
    </AdminPage>
  );
}
