import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { createFriendlinkInput, type friendlinkOutput, safeAbsoluteUrl } from '@wenku/shared';
import * as React from 'react';
import { BulkDeleteButton, CreateButton } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { createdAtColumn, editDeleteColumn, enableColumn, idColumn, sortColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { listActionCallbacks, useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { EnableFilter } from '@/components/admin/filters';
import { FormDialog } from '@/components/admin/form-dialog';
import { DescriptionField, SortField, SwitchField, TextField } from '@/components/admin/form-fields';
import { enableListSearchSchema, listRouteOptions, toEnableListInput } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { useTranslation } from '@/i18n/react';
import type { z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

type Friendlink = z.infer<typeof friendlinkOutput>;

export const Route = createFileRoute('/admin/friendlink')({
  ...listRouteOptions(enableListSearchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.friendlink.list.queryOptions(toEnableListInput(deps))),
  component: FriendlinkPage,
});

/** Friend links shown in the footer of the home page (moredoc-facts §18.4). */
function FriendlinkPage() {
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({
    ...trpc.friendlink.list.queryOptions(toEnableListInput(search)),
    placeholderData: keepPreviousData,
  });
  // Without a `field` projection every field is present.
  const rows = list.data?.friendlink as Friendlink[] | undefined;
  const [editing, setEditing] = React.useState<{ link: Friendlink | null } | null>(null);

  const invalidate = useInvalidate(trpc.friendlink.pathFilter());
  const { mutate: updateLink } = useMutation(trpc.friendlink.update.mutationOptions(listActionCallbacks(invalidate)));
  const askDelete = useConfirmedDelete<Friendlink>({
    title: t('admin.friendlink.deleteTitle'),
    description: (links) =>
      t('admin.common.deleteConfirm', { names: links.map((l) => l.title).join(t('admin.common.separator')) }),
    remove: (id) => client.friendlink.delete.mutate({ id }),
    refresh: invalidate,
  });

  const columns = React.useMemo<ColumnDef<Friendlink>[]>(
    () => [
      idColumn({ sortable: true }),
      { id: 'title', accessorKey: 'title', header: t('admin.friendlink.title'), enableSorting: true },
      {
        id: 'link',
        header: t('admin.friendlink.link'),
        cell: ({ row: { original: l } }) => (
          <a
            // A link saved before the link rule (issue 15 item 6) is shown, not followed.
            href={safeAbsoluteUrl(l.link) ?? undefined}
            target="_blank"
            rel="noreferrer noopener"
            className="block max-w-64 truncate text-primary text-xs hover:underline"
          >
            {l.link}
          </a>
        ),
      },
      {
        id: 'description',
        header: t('admin.common.description'),
        cell: ({ row: { original: l } }) => (
          <span className="line-clamp-2 max-w-60 text-muted-foreground text-xs">{l.description || '-'}</span>
        ),
      },
      sortColumn(t, { sortable: true }),
      enableColumn(t, {
        canEdit: can('FriendlinkAPI.UpdateFriendlink'),
        onChange: (l, enable) => updateLink({ id: l.id, title: l.title, link: l.link, enable }),
      }),
      createdAtColumn(t, { sortable: true }),
      editDeleteColumn(t, {
        onEdit: can('FriendlinkAPI.UpdateFriendlink') ? (l) => setEditing({ link: l }) : undefined,
        onDelete: can('FriendlinkAPI.DeleteFriendlink') ? (l) => askDelete([l]) : undefined,
      }),
    ],
    [t, can, updateLink, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.friendlink')}
      actions={
        can('FriendlinkAPI.CreateFriendlink') ? (
          <CreateButton onClick={() => setEditing({ link: null })}>{t('admin.friendlink.create')}</CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} />
        <EnableFilter value={search.enable} onChange={(enable) => setSearch({ enable })} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(l) => String(l.id)}
        {...tableProps(list)}
        selectable={can('FriendlinkAPI.DeleteFriendlink')}
        bulkActions={(selected, clear) => <BulkDeleteButton onClick={() => askDelete(selected, clear)} />}
        minWidth={900}
      />
      {editing ? <FriendlinkDialog link={editing.link} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

function FriendlinkDialog({ link, onClose }: { link: Friendlink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: createFriendlinkInput,
    defaultValues: {
      title: link?.title ?? '',
      link: link?.link ?? '',
      description: link?.description ?? '',
      sort: link?.sort ?? 0,
      enable: link?.enable ?? true,
    },
    save: (v) => (link ? client.friendlink.update.mutate({ ...v, id: link.id }) : client.friendlink.create.mutate(v)),
    successText: link ? t('admin.common.saved') : t('admin.common.created'),
    invalidate: [trpc.friendlink.pathFilter()],
    onClose,
  });
  return (
    <FormDialog {...shellProps} title={link ? t('admin.friendlink.edit') : t('admin.friendlink.create')}>
      <TextField form={form} name="title" label={t('admin.friendlink.title')} />
      <TextField form={form} name="link" label={t('admin.friendlink.link')} type="url" placeholder="https://" />
      <DescriptionField form={form} rows={2} />
      <div className="grid grid-cols-2 gap-4">
        <SortField form={form} />
        <SwitchField form={form} name="enable" label={t('enabled')} />
      </div>
    </FormDialog>
  );
}
