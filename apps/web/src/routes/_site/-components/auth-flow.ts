import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { AuthDTO } from '@wenku/shared';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { safeRedirect } from '@/components/layout/front-check';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useTranslation } from '@/i18n/react';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { completeSignIn } from '@/lib/auth';
import { useTRPCClient } from '@/lib/trpc';

/**
 * What sign-in and registration do with the server's answer (spec §4, §8): store the session, load permissions (a
 * failure there does not undo the sign-in), go to the redirect; on failure mark fields, toast the server's message
 * and start a fresh captcha.
 */
export function useAuthFlow<V extends FieldValues>(opts: {
  form: UseFormReturn<V, unknown, unknown>;
  captcha: { on: boolean; refetch: () => unknown };
  redirect: string | undefined;
  /**
   * Replaces the default sign-in (store, load permissions, go to the redirect): the third-party binding signs in
   * and then binds before going anywhere (moredoc-pro-facts §7.4).
   */
  onAuth?: (auth: AuthDTO) => Promise<void>;
}) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return {
    async signedIn(auth: AuthDTO, successText: string, fallbackPath: string) {
      if (opts.onAuth) {
        await opts.onAuth(auth);
        return;
      }
      try {
        await completeSignIn(client, auth);
      } catch (e) {
        toast.error(errorMessage(e, t('error.permissions')));
      }
      await queryClient.invalidateQueries();
      toast.success(successText);
      await navigate({ href: safeRedirect(opts.redirect, fallbackPath), replace: true });
    },
    failed(e: unknown, fallbackText: string) {
      for (const [field, message] of Object.entries(fieldErrors(e))) {
        if (field in opts.form.getValues()) opts.form.setError(field as never, { message });
      }
      toast.error(errorMessage(e, fallbackText));
      if (opts.captcha.on) {
        opts.form.setValue('captcha' as never, '' as never);
        void opts.captcha.refetch();
      }
    },
  };
}
