import { createFileRoute } from '@tanstack/react-router';
import { PasswordForm } from '@/components/forms/password-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/member';
import { useSession } from '@/lib/session';

export const Route = createFileRoute('/_site/me/password')({
  component: PasswordPage,
});

/** /me/password: the password form of spec §2/§5 (密码修改成功 on success; the session keeps its new token). */
function PasswordPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('me.password.title'));
  // Sessions stored before `password_set` existed lack it: only an explicit false means "no password chosen yet".
  const first = user?.password_set === false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t(first ? 'me.password.firstTitle' : 'me.password.title')}</CardTitle>
        <CardDescription>{t(first ? 'me.password.firstHint' : 'me.password.hint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {user ? <PasswordForm key={String(first)} username={user.username} firstPassword={first} /> : null}
      </CardContent>
    </Card>
  );
}
