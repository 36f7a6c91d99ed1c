import type { AuthDTO, PendingOauthDTO } from '@wenku/shared';
import { useState } from 'react';
import { settingBool } from '@/components/layout/site-settings';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/member';
import { LoginPasswordForm } from '../../-components/login-password-form';
import { LoginMobileForm, RegisterMobileForm } from '../../-components/mobile-forms';
import { RegisterEmailForm } from '../../-components/register-email-form';

/**
 * The bind panel of 完善用户信息 (moredoc-pro-facts §7.4): the provider's avatar and nickname, then either "existing
 * account" (密码登录并绑定, 短信登录并绑定 with SMS on) or "new account" (邮箱注册并绑定, 手机注册并绑定). The forms are
 * the login and register forms themselves; `onAuth` receives their new session and binds.
 */
export function OauthBindPanel({
  oauth,
  providerName,
  onAuth,
}: {
  oauth: PendingOauthDTO;
  providerName: string;
  onAuth: (auth: AuthDTO) => Promise<void>;
}) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [awaitingReview, setAwaitingReview] = useState(false);
  const smsOn = settingBool(settings, 'system', 'enable_sms');
  const loginCaptcha = settingBool(settings, 'security', 'enable_captcha_login');
  const open = settingBool(settings, 'security', 'enable_register');
  const registerCaptcha = settingBool(settings, 'security', 'enable_captcha_register');
  const verifyEmail = open && settingBool(settings, 'security', 'enable_verify_register_email');
  const name = oauth.nickname || oauth.username || providerName;

  const tabs = (items: { value: string; label: string; content: React.ReactNode }[]) =>
    items.length === 1 ? (
      <div className="grid gap-3">
        <h3 className="font-medium text-sm">{items[0]?.label}</h3>
        {items[0]?.content}
      </div>
    ) : (
      <Tabs defaultValue={items[0]?.value} className="grid gap-4">
        <TabsList className="grid w-full grid-cols-2">
          {items.map((i) => (
            <TabsTrigger key={i.value} value={i.value} className="truncate">
              {i.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {items.map((i) => (
          <TabsContent key={i.value} value={i.value}>
            {i.content}
          </TabsContent>
        ))}
      </Tabs>
    );

  return (
    <div className="grid gap-6" data-testid="oauth-bind-panel">
      <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
        <Avatar src={oauth.avatar || undefined} name={name} size={48} />
        <div className="min-w-0">
          <p className="truncate font-medium" data-testid="oauth-nickname">
            {name}
          </p>
          <p className="text-muted-foreground text-xs">{t('oauth.bind.hint', { provider: providerName })}</p>
        </div>
      </div>
      {awaitingReview ? (
        <Alert variant="info" role="status">
          <AlertDescription className="text-foreground">{t('oauth.bind.pendingReview')}</AlertDescription>
        </Alert>
      ) : mode === 'login' ? (
        tabs([
          {
            value: 'password',
            label: t('oauth.bind.passwordTab'),
            content: (
              <LoginPasswordForm
                captchaOn={loginCaptcha}
                redirect={undefined}
                showFindPassword={false}
                submitLabel={t('oauth.bind.loginSubmit')}
                onAuth={onAuth}
              />
            ),
          },
          ...(smsOn
            ? [
                {
                  value: 'sms',
                  label: t('oauth.bind.smsTab'),
                  content: (
                    <LoginMobileForm
                      captchaOn={loginCaptcha}
                      redirect={undefined}
                      submitLabel={t('oauth.bind.loginSubmit')}
                      onAuth={onAuth}
                    />
                  ),
                },
              ]
            : []),
        ])
      ) : (
        tabs([
          {
            value: 'email',
            label: t('oauth.bind.emailRegisterTab'),
            content: (
              <RegisterEmailForm
                open={open}
                captchaOn={open && registerCaptcha}
                verifyEmail={verifyEmail}
                redirect={undefined}
                submitLabel={t('oauth.bind.registerSubmit')}
                onAuth={onAuth}
                onAwaitingReview={() => setAwaitingReview(true)}
              />
            ),
          },
          ...(smsOn
            ? [
                {
                  value: 'mobile',
                  label: t('oauth.bind.mobileRegisterTab'),
                  content: (
                    <RegisterMobileForm
                      open={open}
                      captchaOn={registerCaptcha}
                      redirect={undefined}
                      submitLabel={t('oauth.bind.registerSubmit')}
                      onAuth={onAuth}
                      onAwaitingReview={() => setAwaitingReview(true)}
                    />
                  ),
                },
              ]
            : []),
        ])
      )}
      {awaitingReview ? null : (
        <div className="text-center text-sm">
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
          >
            {mode === 'login' ? t('oauth.bind.toRegister') : t('oauth.bind.toLogin')}
          </Button>
        </div>
      )}
    </div>
  );
}
