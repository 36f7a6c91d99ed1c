import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { createFriendlinkInput, type friendlinkOutput } from '@wenku/shared';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
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
import { formatDateTime } from '@/components/admin/format';
import { YesNoSwitch } from '@/components/admin/inputs';
import { compact, LIST_DEFAULTS, listSearchSchema, optionalBool } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Field } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc';

type Friendlink = z.infer<typeof friendlinkOutput>;

const searchSchema = listSearchSchema.extend({ enable: optionalBool });
type Search = ReturnType<typeof searchSchema.parse>;
const toInput = (s: Search) =>
  compact({
    page: s.page,
    size: s.size,
    wd: s.wd,
    order: s.order,
    enable: s.enable === undefined ? undefined : [s.enable],
  });

export const Route = createFileRoute('/admin/friendlink')({
  validateSearch: searchSchema,
  // The defaults stay out of the URL.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.friendlink.list.queryOptions(toInput(deps))),
  component: FriendlinkPage,
});

/** Friend links shown in the footer of the home page (moredoc-facts §18.4). */
function FriendlinkPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<Search>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as Search, replace: true });
  const list = useQuery({ ...trpc.friendlink.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  // Without a `field` projection every field is present.
  const rows = list.data?.friendlink as Friendlink[] | undefined;
  const [editing, setEditing] = React.useState<{ link: Friendlink | null } | null>(null);

  const invalidate = () => queryClient.invalidateQueries(trpc.friendlink.pathFilter());
  const { mutate: updateLink } = useMutation(
    trpc.friendlink.update.mutationOptions({ onSuccess: invalidate, onError: (e) => reportFormError(null, e) }),
  );
  const { mutateAsync: deleteLinks } = useMutation(
    trpc.friendlink.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await invalidate();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );
  const askDelete = React.useCallback(
    (links: Friendlink[], done?: () => void) =>
      confirm({
        title: t('admin.friendlink.deleteTitle'),
        description: t('admin.common.deleteConfirm', {
          names: links.map((l) => l.title).join(t('admin.common.separator')),
        }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: async () => {
          await deleteLinks({ id: links.map((l) => l.id) });
          done?.();
        },
      }),
    [confirm, deleteLinks, t],
  );

  const columns = React.useMemo<ColumnDef<Friendlink>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'ID', enableSorting: true, meta: { className: 'w-16' } },
      { id: 'title', accessorKey: 'title', header: t('admin.friendlink.title'), enableSorting: true },
      {
        id: 'link',
        header: t('admin.friendlink.link'),
        cell: ({ row: { original: l } }) => (
          <a
            href={l.link}
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
      { id: 'sort', accessorKey: 'sort', header: t('admin.common.sort'), enableSorting: true },
      {
        id: 'enable',
        header: t('enabled'),
        cell: ({ row: { original: l } }) => (
          <Switch
            checked={l.enable}
            aria-label={t('enabled')}
            disabled={!can('FriendlinkAPI.UpdateFriendlink')}
            onCheckedChange={(enable) => updateLink({ id: l.id, title: l.title, link: l.link, enable })}
          />
        ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.common.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: l } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(l.created_at)}</span>
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: l } }) => (
          <div className="flex justify-end gap-1">
            {can('FriendlinkAPI.UpdateFriendlink') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('edit')}
                title={t('edit')}
                onClick={() => setEditing({ link: l })}
              >
                <PencilIcon />
              </Button>
            ) : null}
            {can('FriendlinkAPI.DeleteFriendlink') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                aria-label={t('delete')}
                title={t('delete')}
                onClick={() => askDelete([l])}
              >
                <Trash2Icon />
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [t, can, updateLink, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.friendlink')}
      actions={
        can('FriendlinkAPI.CreateFriendlink') ? (
          <Button onClick={() => setEditing({ link: null })}>
            <PlusIcon />
            {t('admin.friendlink.create')}
          </Button>
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
        {...queryTableState(list)}
        total={list.data?.total}
        page={search.page}
        size={search.size}
        onPageChange={(page, size) => navigate({ search: (s) => ({ ...s, page, size }) })}
        order={search.order}
        onOrderChange={(order) => setSearch({ order })}
        selectable={can('FriendlinkAPI.DeleteFriendlink')}
        bulkActions={(selected, clear) => (
          <Button variant="destructive" size="sm" onClick={() => askDelete(selected, clear)}>
            <Trash2Icon />
            {t('admin.common.bulkDelete')}
          </Button>
        )}
        minWidth={900}
      />
      {editing ? <FriendlinkDialog link={editing.link} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

type Values = z.input<typeof createFriendlinkInput>;

function FriendlinkDialog({ link, onClose }: { link: Friendlink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof createFriendlinkInput>>({
    resolver: zodResolver(createFriendlinkInput),
    defaultValues: {
      title: link?.title ?? '',
      link: link?.link ?? '',
      description: link?.description ?? '',
      sort: link?.sort ?? 0,
      enable: link?.enable ?? true,
    },
  });
  const options = {
    onSuccess: async () => {
      toast.success(link ? t('admin.common.saved') : t('admin.common.created'));
      await queryClient.invalidateQueries(trpc.friendlink.pathFilter());
      onClose();
    },
    onError: (e: unknown) => reportFormError(form, e),
  };
  const create = useMutation(trpc.friendlink.create.mutationOptions(options));
  const update = useMutation(trpc.friendlink.update.mutationOptions(options));
  const err = (name: keyof Values) => errorOf(form.formState.errors, name);
  return (
    <FormDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={link ? t('admin.friendlink.edit') : t('admin.friendlink.create')}
      onSubmit={form.handleSubmit((v) => (link ? update.mutate({ ...v, id: link.id }) : create.mutate(v)))}
      submitting={create.isPending || update.isPending}
    >
      <Field label={t('admin.friendlink.title')} htmlFor="fl-title" error={err('title')}>
        <Input id="fl-title" aria-invalid={!!err('title')} {...form.register('title')} />
      </Field>
      <Field label={t('admin.friendlink.link')} htmlFor="fl-link" error={err('link')}>
        <Input id="fl-link" type="url" placeholder="https://" aria-invalid={!!err('link')} {...form.register('link')} />
      </Field>
      <Field label={t('admin.common.description')} htmlFor="fl-description" error={err('description')}>
        <Textarea id="fl-description" rows={2} {...form.register('description')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('admin.common.sort')} htmlFor="fl-sort" error={err('sort')} hint={t('admin.common.sortHint')}>
          <Input id="fl-sort" type="number" step={1} {...form.register('sort')} />
        </Field>
        <Field label={t('enabled')} htmlFor="fl-enable">
          <Controller
            control={form.control}
            name="enable"
            render={({ field }) => (
              <YesNoSwitch id="fl-enable" checked={field.value === true} onChange={field.onChange} />
            )}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
