import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { safeRedirect } from '@/components/layout/front-check';
import { SimpleHtml } from '@/components/layout/simple-html';
import { settingBool, settingText } from '@/components/layout/site-settings';
import { useUserLinks } from '@/components/layout/user-links';
import { OauthButtons } from '@/components/oauth/oauth-buttons';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { optionalText, z } from '@/lib/search-schema';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { AuthShell } from './-components/auth-shell';
import { LoginPasswordForm } from './-components/login-password-form';
import { LoginMobileForm } from './-components/mobile-forms';

/** `redirect`: the full path the visitor came from (spec §2), followed after sign-in when it stays on this site. */
const searchSchema = z.object({
  redirect: optionalText(),
  /** Set when an ended session led here (issue 20): the page says 登录已过期，请重新登录. */
  expired: z.catch(z.optional(z.coerce.number()), undefined),
});

export const Route = createFileRoute('/_site/login')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
  component: LoginPage,
});

/**
 * spec §2 /login (moredoc-facts §21.8): username, password, captcha when enabled; closed-site notice. With SMS on,
 * a second tab signs in by SMS code (moredoc-pro-facts §8.3).
 */
function LoginPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { redirect, expired } = Route.useSearch();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  const { user } = useSession();
  const { logout } = useUserLinks();
  usePageTitle(t('auth.login.title'));
  const captchaOn = settingBool(settings, 'security', 'enable_captcha_login');
  const closed = settingBool(settings, 'security', 'is_close');
  // moredoc-pro-facts §2.7: with SMS on, the form becomes the tabs 密码登录 / 短信登录.
  const smsOn = settingBool(settings, 'system', 'enable_sms');

  const passwordForm = <LoginPasswordForm captchaOn={captchaOn} redirect={redirect} showFindPassword={!closed} />;

  const expiredNotice =
    expired && !user ? (
      <div
        className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm"
        role="alert"
        data-testid="session-expired"
      >
        {t('auth.login.expired')}
      </div>
    ) : null;

  const notice = closed ? (
    <div className="rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm" role="status">
      <p className="font-semibold text-base">{t('auth.login.closedTitle')}</p>
      <SimpleHtml
        className="mt-2 leading-relaxed [&_a]:text-primary [&_a]:underline [&_p]:my-1"
        html={settingText(settings, 'security', 'close_statement')}
      />
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
      notice={
        notice || expiredNotice ? (
          <>
            {expiredNotice}
            {notice}
          </>
        ) : null
      }
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
      {/* moredoc-pro-facts §2.7: the third-party icons, hidden on a closed site. */}
      {closed ? null : <OauthButtons mode="login" redirectTo={safeRedirect(redirect, '/me')} className="mt-6" />}
    </AuthShell>
  );
}
