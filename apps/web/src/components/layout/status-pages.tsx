import { Link } from '@tanstack/react-router';
import { FileQuestionIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { expiredLoginHref, isUnauthorized } from '@/lib/session-expiry';
import { isChunkLoadError, reloadForChunkError, sessionStorageOrUndefined } from './chunk-reload';

/** spec §8: page not found — status 404 with a message that the page could not be found. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.notFound.pageTitle'));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" data-testid="not-found">
      <FileQuestionIcon className="size-14 text-muted-foreground/60" aria-hidden />
      <p className="mt-4 font-bold text-6xl text-primary tracking-tight">{t('shell.notFound.code')}</p>
      <h1 className="mt-2 font-semibold text-xl">{t('shell.notFound.status')}</h1>
      <p className="mt-2 text-muted-foreground">{t('notFound.message')}</p>
      <Button asChild className="mt-6">
        <Link to="/">{t('backHome')}</Link>
      </Button>
    </div>
  );
}

/**
 * spec §2 error page: the message and a 返回首页 button. A failed code chunk (a new deployment replaced the files)
 * reloads the page instead, at most once per minute (spec §4).
 */
export function ErrorPage({ error, reset }: { error: unknown; reset?: () => void }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadForChunkError(sessionStorageOrUndefined(), Date.now(), () => window.location.reload());
  }, [chunk]);
  const message = errorMessage(error);
  if (isUnauthorized(error)) {
    // An ended session or a page for members only: sign in, then back here; never the server's raw text.
    const href = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" role="alert">
        <h1 className="font-semibold text-xl">{t('auth.login.expired')}</h1>
        <Button asChild className="mt-6">
          <a href={expiredLoginHref(href)}>{t('auth.login.title')}</a>
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" role="alert">
      <TriangleAlertIcon className="size-14 text-destructive/70" aria-hidden />
      <h1 className="mt-4 font-semibold text-xl">{t('errorPage.title')}</h1>
      <p className="mt-2 break-words text-muted-foreground">{message}</p>
      <div className="mt-6 flex gap-2">
        <Button asChild>
          <a href="/" onClick={() => reset?.()}>
            {t('backHome')}
          </a>
        </Button>
        {chunk ? (
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t('shell.error.reload')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
