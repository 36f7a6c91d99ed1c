import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { AuthDTO } from '@wenku/shared';
import { safeRedirect } from '@/components/layout/front-check';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useTranslation } from '@/i18n/areas/member';
import { errorMessage } from '@/lib/api-error';
import { completeSignIn } from '@/lib/auth';
import { session } from '@/lib/session';
import { useTRPCClient } from '@/lib/trpc';

/** The page to return to after a third-party login (spec §4: remembered unless /oauth…, default /me). */
export function redirectAfterOauth(fallback = '/me'): string {
  return safeRedirect(session.get().redirectAfterOauth, fallback);
}

/**
 * A third-party or scan login that answered `{token, user}` (moredoc-pro-facts §7.3, §7.6): store the session, load
 * permissions (their failure does not undo the sign-in), 登录成功, then the redirect-after-OAuth.
 */
export function useOauthSignedIn() {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (auth: AuthDTO) => {
    try {
      await completeSignIn(client, auth);
    } catch (e) {
      toast.error(errorMessage(e, t('error.permissions')));
    }
    await queryClient.invalidateQueries();
    toast.success(t('oauth.callback.loginSuccess'));
    await navigate({ href: redirectAfterOauth(), replace: true });
  };
}
