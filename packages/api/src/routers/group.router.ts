import * as groups from '@wenku/domain/groups';
import {
  createGroupInput,
  emptyOutput,
  groupOutput,
  groupPermissionOutput,
  idInput,
  idsInput,
  listGroupsInput,
  listGroupsOutput,
  listPermissionsInput,
  listPermissionsOutput,
  permissionOutput,
  updateGroupInput,
  updateGroupPermissionInput,
  updatePermissionInput,
} from '@wenku/shared';
import { permissionProcedure, publicProcedure, router } from '../trpc.ts';

export const groupRouter = router({
  /** Anyone may list roles (moredoc-facts §7.3): titles and colours show as badges. */
  list: publicProcedure
    .input(listGroupsInput)
    .output(listGroupsOutput)
    .query(({ ctx, input }) => groups.listGroups(ctx, input)),
  get: permissionProcedure('GroupAPI.GetGroup')
    .input(idInput)
    .output(groupOutput)
    .query(({ ctx, input }) => groups.getGroup(ctx, input.id)),
  create: permissionProcedure('GroupAPI.CreateGroup')
    .input(createGroupInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => groups.saveGroup(ctx, input)),
  update: permissionProcedure('GroupAPI.UpdateGroup')
    .input(updateGroupInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => groups.saveGroup(ctx, input)),
  delete: permissionProcedure('GroupAPI.DeleteGroup')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(async ({ ctx, input }) => {
      await groups.deleteGroups(ctx, input.id);
      return {};
    }),
  getPermission: permissionProcedure('GroupAPI.GetGroupPermission')
    .input(idInput)
    .output(groupPermissionOutput)
    .query(({ ctx, input }) => groups.getGroupPermissions(ctx, input.id)),
  updatePermission: permissionProcedure('GroupAPI.UpdateGroupPermission')
    .input(updateGroupPermissionInput)
    .output(emptyOutput)
    .mutation(async ({ ctx, input }) => {
      await groups.setGroupPermissions(ctx, input.group_id, input.permission_id);
      return {};
    }),
});

export const permissionRouter = router({
  list: permissionProcedure('PermissionAPI.ListPermission')
    .input(listPermissionsInput)
    .output(listPermissionsOutput)
    .query(({ ctx, input }) => groups.listPermissions(ctx, input)),
  get: permissionProcedure('PermissionAPI.GetPermission')
    .input(idInput)
    .output(permissionOutput)
    .query(({ ctx, input }) => groups.getPermissionById(ctx, input.id)),
  update: permissionProcedure('PermissionAPI.UpdatePermission')
    .input(updatePermissionInput)
    .output(permissionOutput)
    .mutation(({ ctx, input }) => groups.updatePermission(ctx, input)),
});
