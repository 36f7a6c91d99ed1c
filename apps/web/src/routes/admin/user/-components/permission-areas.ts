import { PERMISSION_AREA_LABELS, type PermissionDTO } from '@wenku/shared';

/**
 * The area a permission belongs to (moredoc-pro-facts §11.1): `GRPC /api.v1.X/Y` → `api.v1.X`; plain HTTP
 * permissions by the path segment after /api/v1/ (`POST /api/v1/upload/banner` → `upload`).
 */
export function permissionArea(p: Pick<PermissionDTO, 'method' | 'path'>): string {
  if (p.method === 'GRPC') return /^\/(api\.v1\.[A-Za-z0-9_]+)\//.exec(p.path)?.[1] ?? 'other';
  const m = /^\/api\/v1\/([^/]+)/.exec(p.path);
  return m?.[1] ?? 'other';
}

const AREA_ORDER = Object.keys(PERMISSION_AREA_LABELS);

/** Groups permissions by area, areas in the catalogue's order and unknown ones after them by name. */
export function groupByArea(perms: readonly PermissionDTO[]): { area: string; items: PermissionDTO[] }[] {
  const map = new Map<string, PermissionDTO[]>();
  for (const p of perms) {
    const a = permissionArea(p);
    map.set(a, [...(map.get(a) ?? []), p]);
  }
  const rank = (a: string) => {
    const i = AREA_ORDER.indexOf(a);
    return i === -1 ? AREA_ORDER.length : i;
  };
  return [...map.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([area, items]) => ({ area, items }));
}
