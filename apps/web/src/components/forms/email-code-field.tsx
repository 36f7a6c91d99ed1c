import { useMutation } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage } from '@/lib/api-error';
import { EMAIL_CODE_COOLDOWN_SECONDS, useCountdown } from '@/lib/email-code';
import { useTRPC } from '@/lib/trpc';
import { Field } from './field';

/**
 * Mails a code (`user.sendEmailCode`), says whether it went, and starts the resend countdown of the field's button
 * once it did. `onSettled` runs after either answer.
 */
export function useEmailCodeSender(onSettled?: () => void) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const countdown = useCountdown();
  const send = useMutation(
    trpc.user.sendEmailCode.mutationOptions({
      onSuccess() {
        toast.success(t('auth.register.codeSent'));
        countdown.start(EMAIL_CODE_COOLDOWN_SECONDS);
      },
      onError(e) {
        toast.error(errorMessage(e, t('auth.register.codeFailed')));
      },
      onSettled,
    }),
  );
  return { send, seconds: countdown.seconds };
}

/**
 * The mailed-code input with its send button and resend countdown (registration and binding an address): the button
 * waits while sending and while the server's one-a-minute cool-down runs.
 */
export function EmailCodeField({
  id,
  error,
  hint,
  inputProps,
  onSend,
  sending,
  seconds,
  className,
}: {
  id: string;
  error?: string;
  hint?: string;
  inputProps: UseFormRegisterReturn;
  onSend: () => void;
  sending: boolean;
  seconds: number;
  /** Extra classes of the input and the button (the auth pages use taller controls). */
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.register.code')} htmlFor={id} error={error} hint={hint}>
      <div className="flex gap-2">
        <Input
          id={id}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          placeholder={t('auth.register.codePlaceholder')}
          aria-invalid={!!error}
          className={`flex-1 ${className ?? ''}`}
          {...inputProps}
        />
        <Button
          type="button"
          variant="outline"
          className={`w-32 shrink-0 ${className ?? ''}`}
          disabled={sending || seconds > 0}
          onClick={onSend}
        >
          {sending
            ? t('auth.register.sendingCode')
            : seconds > 0
              ? t('auth.register.resendIn', { seconds })
              : t('auth.register.sendCode')}
        </Button>
      </div>
    </Field>
  );
}
