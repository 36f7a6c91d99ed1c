import { Link } from '@tanstack/react-router';
import { TriangleAlertIcon } from 'lucide-react';
import { settingText } from '@/components/layout/site-settings';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { domainProblem } from './domain-problem';

/** The dashboard's warning while 网站域名 is unset or differs from the address in the browser, with the way to fix it. */
export function DomainNotice() {
  const { t } = useTranslation();
  const domain = settingText(useSiteSettings(), 'system', 'domain');
  const problem = domainProblem(domain, window.location.origin);
  if (!problem) return null;
  return (
    <Alert variant="warning" data-testid="domain-notice">
      <TriangleAlertIcon />
      <AlertTitle>{t(`admin.dashboard.domain.${problem}`, { domain, origin: window.location.origin })}</AlertTitle>
      <AlertDescription>
        <p>{t('admin.dashboard.domain.why')}</p>
        <p>
          <Link to="/admin/config/$page" params={{ page: 'system' }} className="text-primary underline">
            {t('admin.dashboard.domain.action')}
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}
