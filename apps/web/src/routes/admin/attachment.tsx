import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type AttachmentDTO, AttachmentType, IMAGE_EXTENSIONS, updateAttachmentInput } from '@wenku/shared';
import { FileIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable, queryTableState } from '@/components/admin/data-table';
import { EnableFilter } from '@/components/admin/filters';
import { FormDialog } from '@/components/admin/form-dialog';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { formatBytes, formatDateTime } from '@/components/admin/format';
import { SelectInput, YesNoSwitch } from '@/components/admin/inputs';
import { compact, LIST_DEFAULTS, listSearchSchema, optionalBool, optionalNumber } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Field } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';

const searchSchema = listSearchSchema.extend({ type: optionalNumber, enable: optionalBool });
type Search = ReturnType<typeof searchSchema.parse>;
const toInput = (s: Search) =>
  compact({
    page: s.page,
    size: s.size,
    wd: s.wd,
    order: s.order,
    type: s.type === undefined ? undefined : [s.type],
    enable: s.enable === undefined ? undefined : [s.enable],
  });

export const Route = createFileRoute('/admin/attachment')({
  validateSearch: searchSchema,
  // The defaults stay out of the URL.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.attachment.list.queryOptions(toInput(deps))),
  component: AttachmentPage,
});

const ATTACHMENT_TYPES = Object.values(AttachmentType);
const isImage = (a: AttachmentDTO) => (IMAGE_EXTENSIONS as readonly string[]).includes(a.ext.toLowerCase());

