import { Link } from '@tanstack/react-router';
import { FileQuestionIcon, LogInIcon, ShieldAlertIcon } from 'lucide-react';
import type * as React from 'react';
import { loginHref } from '@/components/layout/front-check';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/i18n/react';

const NOTICE_ICONS = {
  login: <LogInIcon className="size-10 text-primary" />,
  forbidden: <ShieldAlertIcon className="size-10 text-warning" />,
  missing: <FileQuestionIcon className="size-10 text-muted-foreground" />,
} satisfies Record<string, React.ReactNode>;

/**
 * A card in place of a page's form when the visitor cannot use it yet: sign in first (`login`), not allowed
 * (`forbidden`), or nothing there (`missing`), with the way out under it.
 */
export function StatusNotice({
  kind,
  title,
  description,
  action,
  testId,
}: {
  kind: keyof typeof NOTICE_ICONS;
  title: string;
  description: string;
  action: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card className="items-center gap-3 px-6 py-14 text-center" role="status" data-testid={testId}>
      {NOTICE_ICONS[kind]}
      <h2 className="font-semibold text-lg">{title}</h2>
      <p className="max-w-md text-muted-foreground text-sm">{description}</p>
      {action}
    </Card>
  );
}

/** The notice's way to the sign-in page, coming back to `redirectTo` afterwards. */
export function SignInButton({ redirectTo, children }: { redirectTo: string; children: React.ReactNode }) {
  return (
    <Button asChild>
      <a href={loginHref(redirectTo)}>{children}</a>
    </Button>
  );
}

/** The notice's way back to the home page. */
export function BackHomeButton() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline">
      <Link to="/">{t('backHome')}</Link>
    </Button>
  );
}
