import { useEffect } from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useTranslation } from '@/i18n/react';

/** spec §4: online or offline status is tracked; the visitor is told when it changes. */
export function useOnlineStatus() {
  const { t } = useTranslation();
  useEffect(() => {
    const offline = () => toast.warning(t('offline'), { id: 'network-status', duration: Number.POSITIVE_INFINITY });
    const online = () => toast.success(t('online'), { id: 'network-status', duration: 3000 });
    if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);
}
