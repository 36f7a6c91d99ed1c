import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { GroupDTO } from '@wenku/shared';
import { PencilIcon, PlusIcon, ShieldCheckIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable, queryTableState } from '@/components/admin/data-table';
import { reportFormError } from '@/components/admin/form-errors';
import { formatDateTime } from '@/components/admin/format';
import { compact, LIST_DEFAULTS, listSearchSchema } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';
import { GROUP_FLAGS, GroupFormDrawer } from './-components/group-form';
import { PermissionPicker } from './-components/permission-picker';

type Search = ReturnType<typeof listSearchSchema.parse>;

export const Route = createFileRoute('/admin/user/group')({
  validateSearch: listSearchSchema,
  // The defaults stay out of the URL.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.group.list.queryOptions(compact(deps))),
  component: GroupPage,
});

type Editing = { kind: 'form'; group: GroupDTO | null } | { kind: 'permission'; group: GroupDTO } | null;

function GroupPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<Search>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as Search, replace: true });
  const groups = useQuery({ ...trpc.group.list.queryOptions(compact(search)), placeholderData: keepPreviousData });
  const [editing, setEditing] = React.useState<Editing>(null);

  const del = useMutation(
    trpc.group.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await queryClient.invalidateQueries(trpc.group.pathFilter());
      },
      onError: (e) => reportFormError(null, e),
    }),
  );
  const { mutateAsync: deleteGroups } = del;
  const askDelete = React.useCallback(
    (rows: GroupDTO[], done?: () => void) =>
      confirm({
        title: t('admin.group.deleteTitle'),
        description: t('admin.group.deleteConfirm', {
          names: rows.map((g) => g.title).join(t('admin.common.separator')),
        }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: async () => {
          await deleteGroups({ id: rows.map((g) => g.id) });
          done?.();
        },
      }),
    [confirm, deleteGroups, t],
  );

  const columns = React.useMemo<ColumnDef<GroupDTO>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'ID', enableSorting: true, meta: { className: 'w-16' } },
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
      { id: 'sort', accessorKey: 'sort', header: t('admin.common.sort'), enableSorting: true },
      {
        id: 'created_at',
        header: t('admin.common.createdAt'),
        cell: ({ row: { original: g } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(g.created_at)}</span>
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: g } }) => (
          <div className="flex justify-end gap-1">
            {can('GroupAPI.UpdateGroupPermission') ? (
              <Button variant="outline" size="sm" onClick={() => setEditing({ kind: 'permission', group: g })}>
                <ShieldCheckIcon />
                {t('admin.group.permissions')}
              </Button>
            ) : null}
            {can('GroupAPI.UpdateGroup') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('edit')}
                title={t('edit')}
                onClick={() => setEditing({ kind: 'form', group: g })}
              >
                <PencilIcon />
              </Button>
            ) : null}
            {/* The default role and roles with members cannot be deleted (moredoc-facts §18.7). */}
            {can('GroupAPI.DeleteGroup') && !g.is_default && g.user_count === 0 ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                aria-label={t('delete')}
                title={t('delete')}
                onClick={() => askDelete([g])}
              >
                <Trash2Icon />
              </Button>
            ) : (
              <span className="inline-block size-8" />
            )}
          </div>
        ),
      },
    ],
    [t, can, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.user_group')}
      actions={
        can('GroupAPI.CreateGroup') ? (
          <Button onClick={() => setEditing({ kind: 'form', group: null })}>
            <PlusIcon />
            {t('admin.group.create')}
          </Button>
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
        {...queryTableState(groups)}
        total={groups.data?.total}
        page={search.page}
        size={search.size}
        onPageChange={(page, size) => navigate({ search: (s) => ({ ...s, page, size }) })}
        order={search.order}
        onOrderChange={(order) => setSearch({ order })}
        selectable={can('GroupAPI.DeleteGroup') ? (g) => !g.is_default && g.user_count === 0 : false}
        bulkActions={(selected, clear) => (
          <Button variant="destructive" size="sm" onClick={() => askDelete(selected, clear)}>
            <Trash2Icon />
            {t('admin.common.bulkDelete')}
          </Button>
        )}
        minWidth={980}
      />
      {editing?.kind === 'form' ? <GroupFormDrawer group={editing.group} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'permission' ? (
        <PermissionPicker group={editing.group} onClose={() => setEditing(null)} />
      ) : null}
    </AdminPage>
  );
}
