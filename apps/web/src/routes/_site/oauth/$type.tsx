import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import type { AuthDTO, OauthLoginDTO, PendingOauthDTO } from '@wenku/shared';
import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useOauthProviders } from '@/components/oauth/oauth-buttons';
import { oauthTypeFromParam } from '@/components/oauth/oauth-rules';
import { redirectAfterOauth, useOauthSignedIn } from '@/components/oauth/use-oauth-sign-in';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/member';
import { errorMessage } from '@/lib/api-error';
import { loadAccess } from '@/lib/auth';
import { formMessage, isPlainReason } from '@/lib/form-message';
import { reasonsReady } from '@/lib/reasons';
import { optionalStringOrNumber, z } from '@/lib/search-schema';
import { session } from '@/lib/session';
import { useTRPCClient } from '@/lib/trpc';
import { OauthBindPanel } from './-components/oauth-bind-panel';

// Typed links only: the page reads the raw query (a numeric code must not lose digits to the router's parser).
const text = optionalStringOrNumber();
const searchSchema = z.object({ code: text, state: text, error: text });

export const Route = createFileRoute('/_site/oauth/$type')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
  component: OauthCallbackPage,
});

/**
 * A code is single-use: one login call per code for the life of the page, so React StrictMode's second effect (or a
 * remount) reuses the first call's answer instead of spending the code again.
 */
const logins = new Map<string, Promise<OauthLoginDTO>>();

type View =
  | { kind: 'signing' }
  | { kind: 'binding' }
  | { kind: 'bind'; oauth: PendingOauthDTO }
  | { kind: 'error'; message: string; signedIn?: boolean };

function readPending(key: string): PendingOauthDTO | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as PendingOauthDTO) : null;
  } catch {
    return null;
  }
}

function writePending(key: string, oauth: PendingOauthDTO) {
  try {
    sessionStorage.setItem(key, JSON.stringify(oauth));
  } catch {
    // Private mode: a reload then shows the server's refusal of the spent code.
  }
}

function rawQuery(): URLSearchParams {
  return new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
}

/**
 * /oauth/{type} (moredoc-pro-facts §7.3): the provider's return. An `error` (the server refused to start) or a
 * missing code is shown; otherwise `POST /oauth/login {code, state, oauth_type}` once: a bound identity signs in;
 * an unbound one is bound at once for a signed-in member (绑定中...), else the card 完善用户信息 asks to log in or
 * register and binds afterwards (§7.4).
 */
