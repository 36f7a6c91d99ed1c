import { permissionIdentity, ROOT_USER_ID, type ServiceKey, serviceIdentity } from '@wenku/shared';
import { useCallback, useMemo } from 'react';
import { useSession } from '@/lib/session';

/**
 * Whether the signed-in user holds an API procedure's permission, to hide buttons they could not use. Only a
 * convenience: every procedure checks again on the server (ARCHITECTURE.md rule 6). The identity follows from the
 * key, so public pages that ask (a document's or comment's managers) do without the permission catalogue (issue 17).
 */
export function useCan(): (key: ServiceKey) => boolean {
  const { user, permissions } = useSession();
  const held = useMemo(() => new Set(permissions.map(permissionIdentity)), [permissions]);
  return useCallback((key: ServiceKey) => user?.id === ROOT_USER_ID || held.has(serviceIdentity(key)), [user, held]);
}
