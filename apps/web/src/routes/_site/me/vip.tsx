import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CrownIcon } from 'lucide-react';
import { VipKindBadge } from '@/components/credits/order-labels';
import { useVipDiscountLabel } from '@/components/credits/vip-discount';
import { settingBool } from '@/components/layout/site-settings';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/account';
import { dayOf } from '@/lib/dates';
import { optionalInt, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';
import { ME_PAGE_SIZE, MeListBody, MeListCard, MeListEmpty, MePager } from './-components/me-list';

const searchSchema = z.object({ page: optionalInt(1) });

/** 我的VIP (moredoc-pro-facts §2.4): the member's VIP records, read-only, with a way to buy one. */
export const Route = createFileRoute('/_site/me/vip')({
  validateSearch: searchSchema,
  component: MyVip,
});

function MyVip() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle(t('credits.myVip.title'));
  const page = search.page ?? 1;
  const list = useQuery({
    ...trpc.vip.mine.queryOptions({ page, size: ME_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  // With VIP off there is nothing to join: no button that would lead to /joinvip and bounce back (issue 20).
  const vipOn = settingBool(useSiteSettings(), 'vip', 'enable');
  const join = !vipOn ? (
    <p className="text-muted-foreground text-sm" data-testid="vip-off">
      {t('credits.myVip.off')}
    </p>
  ) : (
    <Button asChild size="sm" className="bg-amber-500 text-white hover:bg-amber-500/90">
      <Link to="/joinvip">
        <CrownIcon />
        {t('credits.myVip.join')}
      </Link>
    </Button>
  );
  const unlimited = t('credits.vipCard.unlimited');
  const discount = useVipDiscountLabel();
  const download = (n: number) => (n > 0 ? t('credits.vipCard.downloadValue', { count: n }) : unlimited);
  const times = (n: number) => (n > 0 ? t('credits.vipCard.timesValue', { count: n }) : unlimited);

  const orderLink = (orderNo: string) =>
    orderNo ? (
      <Link to="/order" search={{ order_no: orderNo }} className="break-all text-primary hover:underline">
        {orderNo}
      </Link>
    ) : (
      '-'
    );
  const body = (
    <MeListBody
      query={list}
      rows={list.data?.user_vip}
      skeleton={{ count: 3, className: 'h-12' }}
      empty={
        <MeListEmpty icon={<CrownIcon className="size-10 text-amber-500 opacity-70" />} className="gap-3">
          <p>{t('credits.myVip.empty')}</p>
          {join}
        </MeListEmpty>
      }
    >
      {(rows) => (
        <div className={list.isPlaceholderData ? 'opacity-60' : undefined} data-testid="my-vips">
          <ul className="divide-y lg:hidden">
            {rows.map((v) => (
              <li key={v.id} className="grid gap-2 py-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <VipKindBadge kind={v.type} />
                  <span className="text-muted-foreground text-xs">
                    {dayOf(v.joined_at)} ~ {dayOf(v.expired_at)}
                  </span>
                </div>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs">
                  <dt className="text-muted-foreground">{t('credits.myVip.discount')}</dt>
                  <dd>{discount(v.discount)}</dd>
                  <dt className="text-muted-foreground">{t('credits.myVip.download')}</dt>
                  <dd>{download(v.download)}</dd>
                  <dt className="text-muted-foreground">{t('credits.myVip.used')}</dt>
                  <dd>{t('credits.myVip.usedValue', { count: v.download_used })}</dd>
                  <dt className="text-muted-foreground">{t('credits.myVip.times')}</dt>
                  <dd>{times(v.times)}</dd>
                  <dt className="text-muted-foreground">{t('credits.myVip.order')}</dt>
                  <dd className="min-w-0">
                    {orderLink(v.order_no)}
                    <span className="block text-muted-foreground">
                      {t('credits.myVip.boughtAt', { date: dayOf(v.created_at) })}
                    </span>
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
          <Table className="hidden lg:table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('credits.myVip.type')}</TableHead>
                <TableHead>{t('credits.myVip.discount')}</TableHead>
                <TableHead>{t('credits.myVip.download')}</TableHead>
                <TableHead>{t('credits.myVip.used')}</TableHead>
                <TableHead>{t('credits.myVip.times')}</TableHead>
                <TableHead>{t('credits.myVip.period')}</TableHead>
                <TableHead>{t('credits.myVip.order')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((v) => (
                <TableRow key={v.id}>
                  <TableCell>
                    <VipKindBadge kind={v.type} />
                  </TableCell>
                  <TableCell>{discount(v.discount)}</TableCell>
                  <TableCell>{download(v.download)}</TableCell>
                  <TableCell>{t('credits.myVip.usedValue', { count: v.download_used })}</TableCell>
                  <TableCell>{times(v.times)}</TableCell>
                  <TableCell className="whitespace-nowrap text-xs">
                    {dayOf(v.joined_at)} ~ {dayOf(v.expired_at)}
                  </TableCell>
                  <TableCell className="text-xs">
                    {orderLink(v.order_no)}
                    <span className="block text-muted-foreground">
                      {t('credits.myVip.boughtAt', { date: dayOf(v.created_at) })}
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </MeListBody>
  );

  return (
    <MeListCard title={t('credits.myVip.title')} actions={join}>
      {body}
      <MePager total={list.data?.total} page={page} onChange={(p) => void navigate({ search: { page: p } })} />
    </MeListCard>
  );
}
