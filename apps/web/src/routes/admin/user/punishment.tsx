import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { BanIcon } from 'lucide-react';
import * as React from 'react';
import { CreateButton, EditAction, RowAction, RowActionGap, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, createdAtColumn, idColumn } from '@/components/admin/columns';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { listActionCallbacks, useInvalidate } from '@/components/admin/entity-mutations';
import { EnableFilter, NumberFilter } from '@/components/admin/filters';
import { listRouteOptions, oneValueFilters, optionalBool, optionalNumber } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import {
  operatorIds,
  PUNISHMENT_STATE_TONE,
  PUNISHMENT_TYPES,
  type PunishmentDTO,
  punishmentState,
  punishmentTypeKey,
} from '@/components/moderation/moderation';
import { PunishmentFormDialog } from '@/components/moderation/punishment-form';
import { UserPicker, useUserNames } from '@/components/moderation/user-picker';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/areas/moderation';
import { formatDateTime } from '@/lib/dates';
import { PunishmentOperators } from './-components/punishment-operators';

const { searchSchema, toInput } = oneValueFilters({
  type: optionalNumber,
  enable: optionalBool,
  /** The member whose punishments are listed. */
  user_id: optionalNumber,
});

export const Route = createFileRoute('/admin/user/punishment')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.punishment.list.queryOptions(toInput(deps))),
  component: PunishmentListPage,
});

type Dialog = { kind: 'create' } | { kind: 'edit'; punishment: PunishmentDTO } | null;

