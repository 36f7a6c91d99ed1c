import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { GroupDTO } from '@wenku/shared';
import { ShieldCheckIcon } from 'lucide-react';
import * as React from 'react';
import {
  BulkDeleteButton,
  CreateButton,
  DeleteAction,
  EditAction,
  RowActionGap,
  RowActions,
} from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, createdAtColumn, idColumn, sortColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { compact, listRouteOptions, listSearchSchema } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/misc';
import { GROUP_FLAGS, GroupFormDrawer } from './-components/group-form';
import { PermissionPicker } from './-components/permission-picker';

export const Route = createFileRoute('/admin/user/group')({
  ...listRouteOptions(listSearchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.group.list.queryOptions(compact(deps))),
  component: GroupPage,
});

/** The default role and roles with members cannot be deleted (moredoc-facts §18.7). */
const deletable = (g: GroupDTO) => !g.is_default && g.user_count === 0;

type Editing = { kind: 'form'; group: GroupDTO | null } | { kind: 'permission'; group: GroupDTO } | null;

function GroupPage() {
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const groups = useQuery({ ...trpc.group.list.queryOptions(compact(search)), placeholderData: keepPreviousData });
  const [editing, setEditing] = React.useState<Editing>(null);

  const invalidate = useInvalidate(trpc.group.pathFilter());
  const askDelete = useConfirmedDelete<GroupDTO>({
    title: t('admin.group.deleteTitle'),
    description: (rows) =>
      t('admin.group.deleteConfirm', { names: rows.map((g) => g.title).join(t('admin.common.separator')) }),
    remove: (id) => client.group.delete.mutate({ id }),
    refresh: invalidate,
  });
  const columns = React.useMemo<ColumnDef<GroupDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'title',
        header: t('admin.group.title'),
        cell: ({ row: { original: g } }) => (
          <div className="flex items-center gap-1.5 whitespace-nowrap">
            <Badge variant="outline" style={g.color ? { color: g.color, borderColor: g.color } : undefined}>
              {g.title}
            </Badge>
            {g.is_default ? <Badge variant="secondary">{t('admin.group.default')}</Badge> : null}
          </div>
        ),
      },
      {
        id: 'description',
        header: t('admin.common.description'),
        cell: ({ row: { original: g } }) => (
          <span className="line-clamp-2 min-w-28 max-w-60 text-muted-foreground text-xs">{g.description || '-'}</span>
        ),
      },
      { id: 'user_count', accessorKey: 'user_count', header: t('admin.group.userCount'), enableSorting: true },
      {
        id: 'flags',
        header: t('admin.group.capabilities'),
        cell: ({ row: { original: g } }) => (
          <div className="flex max-w-80 flex-wrap gap-1">
            {GROUP_FLAGS.filter(([k]) => k !== 'is_default' && g[k]).map(([k]) => (
              <Badge key={k} variant="secondary" className="font-normal">
                {t(`admin.group.flags.${k}`)}
              </Badge>
            ))}
          </div>
        ),
      },
      sortColumn(t, { sortable: true }),
      createdAtColumn(t),
      actionsColumn(t, (g) => (
        <RowActions>
          {can('GroupAPI.UpdateGroupPermission') ? (
            <Button variant="outline" size="sm" onClick={() => setEditing({ kind: 'permission', group: g })}>
              <ShieldCheckIcon />
              {t('admin.group.permissions')}
            </Button>
          ) : null}
          {can('GroupAPI.UpdateGroup') ? <EditAction onClick={() => setEditing({ kind: 'form', group: g })} /> : null}
          {can('GroupAPI.DeleteGroup') && deletable(g) ? (
            <DeleteAction onClick={() => askDelete([g])} />
          ) : (
            <RowActionGap />
          )}
        </RowActions>
      )),
    ],
    [t, can, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.user_group')}
      actions={
        can('GroupAPI.CreateGroup') ? (
          <CreateButton onClick={() => setEditing({ kind: 'form', group: null })}>
            {t('admin.group.create')}
          </CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} placeholder={t('admin.group.search')} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={groups.data?.group}
        getRowId={(g) => String(g.id)}
        {...tableProps(groups)}
        selectable={can('GroupAPI.DeleteGroup') ? deletable : false}
        bulkActions={(selected, clear) => <BulkDeleteButton onClick={() => askDelete(selected, clear)} />}
        minWidth={980}
      />
      {editing?.kind === 'form' ? <GroupFormDrawer group={editing.group} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'permission' ? (
        <PermissionPicker group={editing.group} onClose={() => setEditing(null)} />
      ) : null}
    </AdminPage>
  );
}
