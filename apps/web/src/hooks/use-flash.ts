import { useEffect } from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';

/**
 * A success message that survives a page reload (spec §4: logout reloads the page, spec §8: it says 退出成功).
 * Kept in sessionStorage, which logout's clearing of localStorage leaves alone.
 */
export const FLASH_KEY = 'wenku-flash';

export function setFlash(message: string) {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Without storage the message is lost with the reload; the sign-out still happens.
  }
}

export function useFlash() {
  useEffect(() => {
    let message: string | null = null;
    try {
      message = sessionStorage.getItem(FLASH_KEY);
      sessionStorage.removeItem(FLASH_KEY);
    } catch {
      return;
    }
    // Deferred so the toaster is mounted before the message arrives.
    if (message) setTimeout(() => toast.success(message), 0);
  }, []);
}
