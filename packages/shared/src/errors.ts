import {
  type MessageLanguage,
  type Reason,
  type ReasonKey,
  type ReasonLike,
  reasonText,
  toReason,
  type WireParams,
  wireParams,
} from './reasons/index.ts';

/** The one error type of the product (ARCHITECTURE.md rule 5): a closed code set, a reason key and its parameters. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'FEATURE_DISABLED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  FEATURE_DISABLED: 403,
  INTERNAL: 500,
};

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * A failure a client can tell apart without reading its text: the closed code (the HTTP status), the reason by stable
 * key with its parameters (reasons/), and the field it concerns. `message` is the Chinese text (logs, old clients);
 * the edges render it in the caller's language with `inLanguage`.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly reason: Reason;
  readonly field?: string;

  constructor(code: ErrorCode, reason: ReasonLike, field?: string) {
    const r = toReason(reason);
    super(reasonText(r));
    this.name = 'DomainError';
    this.code = code;
    this.reason = r;
    this.field = field;
  }

  /** The field issues in Chinese, as before reasons. */
  get fields(): FieldIssue[] | undefined {
    return this.field ? [{ field: this.field, message: this.message }] : undefined;
  }

  /** What the wire carries, worded in `lang`: the message, the reason's key and parameters, the field. */
  inLanguage(lang: MessageLanguage = 'zh-CN'): WireDomainError {
    const message = reasonText(this.reason, lang);
    const params = wireParams(this.reason, lang);
    return {
      code: this.code,
      message,
      ...(this.field ? { fields: [{ field: this.field, message }] } : {}),
      reason: this.reason.key,
      ...(params ? { params } : {}),
    };
  }
}

/** A domain error as the wire carries it (tRPC `data.wenku`, REST body): moredoc's `{code, message}` and more. */
export interface WireDomainError {
  code: ErrorCode;
  message: string;
  fields?: FieldIssue[];
  reason: ReasonKey;
  params?: WireParams;
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
