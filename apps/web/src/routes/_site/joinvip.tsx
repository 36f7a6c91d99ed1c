import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useLocation, useNavigate } from '@tanstack/react-router';
import { formatPrice, OrderStatus, OrderType, VIP_CARD_KEYS, type VipCard, VipCardKind, vipCard } from '@wenku/shared';
import {
  BadgeCheckIcon,
  CheckIcon,
  CrownIcon,
  FileLock2Icon,
  InfoIcon,
  LoaderCircleIcon,
  PercentIcon,
  ShieldOffIcon,
} from 'lucide-react';
import * as React from 'react';
import { useVipDiscountLabel } from '@/components/credits/vip-discount';
import { loginHref } from '@/components/layout/front-check';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { creditName, settingBool } from '@/components/layout/site-settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage } from '@/lib/api-error';
import { refreshUser } from '@/lib/auth';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/** /joinvip (moredoc-pro-facts §2.1): the three VIP cards, what VIP gives, the notice, and buying one. */
export const Route = createFileRoute('/_site/joinvip')({
  // Only while the VIP feature is on; otherwise the member area (moredoc-pro-facts §2.1).
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    const settings = await queryClient.ensureQueryData(trpc.system.settings.queryOptions());
    if (!settingBool(settings, 'vip', 'enable')) throw redirect({ to: '/me', replace: true });
  },
  component: JoinVip,
});

const BENEFITS = [
  { key: 'vipDoc', icon: FileLock2Icon },
  { key: 'identity', icon: BadgeCheckIcon },
  { key: 'discount', icon: PercentIcon },
  { key: 'noAds', icon: ShieldOffIcon },
] as const;

function JoinVip() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const href = useLocation({ select: (l) => l.href });
  const { user } = useSession();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  usePageTitle(t('credits.joinVip.pageTitle'));
  const cards = VIP_CARD_KEYS.map((_, kind) => vipCard(settings.vip, kind)).filter((c): c is VipCard => !!c);
  const [selected, setSelected] = React.useState<number>(VipCardKind.Yearly);

  const buy = useMutation(
    trpc.order.create.mutationOptions({
      onSuccess: (res) => {
        if (res.status === OrderStatus.Pending) {
          void navigate({ to: '/order', search: { order_no: res.order_no } });
          return;
        }
        // Already paid (a free card): say so and show it (moredoc-pro-facts §12.8 left this silent).
        toast.success(t('credits.joinVip.owned'));
        void refreshUser(client).catch(() => {});
        void queryClient.invalidateQueries(trpc.vip.pathFilter());
        void navigate({ to: '/me/vip' });
      },
      // spec §8: the server's message, else 订单创建失败.
      onError: (e) => toast.error(errorMessage(e, t('credits.recharge.failed'))),
    }),
  );
  const purchase = () => {
    if (!user) {
      toast.info(t('credits.joinVip.loginFirst'));
      void navigate({ href: loginHref(href) });
      return;
    }
    buy.mutate({ order_type: OrderType.BuyVip, product_id: selected });
  };

  return (
    <div className="bg-gradient-to-b from-[#fff9e8] to-[#f5f5f5] dark:from-amber-950/25 dark:to-background">
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 md:py-12">
        <header className="grid justify-items-center gap-2 text-center">
          <CrownIcon className="size-10 text-amber-500" aria-hidden />
          <h1 className="font-bold text-2xl md:text-3xl">{t('credits.joinVip.heading')}</h1>
          <p className="text-muted-foreground text-sm">{t('credits.joinVip.subheading')}</p>
        </header>
        <div
          role="radiogroup"
          aria-label={t('credits.joinVip.heading')}
          className="grid grid-cols-1 gap-4 sm:grid-cols-3"
        >
          {cards.map((c) => (
            <VipCardBox key={c.kind} card={c} selected={selected === c.kind} onSelect={() => setSelected(c.kind)} />
          ))}
        </div>
        <div className="flex justify-center">
          <Button
            size="lg"
            className="w-full bg-orange-500 text-white hover:bg-orange-500/90 sm:w-64"
            onClick={purchase}
            disabled={buy.isPending}
            data-testid="joinvip-buy"
          >
            {buy.isPending ? <LoaderCircleIcon className="animate-spin" /> : <CrownIcon />}
            {t('credits.joinVip.buy')}
          </Button>
        </div>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t('credits.joinVip.benefits')}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {BENEFITS.map((b) => (
              <div key={b.key} className="flex flex-col items-center gap-2 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-600 dark:bg-amber-500/15">
                  <b.icon className="size-6" aria-hidden />
                </span>
                <span className="font-medium text-sm">{t(`credits.joinVip.benefit.${b.key}`)}</span>
                <span className="text-muted-foreground text-xs">{t(`credits.joinVip.benefit.${b.key}Desc`)}</span>
              </div>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <InfoIcon className="size-4 text-primary" />
              {t('credits.joinVip.notice')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid list-decimal gap-1.5 pl-5 text-muted-foreground text-sm">
              {(['1', '2', '3', '4', '5'] as const).map((n) => (
                <li key={n}>{t(`credits.joinVip.notices.${n}`, { name: creditName(settings) })}</li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function VipCardBox({ card, selected, onSelect }: { card: VipCard; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const discountLabel = useVipDiscountLabel();
  const unlimited = t('credits.vipCard.unlimited');
  return (
    <label
      className={cn(
        'cursor-pointer overflow-hidden rounded-xl border-2 bg-card text-left shadow-sm transition-all has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
        selected ? 'border-[#f7a46d] shadow-md' : 'border-transparent hover:border-[#f7a46d]/50',
      )}
      data-testid={`vip-card-${card.kind}`}
    >
      <input type="radio" name="vip_kind" className="sr-only" checked={selected} onChange={onSelect} />
      <div
        className={cn(
          'flex items-center justify-between px-4 py-3 font-semibold',
          selected ? 'bg-[#f7a46d] text-white' : 'bg-muted text-foreground',
        )}
      >
        <span className="flex items-center gap-1.5">
          <CrownIcon className="size-4" />
          {t(`credits.vipKind.${card.kind}`)}
        </span>
        {selected ? <CheckIcon className="size-5" aria-hidden /> : null}
      </div>
      <div className="grid gap-2 p-4 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-bold text-2xl text-destructive">
            {t('credits.joinVip.price', { price: formatPrice(card.price / 100) })}
          </span>
          {card.originalPrice > card.price ? (
            <del className="text-muted-foreground text-xs">
              {t('credits.joinVip.originalPrice', { price: formatPrice(card.originalPrice / 100) })}
            </del>
          ) : null}
        </p>
        <p className="text-muted-foreground">
          {t('credits.joinVip.discount', {
            value: discountLabel(card.discount),
          })}
        </p>
        <p className="text-muted-foreground">
          {t('credits.joinVip.download', {
            value: card.download > 0 ? t('credits.vipCard.downloadValue', { count: card.download }) : unlimited,
          })}
        </p>
        <p className="text-muted-foreground">
          {t('credits.joinVip.times', {
            value: card.timesEveryDay > 0 ? t('credits.vipCard.timesValue', { count: card.timesEveryDay }) : unlimited,
          })}
        </p>
      </div>
    </label>
  );
}
