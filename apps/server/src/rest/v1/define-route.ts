import type { Actor } from '@wenku/domain';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One REST call of `/api/v1` mapped onto one tRPC procedure (ARCHITECTURE.md rule 4). GET and DELETE read the query
 * string (arrays as repeated keys), POST and PUT the JSON body; the procedure's zod input does the rest.
 */
export interface RestRoute {
  method: HttpMethod;
  /** Path below /api/v1, e.g. `/category/list`. */
  path: string;
  /** Dotted procedure path, or a choice made from the input and the caller. */
  procedure: string | ((input: Record<string, unknown>, actor: Actor | null) => string);
  summary: string;
}

export const route = (
  method: HttpMethod,
  path: string,
  procedure: RestRoute['procedure'],
  summary: string,
): RestRoute => ({ method, path, procedure, summary });
