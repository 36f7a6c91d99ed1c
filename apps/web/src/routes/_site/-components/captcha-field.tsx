import type * as React from 'react';
import { useEffect } from 'react';
import { CaptchaAnswerInput, type CaptchaChallenge, CaptchaChallengeBox } from '@/components/forms/captcha-challenge';
import { Field } from '@/components/forms/field';
import { useTranslation } from '@/i18n/react';

/**
 * The captcha of the login, register and find-password forms (moredoc-facts §17): an image, or spoken digits on
 * request, a new one on click and after every failed submit (the server consumes an answer once). Reports the
 * captcha id so the form sends it with the answer.
 */
export function CaptchaField({
  captcha,
  onId,
  error,
  inputProps,
}: {
  captcha: CaptchaChallenge;
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
        <CaptchaAnswerInput
          captcha={captcha}
          id="captcha"
          placeholder={t('auth.captcha.placeholder')}
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
