import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { AccountStatus, ROOT_USER_ID, type UserDTO } from '@wenku/shared';
import { CoinsIcon, KeyRoundIcon, UserPenIcon } from 'lucide-react';
import * as React from 'react';
import { BulkDeleteButton, CreateButton, DeleteAction, RowAction, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, createdAtColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { SelectInput } from '@/components/admin/inputs';
import {
  listParam,
  listRouteOptions,
  listSearchSchema,
  optionalNumber,
  toListInput,
} from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/misc';
import { formatDateTime } from '@/lib/dates';
import { z } from '@/lib/search-schema';
import { useSession } from '@/lib/session';
import { RechargeDrawer } from './-components/recharge-drawer';
import {
  ALL_GROUPS,
  CreateUserDialog,
  DeleteUsersDialog,
  ProfileDialog,
  SetUserDialog,
  StatusBadge,
} from './-components/user-dialogs';

const searchSchema = z.extend(listSearchSchema, { group_id: optionalNumber, status: optionalNumber });
const toInput = (s: z.output<typeof searchSchema>) =>
  toListInput(s, { group_id: s.group_id ? [s.group_id] : undefined, status: listParam(s.status) });

export const Route = createFileRoute('/admin/user/list')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    Promise.all([
      queryClient.prefetchQuery(trpc.user.list.queryOptions(toInput(deps))),
      queryClient.prefetchQuery(trpc.group.list.queryOptions(ALL_GROUPS)),
    ]),
  component: UserListPage,
});

type Dialog =
  | { kind: 'create' }
  | { kind: 'set'; user: UserDTO }
  | { kind: 'profile'; user: UserDTO }
  | { kind: 'recharge'; user: UserDTO }
  | { kind: 'delete'; users: UserDTO[]; done?: () => void }
  | null;

