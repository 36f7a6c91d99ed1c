import type * as React from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaChallengeBox, useCaptchaChallenge } from '@/components/forms/captcha-challenge';
import { Field } from '@/components/forms/field';
import { Input } from '@/components/ui/input';

/**
 * The captcha of the login, register and find-password forms (moredoc-facts §17): an image, or spoken digits on
 * request, a new one on click and after every failed submit (the server consumes an answer once). Reports the
 * captcha id so the form sends it with the answer.
 */
export function useCaptcha(type: 'login' | 'register' | 'find_password', enabled: boolean) {
  return useCaptchaChallenge(type, enabled);
}

export function CaptchaField({
  captcha,
  onId,
  error,
  inputProps,
}: {
  captcha: ReturnType<typeof useCaptcha>;
  onId: (id: string) => void;
  error?: string;
  inputProps: React.ComponentProps<'input'>;
}) {
  const { t } = useTranslation();
  const id = captcha.data?.id ?? '';
  useEffect(() => onId(id), [id, onId]);
  if (captcha.data && !captcha.data.enable) return null;
  return (
    <Field label={t('auth.captcha.label')} htmlFor="captcha" error={error}>
      <div className="flex items-stretch gap-2">
        <Input
          id="captcha"
          autoComplete="off"
          inputMode={captcha.audio ? 'numeric' : 'text'}
          placeholder={captcha.audio ? t('auth.captcha.placeholderAudio') : t('auth.captcha.placeholder')}
          aria-invalid={!!error}
          className="h-10 flex-1"
          {...inputProps}
        />
        <CaptchaChallengeBox
          captcha={captcha}
          labels={{
            captcha: t('auth.captcha.label'),
            refresh: t('auth.captcha.refresh'),
            failed: t('auth.captcha.failed'),
          }}
          testId="captcha-image"
        />
      </div>
    </Field>
  );
}
