import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { BannerType, type bannerOutput, createBannerInput, safeHref } from '@wenku/shared';
import * as React from 'react';
import { BulkDeleteButton, CreateButton } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { createdAtColumn, editDeleteColumn, enableColumn, idColumn, sortColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { listActionCallbacks, useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { EnableFilter, NumberFilter } from '@/components/admin/filters';
import { FormDrawer } from '@/components/admin/form-dialog';
import {
  DescriptionField,
  ImageField,
  NumberSelectField,
  SortField,
  SwitchField,
  TextField,
} from '@/components/admin/form-fields';
import { listRouteOptions, oneValueFilters, optionalBool, optionalNumber } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { Badge } from '@/components/ui/misc';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n/react';
import type { z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

type Banner = z.infer<typeof bannerOutput>;

const { searchSchema, toInput } = oneValueFilters({ type: optionalNumber, enable: optionalBool });

export const Route = createFileRoute('/admin/banner')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.banner.list.queryOptions(toInput(deps))),
  component: BannerPage,
});

const bannerTypeOptions = (t: TFunction) =>
  Object.values(BannerType).map((v) => ({ value: String(v), label: t(`admin.banner.types.${v}`) }));

/** Carousel images of the home page, the mini-program and the app (spec §3 banner type 0/1/2). */
function BannerPage() {
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({ ...trpc.banner.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  // Without a `field` projection every field is present.
  const rows = list.data?.banner as Banner[] | undefined;
  const [editing, setEditing] = React.useState<{ banner: Banner | null } | null>(null);

  const invalidate = useInvalidate(trpc.banner.pathFilter());
  const { mutate: updateBanner } = useMutation(trpc.banner.update.mutationOptions(listActionCallbacks(invalidate)));
  const askDelete = useConfirmedDelete<Banner>({
    title: t('admin.banner.deleteTitle'),
    description: (banners) => t('admin.common.deleteCount', { count: banners.length }),
    remove: (id) => client.banner.delete.mutate({ id }),
    refresh: invalidate,
  });

  const columns = React.useMemo<ColumnDef<Banner>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'path',
        header: t('admin.banner.image'),
        cell: ({ row: { original: b } }) => (
          <a href={safeHref(b.path) ?? undefined} target="_blank" rel="noreferrer noopener" className="block w-32">
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
      sortColumn(t, { sortable: true }),
      enableColumn(t, {
        canEdit: can('BannerAPI.UpdateBanner'),
        onChange: (b, enable) => updateBanner({ id: b.id, path: b.path, enable }),
      }),
      createdAtColumn(t, { sortable: true }),
      editDeleteColumn(t, {
        onEdit: can('BannerAPI.UpdateBanner') ? (b) => setEditing({ banner: b }) : undefined,
        onDelete: can('BannerAPI.DeleteBanner') ? (b) => askDelete([b]) : undefined,
      }),
    ],
    [t, can, updateBanner, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.banner')}
      actions={
        can('BannerAPI.CreateBanner') ? (
          <CreateButton onClick={() => setEditing({ banner: null })}>{t('admin.banner.create')}</CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} />
        <NumberFilter
          label={t('admin.banner.type')}
          allLabel={t('admin.banner.allTypes')}
          value={search.type}
          onChange={(type) => setSearch({ type })}
          options={bannerTypeOptions(t)}
        />
        <EnableFilter value={search.enable} onChange={(enable) => setSearch({ enable })} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(b) => String(b.id)}
        {...tableProps(list)}
        selectable={can('BannerAPI.DeleteBanner')}
        bulkActions={(selected, clear) => <BulkDeleteButton onClick={() => askDelete(selected, clear)} />}
        minWidth={980}
      />
      {editing ? <BannerDrawer banner={editing.banner} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

function BannerDrawer({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: createBannerInput,
    defaultValues: {
      path: banner?.path ?? '',
      title: banner?.title ?? '',
      description: banner?.description ?? '',
      url: banner?.url ?? '',
      type: banner?.type ?? BannerType.Website,
      sort: banner?.sort ?? 0,
      enable: banner?.enable ?? true,
    },
    save: (v) => (banner ? client.banner.update.mutate({ ...v, id: banner.id }) : client.banner.create.mutate(v)),
    successText: banner ? t('admin.common.saved') : t('admin.common.created'),
    invalidate: [trpc.banner.pathFilter()],
    onClose,
  });
  return (
    <FormDrawer {...shellProps} title={banner ? t('admin.banner.edit') : t('admin.banner.create')}>
      <ImageField
        form={form}
        name="path"
        label={t('admin.banner.image')}
        hint={t('admin.banner.imageHint')}
        kind="banner"
        previewClassName="h-28 w-full max-w-sm"
      />
      <TextField form={form} name="title" label={t('admin.banner.title')} />
      <DescriptionField form={form} rows={2} />
      <TextField
        form={form}
        name="url"
        label={t('admin.banner.url')}
        hint={t('admin.banner.urlHint')}
        placeholder="https://"
      />
      <div className="grid grid-cols-2 gap-4">
        <NumberSelectField form={form} name="type" label={t('admin.banner.type')} options={bannerTypeOptions(t)} />
        <SortField form={form} />
      </div>
      <SwitchField form={form} name="enable" label={t('enabled')} />
    </FormDrawer>
  );
}
