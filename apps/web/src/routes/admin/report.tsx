import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ContentKind, ROOT_USER_ID, updateReportInput } from '@wenku/shared';
import { ClipboardCheckIcon, GavelIcon } from 'lucide-react';
import * as React from 'react';
import { Controller } from 'react-hook-form';
import { BulkDeleteButton, DeleteAction, RowAction, RowActionGap, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, createdAtColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { NumberFilter } from '@/components/admin/filters';
import { FormDialog } from '@/components/admin/form-dialog';
import { ControlledField, TextareaField } from '@/components/admin/form-fields';
import { SelectInput } from '@/components/admin/inputs';
import { listRouteOptions, oneValueFilters, optionalBool, optionalNumber } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import {
  itemTypeKey,
  REPORT_REASONS,
  REPORT_TYPES,
  type ReportDTO,
  reasonKey,
  reportedItemHref,
} from '@/components/moderation/moderation';
import { PunishmentFormDialog, type PunishmentPrefill } from '@/components/moderation/punishment-form';
import { Checkbox, Switch } from '@/components/ui/form-controls';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/areas/moderation';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

const { searchSchema, toInput } = oneValueFilters({
  /** Handled (true) or not (false). */
  status: optionalBool,
  type: optionalNumber,
  reason: optionalNumber,
});

export const Route = createFileRoute('/admin/report')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.report.list.queryOptions(toInput(deps))),
  component: ReportListPage,
});

type Dialog = { kind: 'handle'; report: ReportDTO } | { kind: 'punish'; prefill: PunishmentPrefill } | null;

/** 举报管理 (moredoc-facts §12): review reports, mark them handled, take the item down, punish its author. */
function ReportListPage() {
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({ ...trpc.report.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const [dialog, setDialog] = React.useState<Dialog>(null);
  const refresh = useInvalidate(trpc.report.pathFilter());

  const canHandle = can('ReportAPI.UpdateReport');
  const canDelete = can('ReportAPI.DeleteReport');
  const canPunish = can('PunishmentAPI.CreatePunishment');

  const askDelete = useConfirmedDelete<ReportDTO>({
    title: t('moderation.reports.deleteTitle'),
    description: (rows) =>
      rows.length === 1
        ? t('moderation.reports.deleteConfirm', { title: rows[0]?.document_title ?? '' })
        : t('moderation.reports.deleteCount', { count: rows.length }),
    remove: (id) => client.report.delete.mutate({ id }),
    refresh,
  });

  const punish = React.useCallback(
    (r: ReportDTO) =>
      setDialog({
        kind: 'punish',
        prefill: {
          user_id: [r.owner_id],
          reason: t('moderation.reports.punishReason', { reason: t(reasonKey(r.reason)) }),
          remark: t('moderation.reports.punishRemark', { id: r.id, title: r.document_title }),
        },
      }),
    [t],
  );

  const columns = React.useMemo<ColumnDef<ReportDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'document_title',
        header: t('moderation.reports.item'),
        meta: { className: 'min-w-56' },
        cell: ({ row: { original: r } }) => {
          const href = reportedItemHref(r);
          return (
            <div className="grid max-w-80 gap-0.5">
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="line-clamp-2 font-medium hover:text-primary hover:underline"
                  title={r.document_title}
                >
                  {r.document_title}
                </a>
              ) : (
                <span className="line-clamp-2 text-muted-foreground" title={r.document_title}>
                  {r.document_title} {t('moderation.reports.missing')}
                </span>
              )}
            </div>
          );
        },
      },
      {
        id: 'type',
        header: t('moderation.reports.type'),
        cell: ({ row: { original: r } }) => (
          <Badge variant={r.type === ContentKind.Article ? 'secondary' : 'outline'}>{t(itemTypeKey(r.type))}</Badge>
        ),
      },
      {
        id: 'reason',
        accessorKey: 'reason',
        header: t('moderation.reports.reason'),
        enableSorting: true,
        cell: ({ row: { original: r } }) => <span className="whitespace-nowrap">{t(reasonKey(r.reason))}</span>,
      },
      {
        id: 'username',
        header: t('moderation.reports.reporter'),
        cell: ({ row: { original: r } }) => (
          <span className="whitespace-nowrap text-xs">{r.username || `#${r.user_id}`}</span>
        ),
      },
      {
        id: 'status',
        header: t('moderation.reports.status'),
        cell: ({ row: { original: r } }) => <HandledBadge handled={r.status} />,
      },
      {
        id: 'remark',
        header: t('moderation.reports.remark'),
        cell: ({ row: { original: r } }) =>
          r.remark ? (
            <span className="line-clamp-2 max-w-56 text-xs" title={r.remark}>
              {r.remark}
            </span>
          ) : (
            <span className="text-muted-foreground text-xs">-</span>
          ),
      },
      { ...createdAtColumn<ReportDTO>(t, { sortable: true }), header: t('moderation.reports.createdAt') },
      actionsColumn(t, (r) => {
        // The item's owner is known while the item exists; the root administrator is never punished.
        const punishable = r.owner_id > ROOT_USER_ID;
        return (
          <RowActions>
            {canHandle ? (
              <RowAction
                label={t('moderation.reports.handle')}
                onClick={() => setDialog({ kind: 'handle', report: r })}
              >
                <ClipboardCheckIcon />
              </RowAction>
            ) : null}
            {canPunish ? (
              punishable ? (
                <RowAction label={t('moderation.reports.punish')} onClick={() => punish(r)}>
                  <GavelIcon />
                </RowAction>
              ) : (
                <RowActionGap />
              )
            ) : null}
            {canDelete ? <DeleteAction onClick={() => askDelete([r])} /> : null}
          </RowActions>
        );
      }),
    ],
    [t, canHandle, canPunish, canDelete, askDelete, punish],
  );

  return (
    <AdminPage title={t('admin.menu.report')} description={t('moderation.reports.description')}>
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('moderation.reports.search')}
        />
        <SelectInput
          aria-label={t('moderation.reports.status')}
          className="w-full sm:w-32"
          value={search.status === undefined ? '' : String(search.status)}
          onChange={(v) => setSearch({ status: v === '' ? undefined : v === 'true' })}
          emptyLabel={t('moderation.reports.allStatus')}
          options={[
            { value: 'false', label: t('moderation.reports.unhandled') },
            { value: 'true', label: t('moderation.reports.handled') },
          ]}
        />
        <NumberFilter
          label={t('moderation.reports.type')}
          allLabel={t('moderation.reports.allTypes')}
          value={search.type}
          onChange={(type) => setSearch({ type })}
          options={REPORT_TYPES.map((n) => ({ value: String(n), label: t(itemTypeKey(n)) }))}
        />
        <NumberFilter
          label={t('moderation.reports.reason')}
          allLabel={t('moderation.reports.allReasons')}
          value={search.reason}
          onChange={(reason) => setSearch({ reason })}
          className="w-full sm:w-36"
          options={REPORT_REASONS.map((n) => ({ value: String(n), label: t(reasonKey(n)) }))}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.report}
        getRowId={(r) => String(r.id)}
        {...tableProps(list)}
        selectable={canDelete}
        bulkActions={(rows, clear) => <BulkDeleteButton onClick={() => askDelete(rows, clear)} />}
        emptyText={t('moderation.reports.empty')}
        minWidth={960}
      />
      {dialog?.kind === 'handle' ? <HandleReportDialog report={dialog.report} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'punish' ? (
        <PunishmentFormDialog prefill={dialog.prefill} onClose={() => setDialog(null)} />
      ) : null}
    </AdminPage>
  );
}

