import * as React from 'react';
import { session } from '@/lib/session';

/**
 * An image the server hands out only with the bearer token, which an <img> cannot send: fetched with it and shown as
 * a blob URL (released when the address changes or the component goes). Nothing is fetched until `active`.
 */
export function useBearerImage(url: string, active: boolean): { src: string | null; failed: boolean } {
  const [state, setState] = React.useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  React.useEffect(() => {
    if (!active || !url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const { token } = session.get();
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [active, url]);
  return state;
}
