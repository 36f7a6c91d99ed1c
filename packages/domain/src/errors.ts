import { DomainError, MESSAGES } from '@wenku/shared';

export { DomainError, isDomainError, MESSAGES } from '@wenku/shared';

export const notFound = (message: string = MESSAGES.notFound) => new DomainError('NOT_FOUND', message);
export const invalid = (message: string, field?: string) =>
  new DomainError('VALIDATION_FAILED', message, field ? [{ field, message }] : undefined);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
