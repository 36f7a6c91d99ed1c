import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type PermissionDTO, PermissionMethod, updatePermissionInput } from '@wenku/shared';
import * as React from 'react';
import { EditAction, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { FormDialog } from '@/components/admin/form-dialog';
import { DescriptionField, TextField } from '@/components/admin/form-fields';
import { SelectInput } from '@/components/admin/inputs';
import { listRouteOptions, listSearchSchema, toListInput, useListSearch } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { permissionAreaLabel, permissionTitle } from '@/lib/permission-text';
import { z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { permissionArea } from './-components/permission-areas';

// The catalogue is ordered by path on the server; there is no other order to ask for.
const searchSchema = z.extend(z.omit(listSearchSchema, { order: true }), {
  method: z.catch(z.optional(z.enum(PermissionMethod)), undefined),
});
type Search = z.output<typeof searchSchema>;
const toInput = (s: Search) => toListInput(s, { method: s.method ? [s.method] : undefined });

export const Route = createFileRoute('/admin/user/permission')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.permission.list.queryOptions(toInput(deps))),
  component: PermissionPage,
});

const METHOD_VARIANT: Record<string, 'default' | 'secondary' | 'success' | 'warning' | 'destructive'> = {
  GRPC: 'secondary',
  GET: 'success',
  POST: 'default',
  PUT: 'warning',
  DELETE: 'destructive',
};

function PermissionPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const { search, setSearch, tableProps } = useListSearch(Route);
  const perms = useQuery({ ...trpc.permission.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const [editing, setEditing] = React.useState<PermissionDTO | null>(null);

  const columns = React.useMemo<ColumnDef<PermissionDTO>[]>(
    () => [
      idColumn(),
      {
        id: 'method',
        header: t('admin.permission.method'),
        cell: ({ row: { original: p } }) => <Badge variant={METHOD_VARIANT[p.method] ?? 'outline'}>{p.method}</Badge>,
      },
      {
        id: 'path',
        header: t('admin.permission.path'),
        cell: ({ row: { original: p } }) => <code className="break-all text-xs">{p.path}</code>,
      },
      {
        id: 'area',
        header: t('admin.permission.area'),
        cell: ({ row: { original: p } }) => {
          const area = permissionArea(p);
          return <span className="whitespace-nowrap text-xs">{permissionAreaLabel(area, i18n.language)}</span>;
        },
      },
      {
        id: 'title',
        header: t('admin.permission.title'),
        cell: ({ row: { original: p } }) =>
          p.title ? (
            <span>{permissionTitle(p, i18n.language)}</span>
          ) : (
            <span className="text-muted-foreground italic">{t('admin.permission.untitled')}</span>
          ),
      },
      {
        id: 'updated_at',
        header: t('admin.common.updatedAt'),
        cell: ({ row: { original: p } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(p.updated_at)}</span>
        ),
      },
      actionsColumn(t, (p) =>
        can('PermissionAPI.UpdatePermission') ? (
          <RowActions>
            <EditAction onClick={() => setEditing(p)} />
          </RowActions>
        ) : null,
      ),
    ],
    [t, can, i18n.language],
  );

  return (
    <AdminPage title={t('admin.menu.user_permission')} description={t('admin.permission.description')}>
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('admin.permission.search')}
        />
        <SelectInput
          aria-label={t('admin.permission.method')}
          className="w-full sm:w-36"
          value={search.method ?? ''}
          onChange={(v) => setSearch({ method: (v || undefined) as Search['method'] })}
          emptyLabel={t('admin.permission.allMethods')}
          options={PermissionMethod.map((m) => ({ value: m, label: m }))}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={perms.data?.permission}
        getRowId={(p) => String(p.id)}
        {...tableProps(perms)}
        minWidth={860}
      />
      {editing ? <PermissionDialog permission={editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

function PermissionDialog({ permission, onClose }: { permission: PermissionDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: updatePermissionInput,
    defaultValues: { id: permission.id, title: permission.title, description: permission.description },
    save: (v) => client.permission.update.mutate(v),
    successText: t('admin.common.saved'),
    invalidate: [trpc.permission.pathFilter()],
    onClose,
  });
  return (
    <FormDialog {...shellProps} title={t('admin.permission.edit')}>
      <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-xs">
        {permission.method} {permission.path}
      </p>
      <TextField form={form} name="title" label={t('admin.permission.title')} autoFocus />
      <DescriptionField form={form} rows={3} />
    </FormDialog>
  );
}
