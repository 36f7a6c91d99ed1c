import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { findPasswordMobileInput } from '@wenku/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCaptchaChallenge } from '@/components/forms/captcha-challenge';
import { formFields, InputField } from '@/components/forms/input-field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { settingBool, settingText } from '@/components/layout/site-settings';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { formResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { useAuthFlow } from './-components/auth-flow';
import { AuthShell } from './-components/auth-shell';
import { captchaFields, MobileCodeFields, useSmsRequest } from './-components/mobile-forms';
import { SmsPurpose } from './-components/sms-code';

export const Route = createFileRoute('/_site/findpassword-mobile')({
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
  component: FindPasswordMobilePage,
});

// Pure: only the page uses it, so it stays out of the route definition the entry chunk carries (issue 17).
const formSchema = /* @__PURE__ */ findPasswordMobileInput.extend(captchaFields);
type Values = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;

/**
 * /findpassword-mobile (moredoc-pro-facts §8.3): only with SMS on (else /findpassword), signed-in visitors go to /me.
 * Number, captcha (loaded here, unlike Pro), SMS code and the new password; success ends every session of the
 * account and leads to the login page.
 */
function FindPasswordMobilePage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  usePageTitle(t('auth.sms.findTitle'));
  const smsOn = settingBool(settings, 'system', 'enable_sms');
  const captchaOn = settingBool(settings, 'security', 'enable_captcha_find_password');
  const captcha = useCaptchaChallenge('find_password', smsOn && captchaOn);
  const form = useForm<Values, unknown, Output>({
    resolver: formResolver(formSchema),
    defaultValues: { mobile: '', code: '', password: '', captcha: '', captcha_id: '' },
  });
  const flow = useAuthFlow({ form, captcha: { on: false, refetch: captcha.refetch }, redirect: undefined });
  const sms = useSmsRequest(form, { on: captchaOn, refetch: captcha.refetch });
  const reset = useMutation(
    trpc.sms.findPasswordMobile.mutationOptions({
      async onSuccess() {
        toast.success(t('auth.findPassword.success'));
        await navigate({ to: '/login', replace: true });
      },
      onError(e) {
        flow.failed(e, t('auth.findPassword.failed'));
      },
    }),
  );
  const { field } = formFields(form);

  if (!smsOn) return <Navigate to="/findpassword" replace />;
  if (user) return <Navigate to="/me" replace />;

  return (
    <AuthShell
      background={settingText(settings, 'system', 'login_background') || undefined}
      title={t('auth.sms.findTitle')}
      description={
        <>
          {t('auth.sms.findSubtitle')}{' '}
          <Link to="/findpassword" className="font-medium text-primary hover:underline">
            {t('auth.sms.findByEmail')}
          </Link>
        </>
      }
      footer={
        <>
          <Link to="/register" className="font-medium text-primary hover:underline">
            {t('auth.findPassword.toRegister')}
          </Link>
          <span className="mx-2">·</span>
          <Link to="/login" className="font-medium text-primary hover:underline">
            {t('auth.findPassword.toLogin')}
          </Link>
        </>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit(({ mobile, code, password }) => reset.mutate({ mobile, code, password }))}
      >
        <MobileCodeFields
          ids={{ mobile: 'fpm-mobile', code: 'fpm-code' }}
          purpose={SmsPurpose.FindPassword}
          captchaOn={captchaOn}
          captcha={captcha}
          sms={sms}
          field={field}
        />
        <InputField
          id="fpm-password"
          label={t('auth.findPassword.password')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.sms.newPasswordPlaceholder')}
          {...field('password')}
        />
        <Button type="submit" className="mt-1 h-10 w-full" disabled={reset.isPending}>
          {reset.isPending ? t('auth.findPassword.resetting') : t('auth.findPassword.reset')}
        </Button>
      </form>
    </AuthShell>
  );
}
