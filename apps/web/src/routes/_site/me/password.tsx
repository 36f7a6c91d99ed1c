import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from '@/components/forms/password-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/lib/session';

export const Route = createFileRoute('/_site/me/password')({
  component: PasswordPage,
});

/** /me/password: the password form of spec §2/§5 (密码修改成功 on success; the session keeps its new token). */
function PasswordPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('me.password.title'));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('me.password.title')}</CardTitle>
        <CardDescription>{t('me.password.hint')}</CardDescription>
      </CardHeader>
      <CardContent>{user ? <PasswordForm username={user.username} /> : null}</CardContent>
    </Card>
  );
}