/** 处罚管理 (moredoc-facts §13): punish members, change or cancel punishments, see who did what. */
function PunishmentListPage() {
  const confirm = useConfirm();
  // The area's texts come with this component (issue 17), not with the route tree: `t` from the area's hook.
  const { t } = useTranslation();
  const { trpc, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({ ...trpc.punishment.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const rows = list.data?.punishment;
  const operatorNames = useUserNames(React.useMemo(() => operatorIds(rows ?? []), [rows]));
  const [dialog, setDialog] = React.useState<Dialog>(null);
  const refresh = useInvalidate(trpc.punishment.pathFilter());
  // 生效中 / 已结束 against the time the rows were read (the server evaluates expiry at each check the same way).
  const now = list.dataUpdatedAt || Date.now();

  const canCreate = can('PunishmentAPI.CreatePunishment');
  const canEdit = can('PunishmentAPI.UpdatePunishment');
  const canCancel = can('PunishmentAPI.CancelPunishment');

  const { mutateAsync: cancel } = useMutation(
    trpc.punishment.cancel.mutationOptions({
      ...listActionCallbacks(refresh, t('moderation.punishments.cancelled')),
    }),
  );
  const askCancel = React.useCallback(
    (items: PunishmentDTO[], done?: () => void) =>
      confirm({
        title: t('moderation.punishments.cancel'),
        description:
          items.length === 1 && items[0]
            ? t('moderation.punishments.cancelConfirm', {
                name: items[0].username || `#${items[0].user_id}`,
                type: t(punishmentTypeKey(items[0].type)),
              })
            : t('moderation.punishments.cancelCount', { count: items.length }),
        destructive: true,
        confirmText: t('moderation.punishments.cancel'),
        onConfirm: async () => {
          await cancel({ id: items.map((p) => p.id) });
          done?.();
        },
      }),
    [confirm, cancel, t],
  );

  const columns = React.useMemo<ColumnDef<PunishmentDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'username',
        header: t('moderation.punishments.member'),
        cell: ({ row: { original: p } }) => (
          <a
            href={`/user/${p.user_id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="whitespace-nowrap font-medium hover:text-primary hover:underline"
          >
            {p.username || `#${p.user_id}`}
          </a>
        ),
      },
      {
        id: 'type',
        accessorKey: 'type',
        header: t('moderation.punishments.type'),
        enableSorting: true,
        cell: ({ row: { original: p } }) => <span className="whitespace-nowrap">{t(punishmentTypeKey(p.type))}</span>,
      },
      {
        id: 'state',
        header: t('moderation.punishments.state'),
        cell: ({ row: { original: p } }) => {
          const state = punishmentState(p, now);
          return (
            <Badge variant={PUNISHMENT_STATE_TONE[state]} data-state={state}>
              {t(`moderation.punishments.states.${state}`)}
            </Badge>
          );
        },
      },
      {
        id: 'reason',
        header: t('moderation.punishments.reasonAndRemark'),
        meta: { className: 'min-w-40' },
        cell: ({ row: { original: p } }) => (
          <div className="grid max-w-60 gap-0.5 text-xs">
            {p.reason ? (
              <span className="line-clamp-2" title={p.reason}>
                {p.reason}
              </span>
            ) : (
              <span className="text-muted-foreground">-</span>
            )}
            {p.remark ? (
              <span className="line-clamp-1 text-muted-foreground" title={p.remark}>
                {t('moderation.punishments.remarkPrefix', { remark: p.remark })}
              </span>
            ) : null}
          </div>
        ),
      },
      {
        id: 'end_time',
        accessorKey: 'end_time',
        header: t('moderation.punishments.endTime'),
        enableSorting: true,
        cell: ({ row: { original: p } }) =>
          p.end_time ? (
            <span className="whitespace-nowrap text-xs">{formatDateTime(p.end_time)}</span>
          ) : (
            <Badge variant="outline">{t('moderation.punishments.permanent')}</Badge>
          ),
      },
      {
        id: 'operators',
        header: t('moderation.punishments.operators'),
        cell: ({ row: { original: p } }) => <PunishmentOperators operators={p.operators} names={operatorNames} />,
      },
      { ...createdAtColumn<PunishmentDTO>(t, { sortable: true }), header: t('moderation.punishments.createdAt') },
      actionsColumn(t, (p) => (
        <RowActions>
          {canEdit ? <EditAction onClick={() => setDialog({ kind: 'edit', punishment: p })} /> : null}
          {canCancel ? (
            p.enable ? (
              <RowAction label={t('moderation.punishments.cancel')} onClick={() => askCancel([p])} destructive>
                <BanIcon />
              </RowAction>
            ) : (
              <RowActionGap />
            )
          ) : null}
        </RowActions>
      )),
    ],
    [t, now, operatorNames, canEdit, canCancel, askCancel],
  );

  return (
    <AdminPage
      title={t('admin.menu.user_punishment')}
      description={t('moderation.punishments.description')}
      actions={
        canCreate ? (
          <CreateButton onClick={() => setDialog({ kind: 'create' })}>
            {t('moderation.punishments.create')}
          </CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('moderation.punishments.search')}
        />
        <UserPicker
          multiple={false}
          className="sm:w-52"
          value={search.user_id ? [search.user_id] : []}
          onChange={(ids) => setSearch({ user_id: ids[0] })}
          placeholder={t('moderation.userPicker.filterPlaceholder')}
          aria-label={t('moderation.punishments.memberFilter')}
        />
        <NumberFilter
          label={t('moderation.punishments.type')}
          allLabel={t('moderation.punishments.allTypes')}
          value={search.type}
          onChange={(type) => setSearch({ type })}
          className="w-full sm:w-36"
          options={PUNISHMENT_TYPES.map((n) => ({ value: String(n), label: t(punishmentTypeKey(n)) }))}
        />
        <EnableFilter value={search.enable} onChange={(enable) => setSearch({ enable })} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(p) => String(p.id)}
        {...tableProps(list)}
        selectable={canCancel ? (p) => p.enable : false}
        bulkActions={(selected, clear) => (
          <Button size="sm" variant="destructive" onClick={() => askCancel(selected, clear)}>
            <BanIcon />
            {t('moderation.punishments.bulkCancel')}
          </Button>
        )}
        emptyText={t('moderation.punishments.empty')}
        minWidth={960}
      />
      {dialog?.kind === 'create' ? <PunishmentFormDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? (
        <PunishmentFormDialog punishment={dialog.punishment} onClose={() => setDialog(null)} />
      ) : null}
    </AdminPage>
  );
}
