import { getPermission, type PermissionKey, permissionIdentity, ROOT_USER_ID } from '@wenku/shared';
import { useCallback, useMemo } from 'react';
import { useSession } from '@/lib/session';

/**
 * Whether the signed-in user holds a permission of the catalogue, to hide buttons they could not use. Only a
 * convenience: every procedure checks again on the server (ARCHITECTURE.md rule 6).
 */
export function useCan(): (key: PermissionKey) => boolean {
  const { user, permissions } = useSession();
  const held = useMemo(() => new Set(permissions.map(permissionIdentity)), [permissions]);
  return useCallback(
    (key: PermissionKey) => user?.id === ROOT_USER_ID || held.has(permissionIdentity(getPermission(key))),
    [user, held],
  );
}
