import { createFileRoute } from '@tanstack/react-router';
import { ReceiptTextIcon, TicketIcon } from 'lucide-react';
import { AdminPage } from '@/components/admin/admin-page';
import { listRouteOptions } from '@/components/admin/list-search';
import { useCan } from '@/components/admin/use-can';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { useTranslation } from '@/i18n/react';
import { DownloadCodeList } from './-order/download-codes';
import { type OrderTab, orderPageSearch, toDownloadCodeListInput, toOrderListInput } from './-order/list-filters';
import { OrderList } from './-order/order-list';

export const Route = createFileRoute('/admin/order')({
  ...listRouteOptions(orderPageSearch),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    deps.tab === 'downcode'
      ? queryClient.prefetchQuery(trpc.downcode.list.queryOptions(toDownloadCodeListInput(deps)))
      : queryClient.prefetchQuery(trpc.order.list.queryOptions(toOrderListInput(deps))),
  component: OrderAdminPage,
});

/**
 * 订单管理 (moredoc-pro-facts §4.6): the orders of every member, read-only, and a second tab for the download codes
 * that pay for documents (payment method 9).
 */
function OrderAdminPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const showCodes = can('OrderAPI.ListDownloadCode');
  const active: OrderTab = tab === 'downcode' && showCodes ? 'downcode' : 'order';

  const orders = <OrderList />;
  return (
    <AdminPage title={t('admin.menu.order')} description={t('admin.order.description')}>
      {showCodes ? (
        <Tabs
          value={active}
          // Each tab has its own filters: a switch starts from a clean search.
          onValueChange={(v) => navigate({ search: { tab: v === 'downcode' ? 'downcode' : undefined } })}
          className="grid gap-4"
        >
          <TabsList>
            <TabsTrigger value="order" className="flex-none">
              <ReceiptTextIcon className="size-4" />
              {t('admin.order.tab')}
            </TabsTrigger>
            <TabsTrigger value="downcode" className="flex-none">
              <TicketIcon className="size-4" />
              {t('admin.downcode.tab')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="order">{active === 'order' ? orders : null}</TabsContent>
          <TabsContent value="downcode">{active === 'downcode' ? <DownloadCodeList /> : null}</TabsContent>
        </Tabs>
      ) : (
        orders
      )}
    </AdminPage>
  );
}
