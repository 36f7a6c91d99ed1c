import { Link } from '@tanstack/react-router';
import { InfoIcon, TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useTranslation } from '@/i18n/react';
import { Trans } from '@/i18n/trans';

const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);

/** Where each provider's OAuth application is registered (moredoc-pro-facts §3.3). */
const OAUTH_APPLY: Record<string, string> = {
  oauthWechat: 'https://open.weixin.qq.com/',
  oauthOfficialAccount: 'https://mp.weixin.qq.com/',
  oauthQQ: 'https://connect.qq.com/manage.html#/',
  oauthGoogle: 'https://console.developers.google.com/',
  oauthGithub: 'https://github.com/settings/apps/new',
  oauthGitee: 'https://gitee.com/oauth/applications',
};

/** The OAuth page's hint: the callback URL of this provider, `/oauth/{type}` with type = tab without `oauth`. */
export function OauthNotice({ tab }: { tab: string }) {
  const { t } = useTranslation();
  const type = tab.replace(/^oauth/, '').toLowerCase();
  const apply = OAUTH_APPLY[tab];
  return (
    <Alert variant="success">
      <InfoIcon />
      <AlertTitle>{t('admin.config.oauth.title')}</AlertTitle>
      <AlertDescription>
        <p className="text-foreground">
          {t('admin.config.oauth.callback')}
          <code className="break-all rounded bg-muted px-1">{`${origin()}/oauth/${type}`}</code>
        </p>
        {tab === 'oauthOfficialAccount' ? (
          <p className="text-foreground">
            {t('admin.config.oauth.token')}
            <code className="break-all rounded bg-muted px-1">{`${origin()}/api/v1/oauth/officialaccount/token`}</code>
          </p>
        ) : null}
        {apply ? (
          <p>
            {t('admin.config.oauth.apply')}
            <a href={apply} target="_blank" rel="noreferrer noopener" className="break-all text-primary underline">
              {apply}
            </a>
          </p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** The SMS page: which provider is used is chosen on the first tab. */
export function SmsNotice() {
  const { t } = useTranslation();
  return (
    <Alert variant="info">
      <InfoIcon />
      <AlertDescription>{t('admin.config.sms.hint')}</AlertDescription>
    </Alert>
  );
}

/**
 * Under the search page's save button (moredoc-pro-facts §3.6): a changed engine starts with an empty index, so the
 * admin is sent to the dashboard's index buttons.
 */
export function SearchNotice() {
  return (
    <p className="flex items-start gap-1.5 text-sm text-warning">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>
        <Trans
          i18nKey="admin.config.search.hint"
          components={{ dashboard: <Link to="/admin/dashboard" className="text-primary underline" /> }}
        />
      </span>
    </p>
  );
}

/** What server-side rendering is for (moredoc-pro-facts §3.8). */
export function SsrNotice() {
  const { t } = useTranslation();
  return (
    <Alert variant="info">
      <InfoIcon />
      <AlertTitle>{t('admin.config.ssr.title')}</AlertTitle>
      <AlertDescription>
        <p>{t('admin.config.ssr.seo')}</p>
        <p>{t('admin.config.ssr.careful')}</p>
      </AlertDescription>
    </Alert>
  );
}
