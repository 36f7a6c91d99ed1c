import type { QueryClient } from '@tanstack/react-query';
import type { AuthDTO, PermissionDTO } from '@wenku/shared';
import { session } from './session';
import type { createTrpcClient } from './trpc';

type Client = ReturnType<typeof createTrpcClient>;

/**
 * The back-office pages permissions open, from the shared permission table: loaded when permissions are, since the
 * table is not part of the public shell (issue 17).
 */
export async function loadAdminPagesOf(): Promise<(permissions: PermissionDTO[]) => string[]> {
  const { allowedAdminPages, permissionIdentity } = await import('@wenku/shared/permissions');
  return (permissions) => allowedAdminPages(permissions.map(permissionIdentity));
}

/**
 * spec §4: after sign-in or registration store user and token, then load permissions and groups (their failure
 * is reported with 获取权限失败 but does not undo the sign-in).
 */
export async function completeSignIn(client: Client, auth: AuthDTO): Promise<void> {
  session.setAuth(auth.user, auth.token);
  await loadAccess(client);
}

export async function loadAccess(client: Client): Promise<void> {
  const [perms, groups, pagesOf] = await Promise.all([
    client.user.permissions.query(),
    client.user.groups.query(),
    loadAdminPagesOf(),
  ]);
  session.setPermissions(perms.permission, pagesOf(perms.permission));
  session.setGroups(groups.group);
}

/** Re-reads the current user (after profile changes, sign-in rewards, …). */
export async function refreshUser(client: Client): Promise<void> {
  const user = await client.user.get.query({ id: 0 });
  if ('email' in user) session.setUser(user);
}

/**
 * spec §4 logout: tell the server (which revokes the token), clear the session and all local storage, reload.
 * `to` sends the page elsewhere first (the admin layout returns to /).
 */
export async function signOut(client: Client, queryClient: QueryClient, to?: string): Promise<void> {
  try {
    await client.user.logout.mutate();
  } catch {
    // Signing out locally must work even when the server is unreachable.
  }
  session.clear();
  queryClient.clear();
  if (to) window.location.assign(to);
  else window.location.reload();
}
