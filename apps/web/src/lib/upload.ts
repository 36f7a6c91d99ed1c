import { HTTP_TIMEOUT_MS } from '@wenku/shared';
import i18n from '@/i18n';
import { session } from './session';

export type ImageKind = 'avatar' | 'banner' | 'category' | 'config' | 'article';

/** Uploads one image to `/api/v1/upload/{kind}` and returns its public path (moredoc-facts §19.1). */
export async function uploadImage(kind: ImageKind, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { token } = session.get();
  const res = await fetch(`/api/v1/upload/${kind}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS * 4),
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; data?: { path?: string } };
  if (!res.ok || !body.data?.path)
    throw new Error(body.message || `${res.status} ${res.statusText}` || i18n.t('error.generic'));
  return body.data.path;
}
