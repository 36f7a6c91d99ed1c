import type * as React from 'react';
import { CaptchaAnswerInput, type CaptchaChallenge, CaptchaChallengeBox } from '@/components/forms/captcha-challenge';
import { useTranslation } from '@/i18n/areas/interaction';

/**
 * The captcha of the comment form when `security.enable_captcha_comment` is on (moredoc-facts §10, §17). The server
 * consumes an answer once, right or wrong, so the form asks for a new one after every submit.
 */
export function CommentCaptcha({
  captcha,
  id,
  error,
  inputProps,
}: {
  captcha: CaptchaChallenge;
  id: string;
  error?: string;
  inputProps: React.ComponentProps<'input'>;
}) {
  const { t } = useTranslation();
  if (captcha.data && !captcha.data.enable) return null;
  return (
    <div className="grid gap-1">
      <div className="flex items-stretch gap-2">
        <CaptchaAnswerInput
          captcha={captcha}
          id={id}
          placeholder={t('interaction.comment.captchaPlaceholder')}
          aria-label={t('interaction.comment.captcha')}
          aria-invalid={!!error}
          className="h-10 min-w-0 flex-1 sm:max-w-56"
          {...inputProps}
        />
        <CaptchaChallengeBox
          captcha={captcha}
          labels={{
            captcha: t('interaction.comment.captcha'),
            refresh: t('interaction.comment.captchaRefresh'),
            failed: t('interaction.comment.captchaFailed'),
          }}
          testId="comment-captcha-image"
        />
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
