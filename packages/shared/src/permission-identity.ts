import type { ServiceKey } from './permissions.ts';

/**
 * Identity string stored per permission row and compared at runtime: `METHOD path`. Branded so that a raw string is
 * not one: code names a permission by its `PermissionKey` (`can(actor, key)`), and identities are only made here.
 * Apart from the catalogue (`permissions.ts`), so that a public page can check a member's permission without it.
 */
export type PermissionIdentity = string & { readonly __brand: 'PermissionIdentity' };

/** The identity of a permission row or definition. */
export const permissionIdentity = (p: { method: string; path: string }) =>
  `${p.method} ${p.path}` as PermissionIdentity;

/** The path of an API procedure's permission: `/api.v1.<Service>/<Name>` (moredoc-facts §7.4). */
export const servicePath = (service: string, name: string) => `/api.v1.${service}/${name}`;

/** The identity of an API procedure's permission from its key alone (`Service.Name`), without the catalogue. */
export function serviceIdentity(key: ServiceKey): PermissionIdentity {
  const [service = '', name = ''] = key.split('.');
  return permissionIdentity({ method: 'GRPC', path: servicePath(service, name) });
}
