import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { BannerType, type bannerOutput, createBannerInput } from '@wenku/shared';
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
import { FormDrawer } from '@/components/admin/form-dialog';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { formatDateTime } from '@/components/admin/format';
import { ImageUpload } from '@/components/admin/image-upload';
import { SelectInput, YesNoSwitch } from '@/components/admin/inputs';
import { compact, LIST_DEFAULTS, listSearchSchema, optionalBool, optionalNumber } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Field } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';

type Banner = z.infer<typeof bannerOutput>;

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

export const Route = createFileRoute('/admin/banner')({
  validateSearch: searchSchema,
  // The defaults stay out of the URL.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.banner.list.queryOptions(toInput(deps))),
  component: BannerPage,
});

const BANNER_TYPES = Object.values(BannerType);

/** Carousel images of the home page, the mini-program and the app (spec §3 banner type 0/1/2). */
function BannerPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<Search>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as Search, replace: true });
  const list = useQuery({ ...trpc.banner.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  // Without a `field` projection every field is present.
  const rows = list.data?.banner as Banner[] | undefined;
  const [editing, setEditing] = React.useState<{ banner: Banner | null } | null>(null);

  const invalidate = () => queryClient.invalidateQueries(trpc.banner.pathFilter());
  const { mutate: updateBanner } = useMutation(
    trpc.banner.update.mutationOptions({ onSuccess: invalidate, onError: (e) => reportFormError(null, e) }),
  );
  const { mutateAsync: deleteBanners } = useMutation(
    trpc.banner.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await invalidate();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );
  const askDelete = React.useCallback(
    (banners: Banner[], done?: () => void) =>
      confirm({
        title: t('admin.banner.deleteTitle'),
        description: t('admin.common.deleteCount', { count: banners.length }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: async () => {
          await deleteBanners({ id: banners.map((b) => b.id) });
          done?.();
        },
      }),
    [confirm, deleteBanners, t],
  );

  const columns = React.useMemo<ColumnDef<Banner>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'ID', enableSorting: true, meta: { className: 'w-16' } },
      {
        id: 'path',
        header: t('admin.banner.image'),
        cell: ({ row: { original: b } }) => (
          <a href={b.path} target="_blank" rel="noreferrer noopener" className="block w-32">
            <img src={b.path} alt={b.title} loading="lazy" className="h-14 w-32 rounded border object-cover" />
          </a>
        ),
      },
      {
        id: 'title',
        accessorKey: 'title',
        header: t('admin.banner.title'),
        enableSorting: true,
        cell: ({ row: { original: b } }) => (
          <div className="grid max-w-60">
            <span className="truncate font-medium">{b.title || '-'}</span>
            {b.description ? <span className="truncate text-muted-foreground text-xs">{b.description}</span> : null}
          </div>
        ),
      },
      {
        id: 'type',
        header: t('admin.banner.type'),
        cell: ({ row: { original: b } }) => <Badge variant="secondary">{t(`admin.banner.types.${b.type}`)}</Badge>,
      },
      {
        id: 'url',
        header: t('admin.banner.url'),
        cell: ({ row: { original: b } }) => (
          <span className="block max-w-56 truncate text-xs" title={b.url}>
            {b.url || '-'}
          </span>
        ),
      },
      { id: 'sort', accessorKey: 'sort', header: t('admin.common.sort'), enableSorting: true },
      {
        id: 'enable',
        header: t('enabled'),
        cell: ({ row: { original: b } }) => (
          <Switch
            checked={b.enable}
            aria-label={t('enabled')}
            disabled={!can('BannerAPI.UpdateBanner')}
            onCheckedChange={(enable) => updateBanner({ id: b.id, path: b.path, enable })}
          />
        ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.common.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: b } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(b.created_at)}</span>
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: b } }) => (
          <div className="flex justify-end gap-1">
            {can('BannerAPI.UpdateBanner') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('edit')}
                title={t('edit')}
                onClick={() => setEditing({ banner: b })}
              >
                <PencilIcon />
              </Button>
            ) : null}
            {can('BannerAPI.DeleteBanner') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                aria-label={t('delete')}
                title={t('delete')}
                onClick={() => askDelete([b])}
              >
                <Trash2Icon />
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [t, can, updateBanner, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.banner')}
      actions={
        can('BannerAPI.CreateBanner') ? (
          <Button onClick={() => setEditing({ banner: null })}>
            <PlusIcon />
            {t('admin.banner.create')}
          </Button>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} />
        <SelectInput
          aria-label={t('admin.banner.type')}
          className="w-full sm:w-32"
          value={search.type === undefined ? '' : String(search.type)}
          onChange={(v) => setSearch({ type: v === '' ? undefined : Number(v) })}
          emptyLabel={t('admin.banner.allTypes')}
          options={BANNER_TYPES.map((v) => ({ value: String(v), label: t(`admin.banner.types.${v}`) }))}
        />
        <EnableFilter value={search.enable} onChange={(enable) => setSearch({ enable })} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(b) => String(b.id)}
        {...queryTableState(list)}
        total={list.data?.total}
        page={search.page}
        size={search.size}
        onPageChange={(page, size) => navigate({ search: (s) => ({ ...s, page, size }) })}
        order={search.order}
        onOrderChange={(order) => setSearch({ order })}
        selectable={can('BannerAPI.DeleteBanner')}
        bulkActions={(selected, clear) => (
          <Button variant="destructive" size="sm" onClick={() => askDelete(selected, clear)}>
            <Trash2Icon />
            {t('admin.common.bulkDelete')}
          </Button>
        )}
        minWidth={980}
      />
      {editing ? <BannerDrawer banner={editing.banner} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

type Values = z.input<typeof createBannerInput>;

function BannerDrawer({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof createBannerInput>>({
    resolver: zodResolver(createBannerInput),
    defaultValues: {
      path: banner?.path ?? '',
      title: banner?.title ?? '',
      description: banner?.description ?? '',
      url: banner?.url ?? '',
      type: banner?.type ?? BannerType.Website,
      sort: banner?.sort ?? 0,
      enable: banner?.enable ?? true,
    },
  });
  const options = {
    onSuccess: async () => {
      toast.success(banner ? t('admin.common.saved') : t('admin.common.created'));
      await queryClient.invalidateQueries(trpc.banner.pathFilter());
      onClose();
    },
    onError: (e: unknown) => reportFormError(form, e),
  };
  const create = useMutation(trpc.banner.create.mutationOptions(options));
  const update = useMutation(trpc.banner.update.mutationOptions(options));
  const err = (name: keyof Values) => errorOf(form.formState.errors, name);
  return (
    <FormDrawer
      open
      onOpenChange={(v) => !v && onClose()}
      title={banner ? t('admin.banner.edit') : t('admin.banner.create')}
      onSubmit={form.handleSubmit((v) => (banner ? update.mutate({ ...v, id: banner.id }) : create.mutate(v)))}
      submitting={create.isPending || update.isPending}
    >
      <Field label={t('admin.banner.image')} htmlFor="bn-path" error={err('path')} hint={t('admin.banner.imageHint')}>
        <Controller
          control={form.control}
          name="path"
          render={({ field }) => (
            <ImageUpload
              id="bn-path"
              kind="banner"
              value={field.value}
              onChange={field.onChange}
              previewClassName="h-28 w-full max-w-sm"
            />
          )}
        />
      </Field>
      <Field label={t('admin.banner.title')} htmlFor="bn-title" error={err('title')}>
        <Input id="bn-title" {...form.register('title')} />
      </Field>
      <Field label={t('admin.common.description')} htmlFor="bn-description" error={err('description')}>
        <Textarea id="bn-description" rows={2} {...form.register('description')} />
      </Field>
      <Field label={t('admin.banner.url')} htmlFor="bn-url" error={err('url')} hint={t('admin.banner.urlHint')}>
        <Input id="bn-url" placeholder="https://" aria-invalid={!!err('url')} {...form.register('url')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('admin.banner.type')} htmlFor="bn-type">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <SelectInput
                id="bn-type"
                value={String(field.value ?? 0)}
                onChange={(v) => field.onChange(Number(v))}
                options={BANNER_TYPES.map((v) => ({ value: String(v), label: t(`admin.banner.types.${v}`) }))}
              />
            )}
          />
        </Field>
        <Field label={t('admin.common.sort')} htmlFor="bn-sort" error={err('sort')} hint={t('admin.common.sortHint')}>
          <Input id="bn-sort" type="number" step={1} {...form.register('sort')} />
        </Field>
      </div>
      <Field label={t('enabled')} htmlFor="bn-enable">
        <Controller
          control={form.control}
          name="enable"
          render={({ field }) => (
            <YesNoSwitch id="bn-enable" checked={field.value === true} onChange={field.onChange} />
          )}
        />
      </Field>
    </FormDrawer>
  );
}
