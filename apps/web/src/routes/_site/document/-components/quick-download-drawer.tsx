import { useMutation, useQuery } from '@tanstack/react-query';
import type { DocumentDTO } from '@wenku/shared';
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import * as React from 'react';
import { Field } from '@/components/forms/field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { SimpleHtml } from '@/components/layout/simple-html';
import { Button } from '@/components/ui/button';
import { DialogDescription, Sheet, SheetContent, SheetTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/react';
import { Trans } from '@/i18n/trans';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import {
  type DownloadSettings,
  downcodeBlocked,
  PAY_WITH_CODE,
  PAY_WITH_CREDITS,
  quickDownloadMethods,
} from './download-rules';

const em = <em className="font-semibold text-destructive not-italic tabular-nums" />;

/**
 * 文档下载 (moredoc-pro-facts §4.5): with the order page off, a pending document order is paid here with credits or a
 * download code, then the document downloads. Right drawer, half the width (90 % on phones). Loaded when it first
 * opens (issue 17), with the dialog and radio libraries.
 */
export default function QuickDownloadDrawer({
  doc,
  orderNo,
  settings,
  onClose,
  onPaid,
}: {
  doc: Pick<DocumentDTO, 'id' | 'title' | 'price'>;
  orderNo: string;
  settings: DownloadSettings;
  onClose: () => void;
  /** Fetches the download link after the payment; it reports its own failure. */
  onPaid: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const methods = quickDownloadMethods(settings);
  const [method, setMethod] = React.useState(PAY_WITH_CREDITS);
  const [code, setCode] = React.useState('');
  const [codeError, setCodeError] = React.useState<string | undefined>();
  const groupId = React.useId();

  // What this order charges (a VIP discount may lower the price); the document's price until it arrives.
  const order = useQuery({ ...trpc.order.get.queryOptions({ order_no: orderNo }), retry: false });
  const amount = order.data?.amount ?? doc.price;
  const blocked = method === PAY_WITH_CODE && downcodeBlocked(amount, settings.maxPrice);

  const pay = useMutation(
    trpc.order.pay.mutationOptions({
      onSuccess: async () => {
        // Paid: the order is done whatever the download says, so the drawer closes either way.
        await onPaid().catch(() => {});
        onClose();
      },
      onError: (e) => toast.error(errorMessage(e, t('documents.download.failed'))),
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (method === PAY_WITH_CODE && !code.trim()) {
      setCodeError(t('documents.quick.codeRequired'));
      return;
    }
    pay.mutate({
      order_no: orderNo,
      payment_type: method,
      downcode: method === PAY_WITH_CODE ? code.trim() : '',
      // Read when paying, not when the drawer opened (moredoc-pro-facts §12.12).
      is_wap: window.matchMedia('(max-width: 639px)').matches,
    });
  };

  return (
    <Sheet open onOpenChange={(open) => !open && !pay.isPending && onClose()}>
      <SheetContent
        className="w-[90%] gap-5 sm:w-1/2 sm:max-w-none"
        data-testid="quick-download"
        onInteractOutside={(e) => e.preventDefault()}
      >
        <div className="grid gap-1 border-b pr-6 pb-3">
          <SheetTitle className="flex items-center gap-2">
            <DownloadIcon className="size-5 text-primary" aria-hidden />
            {t('documents.quick.title')}
          </SheetTitle>
          <DialogDescription className="sr-only">
            {t('documents.quick.heading', { title: doc.title })}
          </DialogDescription>
        </div>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <h3 className="break-words font-medium leading-6">{t('documents.quick.heading', { title: doc.title })}</h3>
          <div className="grid gap-2">
            <Label id={`${groupId}-label`} className="sr-only">
              {t('documents.quick.method')}
            </Label>
            <RadioGroup.Root
              aria-labelledby={`${groupId}-label`}
              value={String(method)}
              onValueChange={(v) => {
                setMethod(Number(v));
                setCodeError(undefined);
              }}
              className="flex flex-wrap gap-2"
            >
              {methods.map((m) => (
                <label
                  key={m}
                  htmlFor={`${groupId}-${m}`}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm transition-colors hover:bg-accent',
                    method === m && 'border-primary bg-primary/5 text-primary',
                  )}
                >
                  <RadioGroup.Item
                    id={`${groupId}-${m}`}
                    value={String(m)}
                    className="flex size-4 shrink-0 items-center justify-center rounded-full border border-input shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:border-primary"
                  >
                    <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                  </RadioGroup.Item>
                  {m === PAY_WITH_CODE ? t('documents.quick.code') : t('documents.quick.credits')}
                </label>
              ))}
            </RadioGroup.Root>
          </div>

          {method === PAY_WITH_CODE && !blocked && !settings.codeTip?.trim() ? null : (
            <div
              className="rounded-md border border-orange-400/70 border-dashed px-4 py-3 text-sm leading-6"
              data-testid="quick-download-tips"
            >
              {method === PAY_WITH_CREDITS ? (
                <ul className="grid gap-0.5">
                  <li>{t('documents.quick.tipOwn')}</li>
                  <li>
                    <Trans
                      i18nKey="documents.quick.tipIp"
                      values={{ count: settings.timesEveryIp }}
                      components={{ em }}
                    />
                  </li>
                  <li>
                    <Trans
                      i18nKey="documents.quick.tipDay"
                      values={{ count: settings.timesEveryDay }}
                      components={{ em }}
                    />
                  </li>
                  <li>
                    {settings.freeDays > 0 ? (
                      <Trans
                        i18nKey="documents.quick.tipBoughtDays"
                        values={{ count: settings.freeDays }}
                        components={{ em }}
                      />
                    ) : (
                      t('documents.quick.tipBought')
                    )}
                  </li>
                  <li>
                    <Trans
                      i18nKey="documents.quick.tipPrice"
                      values={{ price: amount, name: settings.creditName }}
                      components={{ em }}
                    />
                  </li>
                </ul>
              ) : blocked ? (
                <p data-testid="downcode-cap">
                  <Trans
                    i18nKey="documents.quick.codeCap"
                    values={{ max: settings.maxPrice, name: settings.creditName }}
                    components={{ em }}
                  />
                </p>
              ) : (
                <SimpleHtml className="break-words [&_a]:text-primary [&_a]:underline" html={settings.codeTip} />
              )}
            </div>
          )}

          {method === PAY_WITH_CODE ? (
            <Field label={t('documents.quick.codeLabel')} htmlFor="quick-downcode" error={codeError}>
              <Input
                id="quick-downcode"
                value={code}
                autoComplete="off"
                placeholder={t('documents.quick.codePlaceholder')}
                aria-invalid={!!codeError}
                aria-required
                disabled={blocked}
                onChange={(e) => {
                  setCode(e.target.value);
                  setCodeError(undefined);
                }}
              />
            </Field>
          ) : null}

          <Button type="submit" size="lg" className="w-full" disabled={pay.isPending || blocked}>
            {pay.isPending ? <LoaderCircleIcon className="animate-spin" /> : <DownloadIcon />}
            {t('documents.quick.submit')}
          </Button>
        </form>
      </SheetContent>
    </Sheet>
  );
}
