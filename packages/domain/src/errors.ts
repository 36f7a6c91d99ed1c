import { DomainError, type ReasonLike } from '@wenku/shared';

export { DomainError, isDomainError } from '@wenku/shared';

export const notFound = (reason: ReasonLike = 'common.not_found') => new DomainError('NOT_FOUND', reason);
export const invalid = (reason: ReasonLike, field?: string) => new DomainError('VALIDATION_FAILED', reason, field);
export const conflict = (reason: ReasonLike) => new DomainError('CONFLICT', reason);
export const forbidden = (reason: ReasonLike) => new DomainError('FORBIDDEN', reason);
