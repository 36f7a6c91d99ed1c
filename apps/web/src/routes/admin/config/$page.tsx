import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { CONFIG_PAGES, type ConfigDTO, type ConfigPage } from '@wenku/shared';
import * as React from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { EmptyState, QueryError } from '@/components/admin/query-state';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { optionalText, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';
import { ConfigForm, type ConfigFormApi } from './-components/config-form';
import { OauthNotice, SearchNotice, SmsNotice, SsrNotice } from './-components/config-notes';
import { PayNotice, WechatPayActions } from './-components/pay-config';

const isConfigPage = (p: string): p is ConfigPage => Object.hasOwn(CONFIG_PAGES, p);
const categoriesOf = (page: ConfigPage): string[] => [...CONFIG_PAGES[page].categories];

/** /admin/config/{page}: the 16 settings pages of spec §2, each one or more config categories (tabs). */
export const Route = createFileRoute('/admin/config/$page')({
  params: {
    parse: ({ page }) => {
      if (!isConfigPage(page)) throw notFound();
      return { page };
    },
    stringify: ({ page }) => ({ page }),
  },
  validateSearch: z.object({ tab: optionalText(32) }),
  loader: ({ context: { queryClient, trpc }, params }) =>
    queryClient.prefetchQuery(trpc.system.listConfig.queryOptions({ category: categoriesOf(params.page) })),
  component: ConfigPageComponent,
});

function ConfigPageComponent() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { page } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const categories = categoriesOf(page);
  const config = useQuery(trpc.system.listConfig.queryOptions({ category: categories }));

  const byCategory = React.useMemo(() => {
    const map = new Map<string, ConfigDTO[]>();
    for (const row of config.data?.config ?? []) map.set(row.category, [...(map.get(row.category) ?? []), row]);
    for (const rows of map.values()) rows.sort((a, b) => a.sort - b.sort || a.id - b.id);
    return map;
  }, [config.data]);
  // Categories without rows (not seeded on this install) get no tab.
  const present = categories.filter((c) => byCategory.has(c));
  const active = tab && present.includes(tab) ? tab : present[0];

  const notice = (category: string) => {
    if (page === 'pay') return <PayNotice tab={category} />;
    if (page === 'oauth') return <OauthNotice tab={category} />;
    if (page === 'sms' && category === 'sms') return <SmsNotice />;
    if (page === 'ssr') return <SsrNotice />;
    return null;
  };
  const footer = page === 'search' ? <SearchNotice /> : null;
  const actions = (category: string) =>
    page === 'pay' && category === 'wechatpay' ? (form: ConfigFormApi) => <WechatPayActions form={form} /> : undefined;
  const label = (c: string) => t(`admin.config.categories.${c}`, { defaultValue: c });

  let body: React.ReactNode;
  if (config.error && !config.data) {
    body = <QueryError error={config.error} onRetry={() => void config.refetch()} />;
  } else if (!config.data) {
    body = (
      <div className="grid gap-5 md:grid-cols-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-9" />
          </div>
        ))}
      </div>
    );
  } else if (present.length === 0 || !active) {
    body = <EmptyState>{t('admin.config.empty')}</EmptyState>;
  } else if (present.length === 1) {
    body = (
      <div className="grid gap-5">
        {notice(active)}
        <ConfigForm key={active} rows={byCategory.get(active) ?? []} footer={footer} actions={actions(active)} />
      </div>
    );
  } else {
    body = (
      <Tabs
        value={active}
        onValueChange={(v) => navigate({ search: { tab: v }, replace: true })}
        className="grid gap-5"
      >
        <TabsList className="h-auto flex-wrap justify-start overflow-visible">
          {present.map((c) => (
            <TabsTrigger key={c} value={c} className="h-8 flex-none">
              {label(c)}
            </TabsTrigger>
          ))}
        </TabsList>
        {present.map((c) => (
          // Each tab is its own form with its own save, as in moredoc; unsaved edits survive switching tabs.
          <TabsContent key={c} value={c} forceMount hidden={c !== active} className="grid gap-5">
            {notice(c)}
            <ConfigForm rows={byCategory.get(c) ?? []} footer={footer} actions={actions(c)} />
          </TabsContent>
        ))}
      </Tabs>
    );
  }

  return (
    <AdminPage title={t(`admin.menu.config_${page}`, { defaultValue: CONFIG_PAGES[page].label })}>
      <Card>
        <CardContent>{body}</CardContent>
      </Card>
    </AdminPage>
  );
}
