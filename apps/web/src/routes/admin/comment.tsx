import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { commentOutput } from '@wenku/shared';
import { CheckIcon, Undo2Icon, XIcon } from 'lucide-react';
import * as React from 'react';
import {
  BulkDeleteButton,
  BulkMenu,
  DeleteAction,
  EditAction,
  RowAction,
  RowActions,
} from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { NumberFilter } from '@/components/admin/filters';
import { useListActions } from '@/components/admin/list-actions';
import {
  listParam,
  listRouteOptions,
  listSearchSchema,
  optionalNumber,
  toListInput,
} from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { itemHref } from '@/components/interactions/item-href';
import { Avatar } from '@/components/ui/avatar';
import { DropdownMenuItem } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/areas/interaction';
import { formatDateTime } from '@/lib/dates';
import { z } from '@/lib/search-schema';
import { CommentEditDialog } from './-components/comment-edit-dialog';
import { CommentStatusBadge } from './-components/comment-parts';

type Comment = z.infer<typeof commentOutput>;

const searchSchema = z.extend(listSearchSchema, { status: optionalNumber, type: optionalNumber });
type Search = z.output<typeof searchSchema>;

const toInput = (s: Search) =>
  toListInput(s, { status: listParam(s.status), type: listParam(s.type), with_document_title: true });

export const Route = createFileRoute('/admin/comment')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.comment.list.queryOptions(toInput(deps))),
  component: CommentAdminPage,
});

/** The review commands (moredoc-facts §10 POST /comment/check) and the status each sets. */
const CHECKS = [
  { key: 'approve', status: 1, icon: CheckIcon },
  { key: 'reject', status: 2, icon: XIcon },
  { key: 'pending', status: 0, icon: Undo2Icon },
] as const;
type Check = (typeof CHECKS)[number];

const STATUSES = [0, 1, 2] as const;
const TYPES = [0, 1] as const;

