import { useMutation } from '@tanstack/react-query';
import { SmsPurpose } from '@wenku/shared';
import type * as React from 'react';
import { Field } from '@/components/forms/field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage } from '@/lib/api-error';
import { useCountdown } from '@/lib/email-code';
import { useTRPC } from '@/lib/trpc';

/** The server refuses a second code to a number within 60 s (sms.cooldown_seconds): the button waits as long. */
export const SMS_CODE_COOLDOWN_SECONDS = 60;

export type SmsPurposeValue = (typeof SmsPurpose)[keyof typeof SmsPurpose];
export { SmsPurpose };

/** What the form hands over when the button is pressed: null when the number or captcha is missing (marked). */
export type SmsRequest = { mobile: string; captcha: string; captcha_id: string } | null;

/**
 * The 短信验证码 input with its send button (moredoc-pro-facts §8.2): `发送短信验证码`, then `{n} 秒` for 60 s during
 * which presses are ignored; the countdown stops at zero and on unmount (Pro's never did, quirk §12.2). The captcha
 * is used up by the send, whatever the answer, so `afterSend` lets the form show a fresh one.
 */
export function SmsCodeField({
  id,
  type,
  error,
  inputProps,
  request,
  afterSend,
  onSent,
  disabled,
}: {
  id: string;
  type: SmsPurposeValue;
  error?: string;
  inputProps: React.ComponentProps<'input'>;
  request: () => Promise<SmsRequest>;
  afterSend?: () => void;
  onSent?: (answer: { is_registered: boolean }) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const countdown = useCountdown();
  const send = useMutation(
    trpc.sms.send.mutationOptions({
      onSuccess(answer) {
        toast.success(t('auth.sms.sent'));
        countdown.start(SMS_CODE_COOLDOWN_SECONDS);
        onSent?.(answer);
      },
      onError(e) {
        toast.error(errorMessage(e, t('auth.sms.sendFailed')));
      },
      onSettled() {
        afterSend?.();
      },
    }),
  );
  const press = async () => {
    if (send.isPending || countdown.seconds > 0) return;
    const req = await request();
    if (req) send.mutate({ ...req, type });
  };
  return (
    <Field label={t('auth.sms.code')} htmlFor={id} error={error}>
      <div className="relative">
        <Input
          id={id}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          placeholder={t('auth.sms.codePlaceholder')}
          aria-invalid={!!error}
          className="h-10 pr-36"
          {...inputProps}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="-translate-y-1/2 absolute top-1/2 right-1 h-8 min-w-32 text-primary"
          disabled={disabled || send.isPending || countdown.seconds > 0}
          onClick={() => void press()}
          data-testid="sms-send"
        >
          {send.isPending
            ? t('auth.sms.sending')
            : countdown.seconds > 0
              ? t('auth.sms.countdown', { seconds: countdown.seconds })
              : t('auth.sms.send')}
        </Button>
      </div>
    </Field>
  );
}