function HandledBadge({ handled }: { handled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={handled ? 'success' : 'warning'} data-handled={handled}>
      {handled ? t('moderation.reports.handled') : t('moderation.reports.unhandled')}
    </Badge>
  );
}

/** 处理举报: the handled flag, the remark 处理备注, and optionally taking the item down at once. */
function HandleReportDialog({ report, onClose }: { report: ReportDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: updateReportInput,
    // Opening 处理 means handling it: handled is on unless the admin turns it off.
    defaultValues: { id: report.id, status: true, remark: report.remark, disable_item: false },
    save: (v) => client.report.update.mutate(v),
    successText: t('moderation.reports.saved'),
    // Taking an item down changes the document and article lists too.
    invalidate: [trpc.report.pathFilter(), trpc.document.pathFilter(), trpc.article.pathFilter()],
    onClose,
  });
  const disableId = React.useId();
  const href = reportedItemHref(report);
  const isArticle = report.type === ContentKind.Article;
  return (
    <FormDialog {...shellProps} title={t('moderation.reports.handleTitle')} submitText={t('save')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-md border bg-muted/40 p-3 text-sm">
        <dt className="text-muted-foreground">{t('moderation.reports.item')}</dt>
        <dd className="min-w-0">
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="break-words font-medium hover:text-primary hover:underline"
            >
              {report.document_title}
            </a>
          ) : (
            <span className="break-words">
              {report.document_title} {t('moderation.reports.missing')}
            </span>
          )}
        </dd>
        <dt className="text-muted-foreground">{t('moderation.reports.type')}</dt>
        <dd>{t(itemTypeKey(report.type))}</dd>
        <dt className="text-muted-foreground">{t('moderation.reports.reason')}</dt>
        <dd>{t(reasonKey(report.reason))}</dd>
        <dt className="text-muted-foreground">{t('moderation.reports.reporter')}</dt>
        <dd className="min-w-0 truncate">{report.username || `#${report.user_id}`}</dd>
      </dl>
      <ControlledField
        form={form}
        name="status"
        label={t('moderation.reports.status')}
        render={(field, id) => (
          <div className="flex h-9 items-center gap-2">
            <Switch id={id} checked={field.value === true} onCheckedChange={field.onChange} />
            <span className="text-muted-foreground text-sm">
              {field.value === true ? t('moderation.reports.handled') : t('moderation.reports.unhandled')}
            </span>
          </div>
        )}
      />
      <TextareaField
        form={form}
        name="remark"
        label={t('moderation.reports.remark')}
        placeholder={t('moderation.reports.remarkPlaceholder')}
        rows={3}
      />
      {href ? (
        <Controller
          control={form.control}
          name="disable_item"
          render={({ field }) => (
            <div className="grid gap-1">
              <label htmlFor={disableId} className="flex cursor-pointer items-center gap-2 font-medium text-sm">
                <Checkbox
                  id={disableId}
                  checked={field.value === true}
                  onCheckedChange={(v) => {
                    field.onChange(v === true);
                    // The server marks the report handled when it takes the item down.
                    if (v === true) form.setValue('status', true);
                  }}
                />
                {t('moderation.reports.disableItem')}
              </label>
              <p className="pl-6 text-muted-foreground text-xs">
                {isArticle ? t('moderation.reports.disableArticleHint') : t('moderation.reports.disableDocumentHint')}
              </p>
            </div>
          )}
        />
      ) : null}
    </FormDialog>
  );
}