function OauthCallbackPage() {
  const { t } = useTranslation();
  const { type: param } = Route.useParams();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = useOauthSignedIn();
  const { all } = useOauthProviders();
  const type = oauthTypeFromParam(param, all);
  const providerName = all.find((c) => c.type === type)?.name ?? param;
  const [view, setView] = React.useState<View>({ kind: 'signing' });
  usePageTitle(view.kind === 'bind' ? t('oauth.bind.pageTitle', { type: param }) : t('oauth.callback.signingIn'));

  // StrictMode runs the effect twice: one toast per message.
  const toasted = React.useRef('');
  const fail = React.useCallback((message: string, alreadySignedIn = false) => {
    if (toasted.current !== message) toast.error(message);
    toasted.current = message;
    setView({ kind: 'error', message, signedIn: alreadySignedIn });
  }, []);

  /** Binds the pending identity to the member whose token the session now holds, then leaves. */
  const bind = React.useCallback(
    async (oauth: PendingOauthDTO) => {
      setView({ kind: 'binding' });
      try {
        await client.oauth.bind.mutate({ openid: oauth.openid, oauth_type: oauth.oauth_type, session: oauth.session });
      } catch (e) {
        fail(errorMessage(e, t('oauth.bind.failed')), true);
        return;
      }
      await queryClient.invalidateQueries();
      toast.success(t('oauth.bind.success'));
      await navigate({ href: redirectAfterOauth('/me/profile?tab=oauth'), replace: true });
    },
    [client, queryClient, navigate, fail, t],
  );

  const signedInRef = React.useRef(signedIn);
  signedInRef.current = signedIn;
  const bindRef = React.useRef(bind);
  bindRef.current = bind;

  React.useEffect(() => {
    const q = rawQuery();
    const error = q.get('error');
    const code = q.get('code')?.trim() ?? '';
    // Anyone can link here with any `error` text, so the page never shows it: a known reason without parameters is
    // worded in the reader's language, anything else (a provider's own error code, a forged text) is a plain failure.
    const reason = q.get('reason') ?? '';
    if (error !== null) {
      // Judged once the catalogue is here (it loads with this page's forms).
      let live = true;
      void reasonsReady().then(() => {
        if (live) fail(isPlainReason(reason) ? formMessage(reason) : t('oauth.callback.loginFailed'));
      });
      return () => {
        live = false;
      };
    }
    if (type === null) return fail(t('oauth.callback.unknownType'));
    if (!code) return fail(t('oauth.callback.codeRequired'));
    // A reload of the 完善用户信息 card must not spend the code again: the pending identity is kept for this tab.
    const pendingKey = `wenku_oauth_pending:${code}`;
    const kept = readPending(pendingKey);
    let call = logins.get(code) ?? (kept ? Promise.resolve<OauthLoginDTO>({ oauth: kept }) : undefined);
    if (!call) {
      call = client.oauth.login.mutate({ code, state: q.get('state') ?? '', oauth_type: type });
      logins.set(code, call);
    }
    let live = true;
    call.then(
      (answer) => {
        if (!live) return;
        if (answer.token && answer.user) void signedInRef.current({ token: answer.token, user: answer.user });
        else if (answer.oauth) {
          if (session.get().token) void bindRef.current(answer.oauth);
          else {
            writePending(pendingKey, answer.oauth);
            setView({ kind: 'bind', oauth: answer.oauth });
          }
        } else fail(t('oauth.callback.loginFailed'));
      },
      (e: unknown) => {
        if (live) fail(errorMessage(e, t('oauth.callback.loginFailed')));
      },
    );
    return () => {
      live = false;
    };
  }, [client, type, fail, t]);

  /** After 登录并绑定 / 注册并绑定: the new session first (so the bind call carries its token), then bind. */
  const onAuth = React.useCallback(
    async (auth: AuthDTO) => {
      if (view.kind !== 'bind') return;
      session.setAuth(auth.user, auth.token);
      try {
        await loadAccess(client);
      } catch (e) {
        toast.error(errorMessage(e, t('error.permissions')));
      }
      await bind(view.oauth);
    },
    [view, client, bind, t],
  );

  return (
    <div className="flex justify-center px-4 py-8 md:py-14">
      <Card className="w-full max-w-[640px] gap-5 py-6 shadow-lg" data-testid="oauth-card">
        {view.kind === 'bind' ? (
          <>
            <CardHeader className="px-5 text-center sm:px-6">
              <CardTitle className="text-xl">{t('oauth.bind.title')}</CardTitle>
            </CardHeader>
            <CardContent className="px-5 sm:px-6">
              <OauthBindPanel oauth={view.oauth} providerName={providerName} onAuth={onAuth} />
            </CardContent>
          </>
        ) : view.kind === 'error' ? (
          <CardContent className="flex flex-col items-center gap-4 px-6 py-6 text-center" role="alert">
            <CircleAlertIcon className="size-10 text-destructive" aria-hidden />
            <p className="font-medium">{t('oauth.callback.failedTitle')}</p>
            <p className="text-muted-foreground text-sm" data-testid="oauth-error">
              {view.message}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              {view.signedIn ? (
                <Button asChild variant="outline">
                  <Link to="/me/profile" search={{ tab: 'oauth' }}>
                    {t('oauth.manage.tab')}
                  </Link>
                </Button>
              ) : (
                <Button asChild variant="outline">
                  <Link to="/login">{t('oauth.callback.backToLogin')}</Link>
                </Button>
              )}
              <Button asChild variant="ghost">
                <Link to="/">{t('backHome')}</Link>
              </Button>
            </div>
          </CardContent>
        ) : (
          <CardContent className="flex flex-col items-center gap-3 px-6 py-10" role="status" aria-live="polite">
            <LoaderCircleIcon className="size-8 animate-spin text-primary" aria-hidden />
            <p className="text-muted-foreground">
              {view.kind === 'binding' ? t('oauth.callback.binding') : t('oauth.callback.signingIn')}
            </p>
          </CardContent>
        )}
      </Card>
    </div>
  );
}
