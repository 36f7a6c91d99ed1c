import { useQuery } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import type * as React from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/forms/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';

/**
 * The image captcha of the login, register and find-password forms (moredoc-facts §17): an SVG data URI from the
 * server, a new one on click and after every failed submit (the server consumes an answer once). Reports the captcha
 * id so the form sends it with the answer.
 */
export function useCaptcha(type: 'login' | 'register' | 'find_password', enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.user.captcha.queryOptions({ type }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function CaptchaField({
  captcha,
  onId,
  error,
  inputProps,
}: {
  captcha: ReturnType<typeof useCaptcha>;
  onId: (id: string) => void;
  error?: string;
  inputProps: React.ComponentProps<'input'>;
}) {
  const { t } = useTranslation();
  const id = captcha.data?.id ?? '';
  useEffect(() => onId(id), [id, onId]);
  if (captcha.data && !captcha.data.enable) return null;
  return (
    <Field label={t('auth.captcha.label')} htmlFor="captcha" error={error}>
      <div className="flex items-stretch gap-2">
        <Input
          id="captcha"
          autoComplete="off"
          inputMode="text"
          placeholder={t('auth.captcha.placeholder')}
          aria-invalid={!!error}
          className="h-10 flex-1"
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => void captcha.refetch()}
          title={t('auth.captcha.refresh')}
          aria-label={t('auth.captcha.refresh')}
          className="relative flex h-10 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-[#f5f7fa]"
          data-testid="captcha-image"
        >
          {captcha.isFetching && !captcha.data ? (
            <Skeleton className="size-full rounded-none" />
          ) : captcha.isError ? (
            <span className="flex items-center gap-1 px-1 text-destructive text-xs">
              <RefreshCwIcon className="size-3" />
              {t('auth.captcha.failed')}
            </span>
          ) : captcha.data?.captcha ? (
            <img src={captcha.data.captcha} alt={t('auth.captcha.label')} className="size-full object-contain" />
          ) : null}
        </button>
      </div>
    </Field>
  );
}