function UserListPage() {
  const me = useSession().user;
  const { t, trpc, can, search, setSearch, tableProps } = useAdminList(Route);

  const users = useQuery({ ...trpc.user.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const groups = useQuery(trpc.group.list.queryOptions(ALL_GROUPS));
  const groupById = React.useMemo(() => new Map((groups.data?.group ?? []).map((g) => [g.id, g])), [groups.data]);
  const rows = React.useMemo(() => users.data?.user.filter((u): u is UserDTO => 'email' in u), [users.data]);
  const [dialog, setDialog] = React.useState<Dialog>(null);
  const close = () => setDialog(null);
  // The first administrator and the signed-in admin themself cannot be deleted.
  const deletable = React.useCallback((u: UserDTO) => u.id !== ROOT_USER_ID && u.id !== me?.id, [me?.id]);

  const columns = React.useMemo<ColumnDef<UserDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'username',
        accessorKey: 'username',
        header: t('admin.user.username'),
        enableSorting: true,
        cell: ({ row: { original: u } }) => (
          <div className="flex items-center gap-2">
            <UserAvatar user={u} size={32} />
            <div className="min-w-0">
              <div className="truncate font-medium">{u.username}</div>
              {u.realname ? <div className="truncate text-muted-foreground text-xs">{u.realname}</div> : null}
            </div>
          </div>
        ),
      },
      {
        id: 'contact',
        header: t('admin.user.contact'),
        cell: ({ row: { original: u } }) => (
          <div className="grid text-xs">
            <span className="truncate">{u.email || '-'}</span>
            <span className="truncate text-muted-foreground">{u.mobile || '-'}</span>
          </div>
        ),
      },
      {
        id: 'groups',
        header: t('admin.user.groups'),
        cell: ({ row: { original: u } }) => (
          <div className="flex flex-wrap gap-1">
            {u.group_id.map((id) => {
              const g = groupById.get(id);
              return (
                <Badge
                  key={id}
                  variant="outline"
                  style={g?.color ? { color: g.color, borderColor: g.color } : undefined}
                >
                  {g?.title ?? `#${id}`}
                </Badge>
              );
            })}
          </div>
        ),
      },
      {
        id: 'status',
        header: t('admin.user.statusLabel'),
        cell: ({ row: { original: u } }) => <StatusBadge status={u.status} />,
      },
      { id: 'credit_count', accessorKey: 'credit_count', header: t('admin.user.credit'), enableSorting: true },
      { id: 'doc_count', accessorKey: 'doc_count', header: t('admin.user.docCount'), enableSorting: true },
      {
        id: 'login_at',
        accessorKey: 'login_at',
        header: t('admin.user.loginAt'),
        enableSorting: true,
        cell: ({ row: { original: u } }) => (
          <div className="grid whitespace-nowrap text-xs">
            <span>{formatDateTime(u.login_at) || '-'}</span>
            {u.last_login_ip ? <span className="text-muted-foreground">{u.last_login_ip}</span> : null}
          </div>
        ),
      },
      createdAtColumn(t, { sortable: true }),
      actionsColumn(t, (u) => (
        <RowActions>
          {can('UserAPI.SetUser') ? (
            <RowAction label={t('admin.user.set')} onClick={() => setDialog({ kind: 'set', user: u })}>
              <KeyRoundIcon />
            </RowAction>
          ) : null}
          {can('UserAPI.UpdateUserProfile') ? (
            <RowAction label={t('admin.user.editProfile')} onClick={() => setDialog({ kind: 'profile', user: u })}>
              <UserPenIcon />
            </RowAction>
          ) : null}
          {can('OrderAPI.SystemRecharge') ? (
            <RowAction label={t('admin.recharge.action')} onClick={() => setDialog({ kind: 'recharge', user: u })}>
              <CoinsIcon />
            </RowAction>
          ) : null}
          {can('UserAPI.DeleteUser') && deletable(u) ? (
            <DeleteAction onClick={() => setDialog({ kind: 'delete', users: [u] })} />
          ) : null}
        </RowActions>
      )),
    ],
    [t, can, groupById, deletable],
  );

  const groupOptions = (groups.data?.group ?? []).map((g) => ({ value: String(g.id), label: g.title }));
  const statusOptions = Object.values(AccountStatus).map((s) => ({
    value: String(s),
    label: t(`admin.user.status.${s}`),
  }));

  return (
    <AdminPage
      title={t('admin.menu.user_list')}
      actions={
        can('UserAPI.AddUser') ? (
          <CreateButton onClick={() => setDialog({ kind: 'create' })}>{t('admin.user.create')}</CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('admin.user.searchPlaceholder')}
        />
        <SelectInput
          aria-label={t('admin.user.groups')}
          className="w-full sm:w-40"
          value={search.group_id ? String(search.group_id) : ''}
          onChange={(v) => setSearch({ group_id: v ? Number(v) : undefined })}
          emptyLabel={t('admin.user.allGroups')}
          options={groupOptions}
        />
        <SelectInput
          aria-label={t('admin.user.statusLabel')}
          className="w-full sm:w-36"
          value={search.status !== undefined ? String(search.status) : ''}
          onChange={(v) => setSearch({ status: v === '' ? undefined : Number(v) })}
          emptyLabel={t('admin.user.allStatus')}
          options={statusOptions}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(u) => String(u.id)}
        {...tableProps(users)}
        selectable={can('UserAPI.DeleteUser') ? deletable : false}
        bulkActions={(selected, clear) => (
          <BulkDeleteButton onClick={() => setDialog({ kind: 'delete', users: selected, done: clear })} />
        )}
        minWidth={1080}
      />
      {dialog?.kind === 'create' ? <CreateUserDialog groups={groups.data?.group ?? []} onClose={close} /> : null}
      {dialog?.kind === 'set' ? (
        <SetUserDialog user={dialog.user} groups={groups.data?.group ?? []} onClose={close} />
      ) : null}
      {dialog?.kind === 'profile' ? <ProfileDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'recharge' ? <RechargeDrawer user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUsersDialog
          users={dialog.users}
          onClose={close}
          onDeleted={() => {
            dialog.done?.();
            close();
          }}
        />
      ) : null}
    </AdminPage>
  );
}
