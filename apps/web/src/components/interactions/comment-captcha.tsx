import { useQuery } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';

/**
 * The image captcha of the comment form when `security.enable_captcha_comment` is on (moredoc-facts §10, §17). The
 * server consumes an answer once, right or wrong, so the form asks for a new one after every submit.
 */
export function useCommentCaptcha(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.user.captcha.queryOptions({ type: 'comment' }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function CommentCaptcha({
  captcha,
  id,
  error,
  inputProps,
}: {
  captcha: ReturnType<typeof useCommentCaptcha>;
  id: string;
  error?: string;
  inputProps: React.ComponentProps<'input'>;
}) {
  const { t } = useTranslation();
  if (captcha.data && !captcha.data.enable) return null;
  return (
    <div className="grid gap-1">
      <div className="flex items-stretch gap-2">
        <Input
          id={id}
          autoComplete="off"
          placeholder={t('interaction.comment.captchaPlaceholder')}
          aria-label={t('interaction.comment.captcha')}
          aria-invalid={!!error}
          className="h-10 min-w-0 flex-1 sm:max-w-56"
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => void captcha.refetch()}
          title={t('interaction.comment.captchaRefresh')}
          aria-label={t('interaction.comment.captchaRefresh')}
          className="relative flex h-10 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-[#f5f7fa]"
          data-testid="comment-captcha-image"
        >
          {captcha.isFetching && !captcha.data ? (
            <Skeleton className="size-full rounded-none" />
          ) : captcha.isError ? (
            <span className="flex items-center gap-1 px-1 text-destructive text-xs">
              <RefreshCwIcon className="size-3" />
              {t('interaction.comment.captchaFailed')}
            </span>
          ) : captcha.data?.captcha ? (
            <img
              src={captcha.data.captcha}
              alt={t('interaction.comment.captcha')}
              className="size-full object-contain"
            />
          ) : null}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
