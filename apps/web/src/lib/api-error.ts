import { TRPCClientError } from '@trpc/client';
import i18n from '@/i18n';
import { localizeMessage, type NameTranslator } from './messages';

/** spec §8: any failed response becomes a status plus data; data carries the server's message when it has one. */
export interface ApiError {
  status: number;
  data: { code?: string; message: string; fields?: { field: string; message: string }[] };
}

interface WireShape {
  httpStatus?: number;
  wenku?: { code: string; message: string; fields?: { field: string; message: string }[] };
}

export function toApiError(e: unknown): ApiError {
  if (e instanceof TRPCClientError) {
    const data = (e.data ?? {}) as WireShape;
    if (data.wenku) return { status: data.httpStatus ?? 500, data: data.wenku };
    // No body with a message: status, status text and whatever the body was.
    const status = data.httpStatus ?? 0;
    const text = status === 0 ? i18n.t('error.network') : `${status} ${e.message}`;
    return { status, data: { message: text } };
  }
  if (e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
    return { status: 0, data: { message: i18n.t('error.timeout') } };
  }
  return { status: 0, data: { message: e instanceof Error ? e.message : String(e) } };
}

/**
 * The message to show for a failure: the server's (in English for English readers, see localizeMessage), else the
 * given default of spec §8. `name` translates names the message quotes, when the caller knows them.
 */
export function errorMessage(e: unknown, fallback?: string, name?: NameTranslator): string {
  const err = toApiError(e);
  return localizeMessage(err.data.message, name) || fallback || i18n.t('error.generic');
}

/** Field errors of a VALIDATION_FAILED answer, keyed by field name, for forms. */
export function fieldErrors(e: unknown): Record<string, string> {
  return Object.fromEntries((toApiError(e).data.fields ?? []).map((f) => [f.field, f.message]));
}
