import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { PERMISSION_AREA_LABELS, type PermissionDTO, PermissionMethod, updatePermissionInput } from '@wenku/shared';
import { PencilIcon } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { DataTable, queryTableState } from '@/components/admin/data-table';
import { FormDialog } from '@/components/admin/form-dialog';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { formatDateTime } from '@/components/admin/format';
import { SelectInput } from '@/components/admin/inputs';
import { compact, LIST_DEFAULTS, listSearchSchema } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Field } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';
import { permissionArea } from './-components/permission-areas';

// The catalogue is ordered by path on the server; there is no other order to ask for.
const searchSchema = listSearchSchema.omit({ order: true }).extend({
  method: z.enum(PermissionMethod).optional().catch(undefined),
});
type Search = ReturnType<typeof searchSchema.parse>;
const toInput = (s: Search) =>
  compact({ page: s.page, size: s.size, wd: s.wd, method: s.method ? [s.method] : undefined });

export const Route = createFileRoute('/admin/user/permission')({
  validateSearch: searchSchema,
  // The defaults stay out of the URL.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
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
  const { t } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<Search>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as Search, replace: true });
  const perms = useQuery({ ...trpc.permission.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const [editing, setEditing] = React.useState<PermissionDTO | null>(null);

  const columns = React.useMemo<ColumnDef<PermissionDTO>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'ID', meta: { className: 'w-16' } },
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
          return <span className="whitespace-nowrap text-xs">{PERMISSION_AREA_LABELS[area] ?? area}</span>;
        },
      },
      {
        id: 'title',
        header: t('admin.permission.title'),
        cell: ({ row: { original: p } }) =>
          p.title ? (
            <span>{p.title}</span>
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
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: p } }) =>
          can('PermissionAPI.UpdatePermission') ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t('edit')}
              title={t('edit')}
              onClick={() => setEditing(p)}
            >
              <PencilIcon />
            </Button>
          ) : null,
      },
    ],
    [t, can],
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
        {...queryTableState(perms)}
        total={perms.data?.total}
        page={search.page}
        size={search.size}
        onPageChange={(page, size) => navigate({ search: (s) => ({ ...s, page, size }) })}
        minWidth={860}
      />
      {editing ? <PermissionDialog permission={editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

type Values = z.input<typeof updatePermissionInput>;

function PermissionDialog({ permission, onClose }: { permission: PermissionDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof updatePermissionInput>>({
    resolver: zodResolver(updatePermissionInput),
    defaultValues: { id: permission.id, title: permission.title, description: permission.description },
  });
  const save = useMutation(
    trpc.permission.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.saved'));
        await queryClient.invalidateQueries(trpc.permission.pathFilter());
        onClose();
      },
      onError: (e) => reportFormError(form, e),
    }),
  );
  const err = (name: keyof Values) => errorOf(form.formState.errors, name);
  return (
    <FormDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={t('admin.permission.edit')}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      submitting={save.isPending}
    >
      <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-xs">
        {permission.method} {permission.path}
      </p>
      <Field label={t('admin.permission.title')} htmlFor="pe-title" error={err('title')}>
        <Input id="pe-title" autoFocus aria-invalid={!!err('title')} {...form.register('title')} />
      </Field>
      <Field label={t('admin.common.description')} htmlFor="pe-description" error={err('description')}>
        <Textarea id="pe-description" rows={3} {...form.register('description')} />
      </Field>
    </FormDialog>
  );
}
