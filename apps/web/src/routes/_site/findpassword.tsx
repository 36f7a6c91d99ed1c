import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { findPasswordStepOneInput, findPasswordStepTwoFormSchema } from '@wenku/shared';
import { MailCheckIcon, MailIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCaptchaChallenge } from '@/components/forms/captcha-challenge';
import { formFields, InputField } from '@/components/forms/input-field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { settingBool, settingText } from '@/components/layout/site-settings';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { EMAIL_CODE_COOLDOWN_SECONDS, findPasswordStep, useCountdown } from '@/lib/email-code';
import { formResolver } from '@/lib/form-resolver';
import { optionalText, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';
import { useAuthFlow } from './-components/auth-flow';
import { AuthShell } from './-components/auth-shell';
import { CaptchaField } from './-components/captcha-field';
import { NewPasswordFields } from './-components/new-password-fields';

/** The mail's link: `/findpassword?token=…&email=…` (moredoc-facts §16.4). */
const searchSchema = z.object({
  token: optionalText(),
  email: optionalText(),
});

export const Route = createFileRoute('/_site/findpassword')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
  component: FindPasswordPage,
});

/** spec §2 /findpassword: step one asks for the address, step two (from the mail's link) sets the new password. */
function FindPasswordPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const search = Route.useSearch();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  const step = findPasswordStep(search);
  usePageTitle(step === 'two' ? t('auth.findPassword.stepTwoTitle') : t('auth.findPassword.title'));
  const captchaOn = settingBool(settings, 'security', 'enable_captcha_find_password');
  const smsOn = settingBool(settings, 'system', 'enable_sms');
  const background = settingText(settings, 'system', 'login_background') || undefined;

  return (
    <AuthShell
      background={background}
      title={step === 'two' ? t('auth.findPassword.stepTwoTitle') : t('auth.findPassword.title')}
      description={
        step === 'two'
          ? t('auth.findPassword.stepTwoSubtitle', { email: search.email })
          : t('auth.findPassword.subtitle')
      }
      footer={
        <>
          {t('auth.findPassword.remembered')}{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            {t('auth.findPassword.toLogin')}
          </Link>
          <span className="mx-2">·</span>
          <Link to="/register" className="font-medium text-primary hover:underline">
            {t('auth.findPassword.toRegister')}
          </Link>
          {smsOn && step === 'one' ? (
            <p className="mt-2">
              <Link to="/findpassword-mobile" className="font-medium text-primary hover:underline">
                {t('auth.sms.findByMobile')}
              </Link>
            </p>
          ) : null}
        </>
      }
    >
      {step === 'two' ? (
        <StepTwo email={search.email ?? ''} token={search.token ?? ''} captchaOn={captchaOn} />
      ) : (
        <StepOne captchaOn={captchaOn} />
      )}
    </AuthShell>
  );
}

type OneValues = z.input<typeof findPasswordStepOneInput>;
type OneOutput = z.output<typeof findPasswordStepOneInput>;

/**
 * Step one: the address and, when switched on, the captcha. The answer is the same whether or not the address is
 * registered, and so is what the page says.
 */
function StepOne({ captchaOn }: { captchaOn: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const captcha = useCaptchaChallenge('find_password', captchaOn);
  const countdown = useCountdown();
  const [sentTo, setSentTo] = useState('');
  const form = useForm<OneValues, unknown, OneOutput>({
    resolver: formResolver(findPasswordStepOneInput),
    defaultValues: { email: '', captcha: '', captcha_id: '' },
  });
  const flow = useAuthFlow({ form, captcha: { on: captchaOn, refetch: captcha.refetch }, redirect: undefined });
  const setCaptchaId = useCallback((id: string) => form.setValue('captcha_id', id), [form]);
  const send = useMutation(
    trpc.user.findPasswordStepOne.mutationOptions({
      onSuccess(_data, input) {
        setSentTo(input.email);
        countdown.start(EMAIL_CODE_COOLDOWN_SECONDS);
        // The captcha was used up by this request.
        if (captchaOn) {
          form.setValue('captcha', '');
          void captcha.refetch();
        }
      },
      onError(e) {
        flow.failed(e, t('auth.findPassword.failed'));
      },
    }),
  );
  const { field } = formFields(form);

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      {sentTo ? (
        <div
          className="flex gap-3 rounded-md border border-success/40 bg-success/10 px-3 py-3 text-sm"
          role="status"
          data-testid="findpassword-sent"
        >
          <MailCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          <div className="grid gap-1">
            <p className="font-medium">{t('auth.findPassword.sent')}</p>
            <p className="text-muted-foreground">{t('auth.findPassword.sentHint')}</p>
          </div>
        </div>
      ) : null}
      <InputField
        id="fp-email"
        label={t('auth.findPassword.email')}
        icon={MailIcon}
        type="email"
        autoComplete="email"
        placeholder={t('auth.findPassword.emailPlaceholder')}
        {...field('email')}
      />
      {captchaOn ? <CaptchaField captcha={captcha} onId={setCaptchaId} {...field('captcha')} /> : null}
      <Button type="submit" className="mt-1 h-10 w-full" disabled={send.isPending || countdown.seconds > 0}>
        {send.isPending
          ? t('auth.findPassword.submitting')
          : countdown.seconds > 0
            ? t('auth.register.resendIn', { seconds: countdown.seconds })
            : sentTo
              ? t('auth.findPassword.resend')
              : t('auth.findPassword.submit')}
      </Button>
    </form>
  );
}

type TwoValues = z.input<typeof findPasswordStepTwoFormSchema>;
type TwoOutput = z.output<typeof findPasswordStepTwoFormSchema>;

/** Step two: the new password twice and, when switched on, the captcha; then to the login page. */
function StepTwo({ email, token, captchaOn }: { email: string; token: string; captchaOn: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const captcha = useCaptchaChallenge('find_password', captchaOn);
  const form = useForm<TwoValues, unknown, TwoOutput>({
    resolver: formResolver(findPasswordStepTwoFormSchema),
    defaultValues: { email, token, password: '', repassword: '', captcha: '', captcha_id: '' },
  });
  const flow = useAuthFlow({ form, captcha: { on: captchaOn, refetch: captcha.refetch }, redirect: undefined });
  const setCaptchaId = useCallback((id: string) => form.setValue('captcha_id', id), [form]);
  const reset = useMutation(
    trpc.user.findPasswordStepTwo.mutationOptions({
      async onSuccess() {
        toast.success(t('auth.findPassword.success'));
        await navigate({ to: '/login', replace: true });
      },
      onError(e) {
        flow.failed(e, t('auth.findPassword.failed'));
      },
    }),
  );
  const { err, field } = formFields(form);
  // Problems with the link itself (a damaged address) show at the top: the reader cannot fix them in a field.
  const linkError = err('email') ?? err('token');

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(({ repassword: _r, ...v }) => reset.mutate(v))}>
      {linkError ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm" role="alert">
          {linkError}
        </p>
      ) : null}
      <NewPasswordFields idPrefix="fp" ns="auth.findPassword" field={field} />
      {captchaOn ? <CaptchaField captcha={captcha} onId={setCaptchaId} {...field('captcha')} /> : null}
      <Button type="submit" className="mt-1 h-10 w-full" disabled={reset.isPending}>
        {reset.isPending ? t('auth.findPassword.resetting') : t('auth.findPassword.reset')}
      </Button>
      <div className="flex justify-end text-sm">
        <Link to="/findpassword" className="text-muted-foreground hover:text-primary">
          {t('auth.findPassword.restart')}
        </Link>
      </div>
    </form>
  );
}
