import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { loginInput } from '@wenku/shared';
import { LockKeyholeIcon, UserRoundIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field } from '@/components/forms/field';
import { sanitizeSimpleHtml } from '@/components/layout/simple-html';
import { settingBool, settingText } from '@/components/layout/site-settings';
import { SmartLink } from '@/components/layout/smart-link';
import { useUserLinks } from '@/components/layout/user-links';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { Input } from '@/components/ui/input';
import { usePageTitle } from '@/hooks/use-page-title';
import { localizeMessage } from '@/lib/messages';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { useAuthFlow } from './-components/auth-flow';
import { AuthShell } from './-components/auth-shell';
import { CaptchaField, useCaptcha } from './-components/captcha-field';
import { LoginMobileForm } from './-components/mobile-forms';

/** `redirect`: the full path the visitor came from (spec §2), followed after sign-in when it stays on this site. */
const searchSchema = z.object({ redirect: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/_site/login')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
  component: LoginPage,
});

type Values = z.input<typeof loginInput>;
type Output = z.output<typeof loginInput>;

/**
 * spec §2 /login (moredoc-facts §21.8): username, password, captcha when enabled; closed-site notice. With SMS on,
 * a second tab signs in by SMS code (moredoc-pro-facts §8.3).
 */
function LoginPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { redirect } = Route.useSearch();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  const { user } = useSession();
  const { logout } = useUserLinks();
  usePageTitle(t('auth.login.title'));
  const captchaOn = settingBool(settings, 'security', 'enable_captcha_login');
  const captcha = useCaptcha('login', captchaOn);
  const closed = settingBool(settings, 'security', 'is_close');
  // moredoc-pro-facts §2.7: with SMS on, the form becomes the tabs 密码登录 / 短信登录.
  const smsOn = settingBool(settings, 'system', 'enable_sms');
  const statement = sanitizeSimpleHtml(settingText(settings, 'security', 'close_statement'));

  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(loginInput),
    defaultValues: { username: '', password: '', captcha: '', captcha_id: '' },
  });
  const flow = useAuthFlow({ form, captcha: { on: captchaOn, refetch: captcha.refetch }, redirect });
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
  const err = (name: keyof Values) => localizeMessage(form.formState.errors[name]?.message);

  const passwordForm = (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => login.mutate(v))}>
      <Field label={t('auth.login.username')} htmlFor="login-username" error={err('username')}>
        <div className="relative">
          <UserRoundIcon className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground" />
          <Input
            id="login-username"
            autoComplete="username"
            placeholder={t('auth.login.usernamePlaceholder')}
            aria-invalid={!!err('username')}
            className="h-10 pl-9"
            {...form.register('username')}
          />
        </div>
      </Field>
      <Field label={t('auth.login.password')} htmlFor="login-password" error={err('password')}>
        <div className="relative">
          <LockKeyholeIcon className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground" />
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            placeholder={t('auth.login.passwordPlaceholder')}
            aria-invalid={!!err('password')}
            className="h-10 pl-9"
            {...form.register('password')}
          />
        </div>
      </Field>
      {captchaOn ? (
        <CaptchaField
          captcha={captcha}
          onId={setCaptchaId}
          error={err('captcha')}
          inputProps={form.register('captcha')}
        />
      ) : null}
      <Button type="submit" className="mt-1 h-10 w-full" disabled={login.isPending}>
        {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      {closed ? null : (
        <div className="flex justify-end text-sm">
          <SmartLink href="/findpassword" className="text-muted-foreground hover:text-primary">
            {t('auth.login.findPassword')}
          </SmartLink>
        </div>
      )}
    </form>
  );

  const notice = closed ? (
    <div className="rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm" role="status">
      <p className="font-semibold text-base">{t('auth.login.closedTitle')}</p>
      {statement ? (
        <div
          className="mt-2 leading-relaxed [&_a]:text-primary [&_a]:underline [&_p]:my-1"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: passed through the simple allow-list.
          dangerouslySetInnerHTML={{ __html: statement }}
        />
      ) : null}
      {user ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-warning/30 pt-3">
          <span className="text-muted-foreground">{t('auth.login.signedInAs', { name: user.username })}</span>
          <Button size="sm" variant="outline" onClick={logout}>
            {t('shell.user.logout')}
          </Button>
        </div>
      ) : null}
    </div>
  ) : null;

  return (
    <AuthShell
      background={settingText(settings, 'system', 'login_background') || undefined}
      title={t('auth.login.title')}
      description={t('auth.login.subtitle')}
      notice={notice}
      footer={
        closed ? null : (
          <>
            {t('auth.login.noAccount')}{' '}
            <Link
              to="/register"
              search={redirect ? { redirect } : {}}
              className="font-medium text-primary hover:underline"
            >
              {t('auth.login.toRegister')}
            </Link>
          </>
        )
      }
    >
      {smsOn ? (
        <Tabs defaultValue="password" className="grid gap-4">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="password">{t('auth.sms.passwordTab')}</TabsTrigger>
            <TabsTrigger value="sms">{t('auth.sms.smsTab')}</TabsTrigger>
          </TabsList>
          <TabsContent value="password">{passwordForm}</TabsContent>
          <TabsContent value="sms">
            <LoginMobileForm captchaOn={captchaOn} redirect={redirect} />
          </TabsContent>
        </Tabs>
      ) : (
        passwordForm
      )}
    </AuthShell>
  );
}
