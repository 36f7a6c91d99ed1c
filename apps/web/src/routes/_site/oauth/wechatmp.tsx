import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ScanStatus } from '@wenku/shared';
import { ImageOffIcon, RefreshCwIcon, ScanLineIcon, SmartphoneIcon } from 'lucide-react';
import * as React from 'react';
import { shouldPoll } from '@/components/oauth/oauth-rules';
import { useOauthSignedIn } from '@/components/oauth/use-oauth-sign-in';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/member';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';

export const Route = createFileRoute('/_site/oauth/wechatmp')({
  component: ScanLoginPage,
});

const POLL_MS = 1000;

/**
 * /oauth/wechatmp (moredoc-pro-facts §7.6, finished): a mini-program code to scan; every second the page asks for the
 * scene's status with its private ticket: 1 scanned (confirm in the mini-program), 2 signed in (stored like a
 * login), 4 expired (click to get a new code). Polling stops on unmount, on success and at the code's expiry.
 */
function ScanLoginPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const signedIn = useOauthSignedIn();
  usePageTitle(t('oauth.scan.title'));
  const code = useQuery({
    ...trpc.oauth.scanCode.queryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const [status, setStatus] = React.useState<number | null>(null);
  const data = code.data;
  const expiresAt = data ? new Date(data.expires_at).getTime() : 0;

  const refresh = () => {
    setStatus(null);
    void code.refetch();
  };

  const poll = useMutation(trpc.oauth.scanStatus.mutationOptions());
  const pollRef = React.useRef(poll.mutateAsync);
  pollRef.current = poll.mutateAsync;
  const signedInRef = React.useRef(signedIn);
  signedInRef.current = signedIn;

  React.useEffect(() => {
    if (!data || code.isFetching) return;
    let stopped = false;
    let timer: number | undefined;
    let last: number | null = null;
    const tick = async () => {
      if (stopped) return;
      if (!shouldPoll(last, expiresAt, Date.now())) {
        if (last !== ScanStatus.Confirmed) setStatus(ScanStatus.Expired);
        return;
      }
      try {
        const answer = await pollRef.current({ scene: data.scene, ticket: data.ticket });
        if (stopped) return;
        last = answer.status;
        setStatus(answer.status);
        if (answer.status === ScanStatus.Confirmed && answer.token && answer.user) {
          stopped = true;
          await signedInRef.current({ token: answer.token, user: answer.user });
          return;
        }
      } catch {
        // A failed poll (network) is retried on the next tick.
      }
      if (!stopped) timer = window.setTimeout(() => void tick(), POLL_MS);
    };
    timer = window.setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [data, expiresAt, code.isFetching]);

  // The poll loop reports the expiry itself (also when the deadline passes without an answer).
  const expired = status === ScanStatus.Expired;

  return (
    <div className="flex justify-center px-4 py-10 md:py-16">
      <Card className="w-full max-w-[300px] gap-4 py-6 shadow-lg" data-testid="scan-login">
        <CardHeader className="px-5 text-center">
          <CardTitle className="flex items-center justify-center gap-2 text-lg">
            <ScanLineIcon className="size-5 text-[#07c160]" aria-hidden />
            {t('oauth.scan.title')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid justify-items-center gap-3 px-5">
          {code.isFetching && !data ? (
            <div className="grid justify-items-center gap-2" role="status">
              <Skeleton className="size-[220px] rounded-lg" />
              <span className="text-muted-foreground text-sm">{t('oauth.scan.loading')}</span>
            </div>
          ) : code.isError || !data ? (
            <div className="grid justify-items-center gap-2">
              <button
                type="button"
                onClick={refresh}
                title={t('oauth.scan.refresh')}
                aria-label={t('oauth.scan.refresh')}
                className="flex size-[220px] flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted/40 text-muted-foreground hover:bg-muted"
                data-testid="scan-refresh"
              >
                <ImageOffIcon className="size-10" aria-hidden />
                <RefreshCwIcon className="size-4" aria-hidden />
              </button>
              <p className="text-center text-destructive text-sm" role="alert">
                {t('oauth.scan.failed', { message: code.error ? errorMessage(code.error, '') : '' })}
              </p>
            </div>
          ) : (
            <div className="relative size-[220px]">
              <img
                src={data.qrcode}
                alt={t('oauth.scan.alt')}
                className="size-full rounded-lg border bg-white object-contain"
                data-testid="scan-qrcode"
              />
              {code.isFetching ? <Skeleton className="absolute inset-0 rounded-lg opacity-80" /> : null}
              {expired ? (
                <button
                  type="button"
                  onClick={refresh}
                  className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-lg bg-background/90 px-4 text-center font-medium text-sm"
                  data-testid="scan-expired"
                >
                  <RefreshCwIcon className="size-6 text-primary" aria-hidden />
                  {t('oauth.scan.expired')}
                </button>
              ) : null}
            </div>
          )}
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm" aria-live="polite">
            <SmartphoneIcon className="size-4" aria-hidden />
            {status === ScanStatus.Scanned ? (
              <span className="text-[#07c160]" data-testid="scan-scanned">
                {t('oauth.scan.scanned')}
              </span>
            ) : (
              t('oauth.scan.help')
            )}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
