import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { AccountStatus, ROOT_USER_ID, type UserDTO } from '@wenku/shared';
import { KeyRoundIcon, PlusIcon, Trash2Icon, UserPenIcon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { DataTable, queryTableState } from '@/components/admin/data-table';
import { formatDateTime } from '@/components/admin/format';
import { SelectInput } from '@/components/admin/inputs';
import { compact, LIST_DEFAULTS, listSearchSchema, optionalNumber } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Button } from '@/components/ui/button';
import { Avatar, Badge } from '@/components/ui/misc';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import {
  ALL_GROUPS,
  CreateUserDialog,
  DeleteUsersDialog,
  ProfileDialog,
  SetUserDialog,
  StatusBadge,
} from './-components/user-dialogs';

const searchSchema = listSearchSchema.extend({ group_id: optionalNumber, status: optionalNumber });
type Search = ReturnType<typeof searchSchema.parse>;

const toInput = (s: Search) =>
  compact({
    page: s.page,
    size: s.size,
    wd: s.wd,
    order: s.order,
    group_id: s.group_id ? [s.group_id] : undefined,
    status: s.status !== undefined ? [s.status] : undefined,
  });

export const Route = createFileRoute('/admin/user/list')({
  validateSearch: searchSchema,
  // The defaults stay out of the URL.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
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
  | { kind: 'delete'; users: UserDTO[]; done?: () => void }
  | null;

function UserListPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const me = useSession().user;
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<Search>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as Search, replace: true });

  const users = useQuery({ ...trpc.user.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const groups = useQuery(trpc.group.list.queryOptions(ALL_GROUPS));
  const groupById = React.useMemo(() => new Map((groups.data?.group ?? []).map((g) => [g.id, g])), [groups.data]);
  const rows = React.useMemo(() => users.data?.user.filter((u): u is UserDTO => 'email' in u), [users.data]);
  const [dialog, setDialog] = React.useState<Dialog>(null);
  const close = () => setDialog(null);

  const columns = React.useMemo<ColumnDef<UserDTO>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'ID', enableSorting: true, meta: { className: 'w-16' } },
      {
        id: 'username',
        accessorKey: 'username',
        header: t('admin.user.username'),
        enableSorting: true,
        cell: ({ row: { original: u } }) => (
          <div className="flex items-center gap-2">
            <Avatar src={u.avatar || undefined} name={u.username} size={32} />
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
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.common.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: u } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(u.created_at)}</span>
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: u } }) => (
          <div className="flex justify-end gap-1">
            {can('UserAPI.SetUser') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                title={t('admin.user.set')}
                aria-label={t('admin.user.set')}
                onClick={() => setDialog({ kind: 'set', user: u })}
              >
                <KeyRoundIcon />
              </Button>
            ) : null}
            {can('UserAPI.UpdateUserProfile') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                title={t('admin.user.editProfile')}
                aria-label={t('admin.user.editProfile')}
                onClick={() => setDialog({ kind: 'profile', user: u })}
              >
                <UserPenIcon />
              </Button>
            ) : null}
            {can('UserAPI.DeleteUser') && u.id !== ROOT_USER_ID && u.id !== me?.id ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                title={t('delete')}
                aria-label={t('delete')}
                onClick={() => setDialog({ kind: 'delete', users: [u] })}
              >
                <Trash2Icon />
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [t, can, groupById, me?.id],
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
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon />
            {t('admin.user.create')}
          </Button>
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
        {...queryTableState(users)}
        total={users.data?.total}
        page={search.page}
        size={search.size}
        onPageChange={(page, size) => navigate({ search: (s) => ({ ...s, page, size }) })}
        order={search.order}
        onOrderChange={(order) => setSearch({ order })}
        selectable={can('UserAPI.DeleteUser') ? (u) => u.id !== ROOT_USER_ID && u.id !== me?.id : false}
        bulkActions={(selected, clear) => (
          <Button
            variant="destructive"
            size="sm"
            onClick={() => setDialog({ kind: 'delete', users: selected, done: clear })}
          >
            <Trash2Icon />
            {t('admin.common.bulkDelete')}
          </Button>
        )}
        minWidth={1080}
      />
      {dialog?.kind === 'create' ? <CreateUserDialog groups={groups.data?.group ?? []} onClose={close} /> : null}
      {dialog?.kind === 'set' ? (
        <SetUserDialog user={dialog.user} groups={groups.data?.group ?? []} onClose={close} />
      ) : null}
      {dialog?.kind === 'profile' ? <ProfileDialog user={dialog.user} onClose={close} /> : null}
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
