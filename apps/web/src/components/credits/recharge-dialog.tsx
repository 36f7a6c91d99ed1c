import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { discountBadge, OrderType, RECHARGE_DIALOG_WIDTH, rechargeQuantityProblem } from '@wenku/shared';
import { CheckIcon, CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { QueryError } from '@/components/admin/query-state';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeading } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import {
  canOrderRecharge,
  customRechargeOption,
  type RechargeOption,
  type RechargeSettings,
  rechargeCreditName,
  rechargePresets,
} from './recharge';

/** spec §9: discount × 10 to one decimal followed by 折 (zh), a percentage off (en); 无折扣 at 1. */
function useBadge() {
  const { t } = useTranslation();
  return (discount: number, label: string) =>
    discount >= 1
      ? t('credits.recharge.noDiscount')
      : t('credits.recharge.badge', { label, off: Math.round((1 - discount) * 100) });
}

/**
 * The recharge dialog 积分充值 (moredoc-pro-facts §6; 680px, 90% on phones): preset amounts from the discount tiers,
 * a custom amount, and 立即充值 which creates a recharge order and goes to its page to pay.
 */
export function RechargeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.system.rechargeSettings.queryOptions(), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[90%] max-w-none gap-5" style={{ maxWidth: RECHARGE_DIALOG_WIDTH }}>
        <DialogHeading
          title={t('credits.recharge.title')}
          description={t('credits.recharge.presets')}
          descriptionClassName="sr-only"
        />
        {settings.data ? (
          <RechargeForm settings={settings.data} onDone={() => onOpenChange(false)} />
        ) : settings.error ? (
          <QueryError error={settings.error} onRetry={() => void settings.refetch()} className="py-6" />
        ) : (
          <div className="grid grid-cols-2 gap-3" aria-busy>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

const CUSTOM = -1;

function RechargeForm({ settings, onDone }: { settings: RechargeSettings; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { tiers, presets } = React.useMemo(() => rechargePresets(settings), [settings]);
  // Default: the first preset; the custom box when there are none.
  const [selected, setSelected] = React.useState(presets.length > 0 ? 0 : CUSTOM);
  const [custom, setCustom] = React.useState('');
  const exchange = settings.credit_exchange;
  const priced = exchange > 0;
  const name = rechargeCreditName(settings);
  const customAmount = custom.trim() === '' ? 0 : Number(custom);
  const customOption = customRechargeOption(customAmount, tiers, exchange);
  const chosen = selected === CUSTOM ? customOption : presets[selected];
  const quantity = chosen?.amount ?? 0;
  // A custom amount off the one-yuan step or out of range is named here, in the site's language, before any order.
  const customProblem =
    selected === CUSTOM && custom.trim() !== '' ? rechargeQuantityProblem(customAmount, exchange, tiers) : null;
  const orderable = !customProblem && canOrderRecharge(quantity, exchange, tiers);

  const create = useMutation(
    trpc.order.create.mutationOptions({
      onSuccess: (res) => {
        onDone();
        void navigate({ to: '/order', search: { order_no: res.order_no } });
      },
      onError: (e) => toast.error(errorMessage(e, t('credits.recharge.failed'))),
    }),
  );

  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (orderable && !create.isPending) create.mutate({ order_type: OrderType.Recharge, quantity });
      }}
    >
      {!priced ? (
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertDescription>{t('credits.recharge.noExchange')}</AlertDescription>
        </Alert>
      ) : null}
      <div role="radiogroup" aria-label={t('credits.recharge.presets')} className="grid grid-cols-2 gap-3">
        {presets.map((p, i) => (
          <OptionBox
            key={p.amount}
            option={p}
            selected={selected === i}
            onSelect={() => setSelected(i)}
            title={`${p.amount} ${name}`}
          />
        ))}
        <OptionBox
          option={customProblem ? { ...customOption, price: '--', original: '--' } : customOption}
          selected={selected === CUSTOM}
          onSelect={() => setSelected(CUSTOM)}
          title={t('credits.recharge.custom')}
          custom={
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={priced ? exchange : 1}
              value={custom}
              placeholder={t('credits.recharge.customPlaceholder')}
              aria-label={t('credits.recharge.customLabel')}
              className="h-8"
              onFocus={() => setSelected(CUSTOM)}
              onChange={(e) => {
                setSelected(CUSTOM);
                setCustom(e.target.value);
              }}
              aria-invalid={customProblem ? true : undefined}
              aria-describedby={customProblem ? 'recharge-custom-error' : undefined}
              data-testid="recharge-custom"
            />
          }
        />
      </div>
      {customProblem ? (
        <p
          id="recharge-custom-error"
          role="alert"
          className="-mt-2 text-destructive text-sm"
          data-testid="recharge-custom-error"
        >
          {t(`credits.recharge.problem.${customProblem.code}`, { limit: customProblem.limit, name })}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm">
          {t('credits.recharge.pay')}
          <span className="font-semibold text-destructive text-lg">
            {t('credits.recharge.yuan', { price: customProblem ? '--' : (chosen?.price ?? '--') })}
          </span>
        </p>
        <Button type="submit" disabled={!orderable || create.isPending} data-testid="recharge-submit">
          {create.isPending ? <LoaderCircleIcon className="animate-spin" /> : null}
          {t('credits.recharge.submit')}
        </Button>
      </div>
    </form>
  );
}

function OptionBox({
  option,
  selected,
  onSelect,
  title,
  custom,
}: {
  option: RechargeOption;
  selected: boolean;
  onSelect: () => void;
  title: string;
  custom?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const badge = useBadge()(option.discount, discountBadge(option.discount));
  const prices = (
    <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
      {option.discount < 1 ? (
        <del className="text-muted-foreground text-xs">{t('credits.recharge.yuan', { price: option.original })}</del>
      ) : null}
      <span className="font-medium text-destructive">{t('credits.recharge.yuan', { price: option.price })}</span>
    </span>
  );
  return (
    // A box holding an input cannot be a button: the whole box selects on click, the radio role says what it is.
    // biome-ignore lint/a11y/useSemanticElements: a radio input cannot contain the custom amount's input
    <div
      role="radio"
      aria-checked={selected}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && (e.key === ' ' || e.key === 'Enter')) {
          e.preventDefault();
          onSelect();
        }
      }}
      className={cn(
        'relative flex min-h-24 cursor-pointer flex-col justify-center gap-1.5 rounded-lg border-2 p-3 pr-4 text-left outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
        selected ? 'border-blue-500 bg-blue-500/5' : 'border-border hover:border-blue-300',
      )}
      data-testid="recharge-option"
    >
      <span
        className={cn(
          'absolute top-0 right-0 rounded-tr-md rounded-bl-md px-1.5 py-0.5 font-medium text-[11px]',
          option.discount < 1 ? 'bg-destructive text-white' : 'bg-muted text-muted-foreground',
        )}
      >
        {badge}
      </span>
      <span className="whitespace-nowrap pt-2 font-semibold text-sm sm:pt-0 sm:pr-12 sm:text-base">{title}</span>
      {custom}
      {prices}
      {selected ? (
        <span
          className="absolute right-1.5 bottom-1.5 flex size-5 items-center justify-center rounded-full bg-success text-white"
          role="img"
          aria-label={t('credits.recharge.selected')}
        >
          <CheckIcon className="size-3.5" />
        </span>
      ) : null}
    </div>
  );
}
