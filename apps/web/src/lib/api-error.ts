import { TRPCClientError } from '@trpc/client';
import i18n from '@/i18n';
import { isReasonKey, type NameTranslator, reasonMessage } from './reasons';

/** spec §8: any failed response becomes a status plus data; data carries the server's message when it has one. */
export interface ApiError {
  status: number;
  data: {
    code?: string;
    message: string;
    fields?: { field: string; message: string }[];
    /** The reason's stable key (packages/shared/src/reasons) and parameters, when the server named one. */
    reason?: string;
    params?: Record<string, string | number>;
  };
}

interface WireShape {
  httpStatus?: number;
  wenku?: ApiError['data'];
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
 * The message to show for a failure: the reason the server named, in the reader's language (`name` translates the
 * names it quotes, when the caller knows them), else the server's message (worded in the language the client asked
 * for), else the given default of spec §8.
 */
export function errorMessage(e: unknown, fallback?: string, name?: NameTranslator): string {
  const { reason, params, message } = toApiError(e).data;
  if (isReasonKey(reason)) return reasonMessage(reason, params, name);
  return message || fallback || i18n.t('error.generic');
}

/** The reason key of a failure, to tell one apart without reading its text. */
export const errorReason = (e: unknown): string | undefined => toApiError(e).data.reason;

/** Field errors of a VALIDATION_FAILED answer, keyed by field name, for forms. */
export function fieldErrors(e: unknown): Record<string, string> {
  return Object.fromEntries((toApiError(e).data.fields ?? []).map((f) => [f.field, f.message]));
}