/** 评论管理 (spec §2 /admin/comment): review, edit and delete the comments on documents and articles. */
function CommentAdminPage() {
  // The area's texts come with this component (issue 17), not with the route tree: `t` from the area's hook.
  const { t } = useTranslation();
  const { trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({ ...trpc.comment.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const [editing, setEditing] = React.useState<Comment | null>(null);

  const { confirmRun } = useListActions(trpc.comment.pathFilter());

  const check = React.useCallback(
    (rows: Comment[], c: Check, done?: () => void) => {
      const label = t(`interaction.admin.checks.${c.key}`);
      confirmRun({
        title: label,
        description: t('interaction.admin.confirmBulk', { action: label, count: rows.length }),
        destructive: c.status === 2,
        action: () => client.comment.check.mutate({ id: rows.map((r) => r.id), status: c.status }),
        success: t('interaction.admin.done', { action: label }),
        done,
      });
    },
    [confirmRun, client, t],
  );
  const remove = React.useCallback(
    (rows: Comment[], done?: () => void) =>
      confirmRun({
        title: t('interaction.admin.deleteTitle'),
        description: t('interaction.admin.deleteConfirm', { count: rows.length }),
        destructive: true,
        confirmText: t('delete'),
        action: () => client.comment.delete.mutate({ id: rows.map((r) => r.id) }),
        success: t('interaction.admin.deleted'),
        done,
      }),
    [confirmRun, client, t],
  );

  const canCheck = can('CommentAPI.CheckComment');
  const canUpdate = can('CommentAPI.UpdateComment');
  const canDelete = can('CommentAPI.DeleteComment');

  const columns = React.useMemo<ColumnDef<Comment>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'content',
        header: t('interaction.admin.content'),
        meta: { className: 'min-w-64' },
        cell: ({ row: { original: c } }) => (
          <div className="grid max-w-80 gap-0.5">
            {c.parent_id ? (
              <span className="text-muted-foreground text-xs">{t('interaction.admin.reply', { id: c.parent_id })}</span>
            ) : null}
            {/* Text, never HTML: a comment is whatever a member typed. */}
            <p className="line-clamp-3 whitespace-pre-wrap wrap-anywhere" title={c.content}>
              {c.content}
            </p>
          </div>
        ),
      },
      {
        id: 'target',
        header: t('interaction.admin.target'),
        meta: { className: 'min-w-40' },
        cell: ({ row: { original: c } }) => {
          const href = itemHref(c.type, c.document_uuid);
          return (
            <div className="grid max-w-56 gap-0.5">
              <span className="text-muted-foreground text-xs">
                {t(`interaction.admin.type.${c.type === 1 ? 1 : 0}`)}
              </span>
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="line-clamp-2 hover:text-primary hover:underline"
                  title={c.document_title}
                >
                  {c.document_title || href}
                </a>
              ) : (
                <span className="text-muted-foreground">{t('interaction.admin.missingTarget')}</span>
              )}
            </div>
          );
        },
      },
      {
        id: 'user',
        header: t('interaction.admin.author'),
        cell: ({ row: { original: c } }) => {
          const name = c.user?.username || `#${c.user_id}`;
          return (
            <a
              href={`/user/${c.user_id}`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 whitespace-nowrap text-xs hover:text-primary"
            >
              <Avatar src={c.user?.avatar || undefined} name={name} size={24} />
              {name}
            </a>
          );
        },
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('interaction.admin.statusLabel'),
        enableSorting: true,
        cell: ({ row: { original: c } }) => <CommentStatusBadge status={c.status} />,
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('interaction.admin.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: c } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(c.created_at)}</span>
        ),
      },
      actionsColumn(t, (c) => (
        <RowActions>
          {canCheck
            ? CHECKS.filter((x) => x.status !== c.status).map((x) => (
                <RowAction
                  key={x.key}
                  label={t(`interaction.admin.checks.${x.key}`)}
                  destructive={x.status === 2}
                  onClick={() => check([c], x)}
                >
                  <x.icon />
                </RowAction>
              ))
            : null}
          {canUpdate ? <EditAction onClick={() => setEditing(c)} /> : null}
          {canDelete ? <DeleteAction onClick={() => remove([c])} /> : null}
        </RowActions>
      )),
    ],
    [t, canCheck, canUpdate, canDelete, check, remove],
  );

  return (
    <AdminPage title={t('admin.menu.comment')} description={t('interaction.admin.description')}>
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('interaction.admin.search')}
        />
        <NumberFilter
          label={t('interaction.admin.statusLabel')}
          allLabel={t('interaction.admin.allStatus')}
          value={search.status}
          onChange={(status) => setSearch({ status })}
          options={STATUSES.map((s) => ({ value: String(s), label: t(`interaction.admin.status.${s}`) }))}
        />
        <NumberFilter
          label={t('interaction.admin.typeLabel')}
          allLabel={t('interaction.admin.allTypes')}
          value={search.type}
          onChange={(type) => setSearch({ type })}
          options={TYPES.map((s) => ({ value: String(s), label: t(`interaction.admin.type.${s}`) }))}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.comment}
        getRowId={(c) => String(c.id)}
        {...tableProps(list)}
        selectable={canCheck || canDelete}
        bulkActions={(rows, clear) => (
          <>
            {canCheck ? (
              <BulkMenu label={t('interaction.admin.review')}>
                {CHECKS.map((c) => (
                  <DropdownMenuItem key={c.key} onSelect={() => check(rows, c, clear)}>
                    <c.icon />
                    {t(`interaction.admin.checks.${c.key}`)}
                  </DropdownMenuItem>
                ))}
              </BulkMenu>
            ) : null}
            {canDelete ? <BulkDeleteButton onClick={() => remove(rows, clear)} /> : null}
          </>
        )}
        emptyText={t('interaction.admin.empty')}
        minWidth={960}
      />
      {editing ? <CommentEditDialog comment={editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}
