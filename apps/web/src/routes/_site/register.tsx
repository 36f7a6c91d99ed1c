import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CircleCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { safeRedirect } from '@/components/layout/front-check';
import { settingBool, settingText } from '@/components/layout/site-settings';
import { OauthButtons } from '@/components/oauth/oauth-buttons';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { optionalText, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';
import { AuthShell } from './-components/auth-shell';
import { RegisterMobileForm } from './-components/mobile-forms';
import { RegisterEmailForm } from './-components/register-email-form';

const searchSchema = z.object({ redirect: optionalText() });

export const Route = createFileRoute('/_site/register')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
  component: RegisterPage,
});

/**
 * spec §2 /register (moredoc-facts §16.1): username, password twice, e-mail, captcha when enabled, and the e-mail
 * code when `enable_verify_register_email` is on. With registration switched off the form says 网站暂未开放用户注册
 * and cannot be sent. An empty token means the new account awaits review. With SMS on, a second tab registers a
 * mobile number (moredoc-pro-facts §8.3).
 */
function RegisterPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { redirect } = Route.useSearch();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  usePageTitle(t('auth.register.title'));
  const open = settingBool(settings, 'security', 'enable_register');
  const captchaOn = open && settingBool(settings, 'security', 'enable_captcha_register');
  const verifyEmail = open && settingBool(settings, 'security', 'enable_verify_register_email');
  // moredoc-pro-facts §2.7: with SMS on, the form becomes the tabs 邮箱注册 / 手机注册.
  const smsOn = settingBool(settings, 'system', 'enable_sms');
  const [awaitingReview, setAwaitingReview] = useState(false);
  const background = settingText(settings, 'system', 'register_background') || undefined;
  const emailForm = (
    <RegisterEmailForm
      open={open}
      captchaOn={captchaOn}
      verifyEmail={verifyEmail}
      redirect={redirect}
      onAwaitingReview={() => setAwaitingReview(true)}
    />
  );

  if (awaitingReview) {
    return (
      <AuthShell background={background} title={t('auth.register.title')}>
        <div className="flex flex-col items-center gap-4 py-4 text-center" role="status">
          <CircleCheckIcon className="size-12 text-success" aria-hidden />
          <p>{t('auth.register.pendingReview')}</p>
          <Button asChild variant="outline">
            <Link to="/">{t('backHome')}</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      background={background}
      title={t('auth.register.title')}
      description={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.hasAccount')}{' '}
          <Link to="/login" search={redirect ? { redirect } : {}} className="font-medium text-primary hover:underline">
            {t('auth.register.toLogin')}
          </Link>
        </>
      }
    >
      {smsOn ? (
        <Tabs defaultValue="email" className="grid gap-4">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="email">{t('auth.sms.emailRegisterTab')}</TabsTrigger>
            <TabsTrigger value="mobile">{t('auth.sms.mobileRegisterTab')}</TabsTrigger>
          </TabsList>
          <TabsContent value="email">{emailForm}</TabsContent>
          <TabsContent value="mobile">
            <RegisterMobileForm
              open={open}
              captchaOn={settingBool(settings, 'security', 'enable_captcha_register')}
              redirect={redirect}
              onAwaitingReview={() => setAwaitingReview(true)}
            />
          </TabsContent>
        </Tabs>
      ) : (
        emailForm
      )}
      <OauthButtons mode="login" redirectTo={safeRedirect(redirect, '/me')} className="mt-6" />
    </AuthShell>
  );
}
