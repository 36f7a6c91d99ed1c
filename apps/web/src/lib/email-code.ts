import { useEffect, useState } from 'react';

/** The server mails one code per address a minute (packages/domain/src/auth/mail-limits.ts): the button waits too. */
export const EMAIL_CODE_COOLDOWN_SECONDS = 60;

/** Whole seconds left until `until` (epoch ms), never negative. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Which step /findpassword shows: the mail's link carries `token` and `email`, which make it step two. */
export function findPasswordStep(search: { token?: string; email?: string }): 'one' | 'two' {
  return search.token?.trim() && search.email?.trim() ? 'two' : 'one';
}

/**
 * A countdown in whole seconds for a "send again" button. The timer stops at zero and on unmount (moredoc Pro's
 * never did, quirk §12.2).
 */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [until]);
  return {
    seconds: secondsLeft(until, now),
    start(seconds: number) {
      const t = Date.now();
      setNow(t);
      setUntil(t + seconds * 1000);
    },
  };
}
