import { useQuery } from '@tanstack/react-query';
import { ImageIcon, RefreshCwIcon, Volume2Icon } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { settingBool } from '@/components/layout/site-settings';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/misc';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';

export type CaptchaFormType = 'login' | 'register' | 'find_password' | 'comment';

/** The language a spoken captcha reads its digits in: Chinese unless the page is in English. */
export const audioLanguage = (language: string): 'zh' | 'en' => (language.startsWith('en') ? 'en' : 'zh');

/**
 * One captcha challenge of a form (moredoc-facts §17): an image by default, or spoken digits after the listen button
 * (`captcha.enable_audio`). The server consumes an answer once, so `refetch` asks for a new one of the same kind
 * after every failed submit; the id goes with the answer.
 */
export function useCaptchaChallenge(type: CaptchaFormType, enabled: boolean) {
  const trpc = useTRPC();
  const { i18n } = useTranslation();
  const [audio, setAudio] = useState(false);
  const query = useQuery({
    ...trpc.user.captcha.queryOptions(audio ? { type, audio: audioLanguage(i18n.language) } : { type }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return Object.assign(query, { audio, setAudio });
}
export type CaptchaChallenge = ReturnType<typeof useCaptchaChallenge>;

/** The answer box: asks for the digits heard (numeric keyboard) in spoken mode, else for what the image shows. */
export function CaptchaAnswerInput({
  captcha,
  placeholder,
  ...props
}: React.ComponentProps<'input'> & { captcha: CaptchaChallenge; placeholder: string }) {
  const { t } = useTranslation();
  return (
    <Input
      autoComplete="off"
      inputMode={captcha.audio ? 'numeric' : 'text'}
      placeholder={captcha.audio ? t('auth.captcha.placeholderAudio') : placeholder}
      {...props}
    />
  );
}

/**
 * The challenge's box: the image (click for another), or in spoken mode a replay button with the audio playing once
 * it arrives; beside it a button switching between the two kinds when the site offers spoken captchas.
 */
export function CaptchaChallengeBox({
  captcha,
  labels,
  testId,
}: {
  captcha: CaptchaChallenge;
  labels: { captcha: string; refresh: string; failed: string };
  testId: string;
}) {
  const { t } = useTranslation();
  const audioOn = settingBool(useSiteSettings(), 'security', 'enable_captcha_audio');
  const player = useRef<HTMLAudioElement | null>(null);
  const spoken = captcha.audio && captcha.data?.captcha.startsWith('data:audio/') ? captcha.data.captcha : '';
  useEffect(() => {
    if (!spoken) return;
    const a = new Audio(spoken);
    player.current = a;
    // A browser may refuse to play before the page had a gesture; the replay button is there for that.
    a.play().catch(() => undefined);
    return () => a.pause();
  }, [spoken]);
  const box =
    'relative flex h-10 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-[#f5f7fa]';
  return (
    <>
      {captcha.audio ? (
        <button
          type="button"
          onClick={() => {
            if (player.current) {
              player.current.currentTime = 0;
              void player.current.play().catch(() => undefined);
            } else void captcha.refetch();
          }}
          className={`${box} gap-1 text-sm`}
          aria-label={t('auth.captcha.replay')}
          title={t('auth.captcha.replay')}
          data-testid={`${testId}-audio`}
        >
          {captcha.isFetching ? (
            <Skeleton className="size-full rounded-none" />
          ) : captcha.isError ? (
            <span className="px-1 text-destructive text-xs">{errorMessage(captcha.error)}</span>
          ) : (
            <>
              <Volume2Icon className="size-4" />
              {t('auth.captcha.replay')}
            </>
          )}
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void captcha.refetch()}
          title={labels.refresh}
          aria-label={labels.refresh}
          className={box}
          data-testid={testId}
        >
          {captcha.isFetching && !captcha.data ? (
            <Skeleton className="size-full rounded-none" />
          ) : captcha.isError ? (
            <span className="flex items-center gap-1 px-1 text-destructive text-xs">
              <RefreshCwIcon className="size-3" />
              {labels.failed}
            </span>
          ) : captcha.data?.captcha ? (
            <img src={captcha.data.captcha} alt={labels.captcha} className="size-full object-contain" />
          ) : null}
        </button>
      )}
      {audioOn ? (
        <button
          type="button"
          onClick={() => {
            player.current?.pause();
            player.current = null;
            captcha.setAudio(!captcha.audio);
          }}
          className="flex size-10 shrink-0 items-center justify-center rounded-md border text-muted-foreground hover:text-foreground"
          aria-label={captcha.audio ? t('auth.captcha.toImage') : t('auth.captcha.listen')}
          title={captcha.audio ? t('auth.captcha.toImage') : t('auth.captcha.listen')}
          data-testid={`${testId}-switch`}
        >
          {captcha.audio ? <ImageIcon className="size-4" /> : <Volume2Icon className="size-4" />}
        </button>
      ) : null}
    </>
  );
}
