import { useMutation } from '@tanstack/react-query';
import { type AuthDTO, registerFormSchema } from '@wenku/shared';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCaptchaChallenge } from '@/components/forms/captcha-challenge';
import { EmailCodeField, useEmailCodeSender } from '@/components/forms/email-code-field';
import { formFields, InputField } from '@/components/forms/input-field';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/areas/account';
import { formResolver } from '@/lib/form-resolver';
import { useTRPC } from '@/lib/trpc';
import { useAuthFlow } from './auth-flow';
import { CaptchaField } from './captcha-field';
import { NewPasswordFields } from './new-password-fields';

type Values = z.input<typeof registerFormSchema>;
type Output = z.output<typeof registerFormSchema>;

/**
 * The e-mail registration form (spec §2 /register, moredoc-facts §16.1): username, password twice, e-mail, captcha
 * when enabled, and the e-mail code when `enable_verify_register_email` is on; closed registration disables it.
 * Used by /register and by the third-party binding (`onAuth`, `submitLabel`, moredoc-pro-facts §7.4). An empty token
 * means the new account awaits review (`onAwaitingReview`).
 */
export function RegisterEmailForm({
  open,
  captchaOn,
  verifyEmail,
  redirect,
  submitLabel,
  onAuth,
  onAwaitingReview,
}: {
  open: boolean;
  captchaOn: boolean;
  verifyEmail: boolean;
  redirect: string | undefined;
  submitLabel?: string;
  onAuth?: (auth: AuthDTO) => Promise<void>;
  onAwaitingReview: () => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const captcha = useCaptchaChallenge('register', captchaOn);

  const form = useForm<Values, unknown, Output>({
    resolver: formResolver(registerFormSchema),
    defaultValues: { username: '', password: '', repassword: '', email: '', captcha: '', captcha_id: '', code: '' },
  });
  const flow = useAuthFlow({ form, captcha: { on: captchaOn, refetch: captcha.refetch }, redirect, onAuth });
  const setCaptchaId = useCallback((id: string) => form.setValue('captcha_id', id), [form]);
  const register = useMutation(
    trpc.user.register.mutationOptions({
      async onSuccess(auth) {
        if (!auth.token) {
          onAwaitingReview();
          return;
        }
        // spec §4/§8: the sign-in stands even when the permissions could not be loaded.
        await flow.signedIn(auth, t('auth.register.success'), '/');
      },
      onError(e) {
        // spec §8: the server's message, else the default text.
        flow.failed(e, t('error.register'));
      },
    }),
  );
  const { send: sendCode, seconds } = useEmailCodeSender(() => {
    // Checking the captcha used it up, whatever the answer: the sign-up needs a fresh one.
    if (captchaOn) {
      form.setValue('captcha', '');
      void captcha.refetch();
    }
  });
  const requestCode = async () => {
    if (!(await form.trigger('email'))) return;
    const { email, captcha: answer = '', captcha_id = '' } = form.getValues();
    if (captchaOn && !answer.trim()) {
      form.setError('captcha', { message: 'captcha.required' });
      return;
    }
    sendCode.mutate({ email, type: 'register', captcha: answer, captcha_id });
  };
  const { err, field } = formFields(form);

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit(({ repassword: _r, ...v }) => register.mutate(v))}
    >
      {!open ? (
        <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-center text-sm" role="alert">
          {t('auth.register.disabled')}
        </p>
      ) : null}
      <fieldset disabled={!open} className="grid gap-4 disabled:opacity-70">
        <InputField
          id="reg-username"
          label={t('auth.register.username')}
          hint={t('auth.register.usernameHint')}
          autoComplete="username"
          placeholder={t('auth.register.usernamePlaceholder')}
          {...field('username')}
        />
        <NewPasswordFields idPrefix="reg" ns="auth.register" field={field} />
        <InputField
          id="reg-email"
          label={t('auth.register.email')}
          hint={t('auth.register.emailHint')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.register.emailPlaceholder')}
          {...field('email')}
        />
        {captchaOn ? <CaptchaField captcha={captcha} onId={setCaptchaId} {...field('captcha')} /> : null}
        {verifyEmail ? (
          <EmailCodeField
            id="reg-code"
            error={err('code')}
            hint={captchaOn ? t('auth.register.codeCaptchaHint') : undefined}
            inputProps={form.register('code')}
            onSend={() => void requestCode()}
            sending={sendCode.isPending}
            seconds={seconds}
            className="h-10"
          />
        ) : null}
      </fieldset>
      <Button type="submit" className="mt-1 h-10 w-full" disabled={!open || register.isPending}>
        {register.isPending ? t('auth.register.submitting') : (submitLabel ?? t('auth.register.submit'))}
      </Button>
    </form>
  );
}