/** Uploaded files (moredoc-facts §19.2): rename, describe, mark illegal; delete only what nothing uses. */
function AttachmentPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<Search>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as Search, replace: true });
  const list = useQuery({ ...trpc.attachment.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const [editing, setEditing] = React.useState<AttachmentDTO | null>(null);
  const [preview, setPreview] = React.useState<AttachmentDTO | null>(null);

  const { mutateAsync: deleteAttachments } = useMutation(
    trpc.attachment.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await queryClient.invalidateQueries(trpc.attachment.pathFilter());
      },
      // moredoc's refusal for files still in use is shown as the server words it.
      onError: (e) => reportFormError(null, e),
    }),
  );
  const askDelete = React.useCallback(
    (rows: AttachmentDTO[], done?: () => void) =>
      confirm({
        title: t('admin.attachment.deleteTitle'),
        description: t('admin.attachment.deleteConfirm', { count: rows.length }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: async () => {
          await deleteAttachments({ id: rows.map((a) => a.id) });
          done?.();
        },
      }),
    [confirm, deleteAttachments, t],
  );

  const columns = React.useMemo<ColumnDef<AttachmentDTO>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'ID', enableSorting: true, meta: { className: 'w-16' } },
      {
        id: 'preview',
        header: t('admin.attachment.preview'),
        cell: ({ row: { original: a } }) =>
          isImage(a) ? (
            <button
              type="button"
              className="block overflow-hidden rounded border"
              aria-label={t('admin.attachment.preview')}
              onClick={() => setPreview(a)}
            >
              <img src={a.path} alt={a.name} loading="lazy" className="size-12 object-cover" />
            </button>
          ) : (
            <span className="flex size-12 flex-col items-center justify-center rounded border text-muted-foreground text-[10px]">
              <FileIcon className="size-5" />
              {a.ext.replace('.', '').toUpperCase()}
            </span>
          ),
      },
      {
        id: 'name',
        header: t('admin.attachment.name'),
        cell: ({ row: { original: a } }) => (
          <div className="grid max-w-64">
            <a
              href={a.path}
              target="_blank"
              rel="noreferrer noopener"
              className="truncate hover:underline"
              title={a.name}
            >
              {a.name}
            </a>
            {a.description ? <span className="truncate text-muted-foreground text-xs">{a.description}</span> : null}
          </div>
        ),
      },
      {
        id: 'type',
        header: t('admin.attachment.type'),
        cell: ({ row: { original: a } }) => (
          <Badge variant="secondary">
            {t(`admin.attachment.types.${a.type}`, { defaultValue: a.type_name ?? '' })}
          </Badge>
        ),
      },
      {
        id: 'username',
        header: t('admin.attachment.uploader'),
        cell: ({ row: { original: a } }) => <span className="text-xs">{a.username || `#${a.user_id}`}</span>,
      },
      {
        id: 'size',
        accessorKey: 'size',
        header: t('admin.attachment.size'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <div className="grid whitespace-nowrap text-xs">
            <span>{formatBytes(a.size)}</span>
            {a.width && a.height ? (
              <span className="text-muted-foreground">
                {a.width}×{a.height}
              </span>
            ) : null}
          </div>
        ),
      },
      {
        id: 'enable',
        header: t('admin.attachment.legal'),
        cell: ({ row: { original: a } }) => (
          <Badge variant={a.enable ? 'success' : 'destructive'}>
            {a.enable ? t('admin.attachment.isLegal') : t('admin.attachment.isIllegal')}
          </Badge>
        ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.common.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <div className="grid whitespace-nowrap text-xs">
            <span>{formatDateTime(a.created_at)}</span>
            <span className="text-muted-foreground">{a.ip}</span>
          </div>
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: a } }) => (
          <div className="flex justify-end gap-1">
            {can('AttachmentAPI.UpdateAttachment') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('edit')}
                title={t('edit')}
                onClick={() => setEditing(a)}
              >
                <PencilIcon />
              </Button>
            ) : null}
            {can('AttachmentAPI.DeleteAttachment') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                aria-label={t('delete')}
                title={t('delete')}
                onClick={() => askDelete([a])}
              >
                <Trash2Icon />
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [t, can, askDelete],
  );

  return (
    <AdminPage title={t('admin.menu.attachment')} description={t('admin.attachment.description')}>
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('admin.attachment.search')}
        />
        <SelectInput
          aria-label={t('admin.attachment.type')}
          className="w-full sm:w-36"
          value={search.type === undefined ? '' : String(search.type)}
          onChange={(v) => setSearch({ type: v === '' ? undefined : Number(v) })}
          emptyLabel={t('admin.attachment.allTypes')}
          options={ATTACHMENT_TYPES.map((v) => ({ value: String(v), label: t(`admin.attachment.types.${v}`) }))}
        />
        <EnableFilter value={search.enable} onChange={(enable) => setSearch({ enable })} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.attachment}
        getRowId={(a) => String(a.id)}
        {...queryTableState(list)}
        total={list.data?.total}
        page={search.page}
        size={search.size}
        onPageChange={(page, size) => navigate({ search: (s) => ({ ...s, page, size }) })}
        order={search.order}
        onOrderChange={(order) => setSearch({ order })}
        selectable={can('AttachmentAPI.DeleteAttachment')}
        bulkActions={(selected, clear) => (
          <Button variant="destructive" size="sm" onClick={() => askDelete(selected, clear)}>
            <Trash2Icon />
            {t('admin.common.bulkDelete')}
          </Button>
        )}
        minWidth={1000}
      />
      {editing ? <AttachmentDialog attachment={editing} onClose={() => setEditing(null)} /> : null}
      <Dialog open={!!preview} onOpenChange={(v) => !v && setPreview(null)}>
        <DialogContent className="sm:max-w-3xl" aria-describedby={undefined}>
          <DialogTitle className="truncate pr-6">{preview?.name}</DialogTitle>
          {preview ? (
            <img src={preview.path} alt={preview.name} className="max-h-[70vh] w-full rounded object-contain" />
          ) : null}
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

type Values = z.input<typeof updateAttachmentInput>;

function AttachmentDialog({ attachment, onClose }: { attachment: AttachmentDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof updateAttachmentInput>>({
    resolver: zodResolver(updateAttachmentInput),
    defaultValues: {
      id: attachment.id,
      name: attachment.name,
      description: attachment.description,
      enable: attachment.enable,
    },
  });
  const save = useMutation(
    trpc.attachment.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.saved'));
        await queryClient.invalidateQueries(trpc.attachment.pathFilter());
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
      title={t('admin.attachment.edit')}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      submitting={save.isPending}
    >
      <Field label={t('admin.attachment.name')} htmlFor="at-name" error={err('name')}>
        <Input id="at-name" aria-invalid={!!err('name')} {...form.register('name')} />
      </Field>
      <Field label={t('admin.common.description')} htmlFor="at-description" error={err('description')}>
        <Textarea id="at-description" rows={3} {...form.register('description')} />
      </Field>
      <Field label={t('admin.attachment.legal')} htmlFor="at-enable" hint={t('admin.attachment.legalHint')}>
        <Controller
          control={form.control}
          name="enable"
          render={({ field }) => (
            <YesNoSwitch id="at-enable" checked={field.value === true} onChange={field.onChange} />
          )}
        />
      </Field>
    </FormDialog>
  );
}
