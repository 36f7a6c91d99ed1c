import { useMutation } from '@tanstack/react-query';
import { type AuthDTO, loginInput } from '@wenku/shared';
import { LockKeyholeIcon, UserRoundIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCaptchaChallenge } from '@/components/forms/captcha-challenge';
import { formFields, InputField } from '@/components/forms/input-field';
import { SmartLink } from '@/components/layout/smart-link';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import { formResolver } from '@/lib/form-resolver';
import { useTRPC } from '@/lib/trpc';
import { useAuthFlow } from './auth-flow';
import { CaptchaField } from './captcha-field';

type Values = z.input<typeof loginInput>;
type Output = z.output<typeof loginInput>;

/**
 * The username/password sign-in form (spec §2 /login, moredoc-pro-facts §2.7): account, password, captcha when
 * enabled. Used by /login and by the third-party binding (`onAuth`, `submitLabel`, moredoc-pro-facts §7.4).
 */
export function LoginPasswordForm({
  captchaOn,
  redirect,
  showFindPassword = true,
  submitLabel,
  onAuth,
}: {
  captchaOn: boolean;
  redirect: string | undefined;
  showFindPassword?: boolean;
  submitLabel?: string;
  onAuth?: (auth: AuthDTO) => Promise<void>;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const captcha = useCaptchaChallenge('login', captchaOn);
  const form = useForm<Values, unknown, Output>({
    resolver: formResolver(loginInput),
    defaultValues: { username: '', password: '', captcha: '', captcha_id: '' },
  });
  const flow = useAuthFlow({ form, captcha: { on: captchaOn, refetch: captcha.refetch }, redirect, onAuth });
  const setCaptchaId = useCallback((id: string) => form.setValue('captcha_id', id), [form]);
  const login = useMutation(
    trpc.user.login.mutationOptions({
      async onSuccess(auth) {
        // spec §4/§8: the sign-in stands even when the permissions could not be loaded.
        await flow.signedIn(auth, t('auth.login.success'), '/me');
      },
      onError(e) {
        // spec §8: the server's message, else the default text.
        flow.failed(e, t('error.login'));
      },
    }),
  );
  const { field } = formFields(form);

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => login.mutate(v))}>
      <InputField
        id="login-username"
        label={t('auth.login.username')}
        icon={UserRoundIcon}
        autoComplete="username"
        placeholder={t('auth.login.usernamePlaceholder')}
        {...field('username')}
      />
      <InputField
        id="login-password"
        label={t('auth.login.password')}
        icon={LockKeyholeIcon}
        type="password"
        autoComplete="current-password"
        placeholder={t('auth.login.passwordPlaceholder')}
        {...field('password')}
      />
      {captchaOn ? <CaptchaField captcha={captcha} onId={setCaptchaId} {...field('captcha')} /> : null}
      <Button type="submit" className="mt-1 h-10 w-full" disabled={login.isPending}>
        {login.isPending ? t('auth.login.submitting') : (submitLabel ?? t('auth.login.submit'))}
      </Button>
      {showFindPassword ? (
        <div className="flex justify-end text-sm">
          <SmartLink href="/findpassword" className="text-muted-foreground hover:text-primary">
            {t('auth.login.findPassword')}
          </SmartLink>
        </div>
      ) : null}
    </form>
  );
}
