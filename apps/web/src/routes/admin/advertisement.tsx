import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { AD_POSITIONS, type AdvertisementDTO, createAdvertisementInput } from '@wenku/shared';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { BulkDeleteButton, CreateButton } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { createdAtColumn, editDeleteColumn, enableColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { listActionCallbacks, useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { EnableFilter } from '@/components/admin/filters';
import { FormDrawer } from '@/components/admin/form-dialog';
import { errorOf } from '@/components/admin/form-errors';
import { ControlledField, SwitchField, TextareaField, TextField } from '@/components/admin/form-fields';
import { GroupedSelectInput } from '@/components/admin/inputs';
import {
  listParam,
  listRouteOptions,
  listSearchSchema,
  optionalBool,
  toListInput,
} from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { Field } from '@/components/forms/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '@/lib/dates';
import { optionalText, z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

const searchSchema = z.extend(listSearchSchema, {
  position: optionalText(64),
  enable: optionalBool,
});
const toInput = (s: z.output<typeof searchSchema>) =>
  toListInput(s, { position: s.position ? [s.position] : undefined, enable: listParam(s.enable) });

export const Route = createFileRoute('/admin/advertisement')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.advertisement.list.queryOptions(toInput(deps))),
  component: AdvertisementPage,
});

function usePositionGroups() {
  const { t } = useTranslation();
  return React.useMemo(
    () =>
      Object.entries(AD_POSITIONS).map(([group, positions]) => ({
        label: t(`admin.advertisement.groups.${group}`),
        options: positions.map((p) => ({ value: p, label: t(`admin.advertisement.positions.${p}`) })),
      })),
    [t],
  );
}

/** Whether an ad shows now: enabled and inside its time window (moredoc-facts §18.6). */
function adState(ad: AdvertisementDTO, now = Date.now()): 'off' | 'pending' | 'ended' | 'live' {
  if (!ad.enable) return 'off';
  if (ad.start_time && Date.parse(ad.start_time) > now) return 'pending';
  if (ad.end_time && Date.parse(ad.end_time) < now) return 'ended';
  return 'live';
}
const STATE_VARIANT = { off: 'outline', pending: 'warning', ended: 'secondary', live: 'success' } as const;

function AdvertisementPage() {
  const groups = usePositionGroups();
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({
    ...trpc.advertisement.list.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = React.useState<{ ad: AdvertisementDTO | null } | null>(null);

  const invalidate = useInvalidate(trpc.advertisement.pathFilter());
  const { mutate: updateAd } = useMutation(trpc.advertisement.update.mutationOptions(listActionCallbacks(invalidate)));
  const askDelete = useConfirmedDelete<AdvertisementDTO>({
    title: t('admin.advertisement.deleteTitle'),
    description: (ads) =>
      t('admin.common.deleteConfirm', { names: ads.map((a) => a.title).join(t('admin.common.separator')) }),
    remove: (id) => client.advertisement.delete.mutate({ id }),
    refresh: invalidate,
  });

  const columns = React.useMemo<ColumnDef<AdvertisementDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'title',
        header: t('admin.advertisement.title'),
        cell: ({ row: { original: a } }) => (
          <div className="grid max-w-56">
            <span className="truncate font-medium">{a.title}</span>
            {a.remark ? <span className="truncate text-muted-foreground text-xs">{a.remark}</span> : null}
          </div>
        ),
      },
      {
        id: 'position',
        accessorKey: 'position',
        header: t('admin.advertisement.position'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <div className="grid">
            <span className="whitespace-nowrap">
              {t(`admin.advertisement.positions.${a.position}`, { defaultValue: a.position })}
            </span>
            <code className="text-muted-foreground text-xs">{a.position}</code>
          </div>
        ),
      },
      {
        id: 'state',
        header: t('admin.common.status'),
        cell: ({ row: { original: a } }) => {
          const state = adState(a);
          return <Badge variant={STATE_VARIANT[state]}>{t(`admin.advertisement.state.${state}`)}</Badge>;
        },
      },
      enableColumn(t, {
        canEdit: can('AdvertisementAPI.UpdateAdvertisement'),
        // The time window travels along: a missing start or end time would be cleared by the update.
        onChange: (a, enable) =>
          updateAd({
            id: a.id,
            position: a.position,
            title: a.title,
            enable,
            start_time: a.start_time,
            end_time: a.end_time,
          }),
      }),
      {
        id: 'start_time',
        accessorKey: 'start_time',
        header: t('admin.advertisement.window'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <div className="grid whitespace-nowrap text-xs">
            <span>{formatDateTime(a.start_time) || t('admin.advertisement.noStart')}</span>
            <span className="text-muted-foreground">
              {formatDateTime(a.end_time) || t('admin.advertisement.noEnd')}
            </span>
          </div>
        ),
      },
      createdAtColumn(t, { sortable: true }),
      editDeleteColumn(t, {
        onEdit: can('AdvertisementAPI.UpdateAdvertisement') ? (a) => setEditing({ ad: a }) : undefined,
        onDelete: can('AdvertisementAPI.DeleteAdvertisement') ? (a) => askDelete([a]) : undefined,
      }),
    ],
    [t, can, updateAd, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.advertisement')}
      actions={
        can('AdvertisementAPI.CreateAdvertisement') ? (
          <CreateButton onClick={() => setEditing({ ad: null })}>{t('admin.advertisement.create')}</CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} />
        <GroupedSelectInput
          aria-label={t('admin.advertisement.position')}
          className="w-full sm:w-48"
          value={search.position ?? ''}
          onChange={(v) => setSearch({ position: v || undefined })}
          emptyLabel={t('admin.advertisement.allPositions')}
          groups={groups}
        />
        <EnableFilter value={search.enable} onChange={(enable) => setSearch({ enable })} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.advertisement}
        getRowId={(a) => String(a.id)}
        {...tableProps(list)}
        selectable={can('AdvertisementAPI.DeleteAdvertisement')}
        bulkActions={(selected, clear) => <BulkDeleteButton onClick={() => askDelete(selected, clear)} />}
        minWidth={980}
      />
      {editing ? <AdvertisementDrawer ad={editing.ad} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

function AdvertisementDrawer({ ad, onClose }: { ad: AdvertisementDTO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const groups = usePositionGroups();
  const { form, shellProps } = useEntityForm({
    schema: createAdvertisementInput,
    defaultValues: {
      position: ad?.position ?? '',
      title: ad?.title ?? '',
      content: ad?.content ?? '',
      remark: ad?.remark ?? '',
      enable: ad?.enable ?? true,
      start_time: ad?.start_time ?? null,
      end_time: ad?.end_time ?? null,
    },
    save: (v) => (ad ? client.advertisement.update.mutate({ ...v, id: ad.id }) : client.advertisement.create.mutate(v)),
    successText: ad ? t('admin.common.saved') : t('admin.common.created'),
    invalidate: [trpc.advertisement.pathFilter()],
    onClose,
  });
  const content = useWatch({ control: form.control, name: 'content' });
  const timeField = (name: 'start_time' | 'end_time', label: string) => (
    <ControlledField
      form={form}
      name={name}
      label={label}
      hint={t('admin.advertisement.timeHint')}
      render={(field, id) => (
        <Input
          id={id}
          type="datetime-local"
          value={toDateTimeLocal(field.value as string | null | undefined)}
          onChange={(e) => field.onChange(fromDateTimeLocal(e.target.value))}
        />
      )}
    />
  );
  return (
    <FormDrawer
      {...shellProps}
      title={ad ? t('admin.advertisement.edit') : t('admin.advertisement.create')}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ControlledField
          form={form}
          name="position"
          label={t('admin.advertisement.position')}
          render={(field, id) => (
            <GroupedSelectInput
              id={id}
              value={field.value}
              onChange={field.onChange}
              placeholder={t('admin.common.choose')}
              groups={groups}
            />
          )}
        />
        <TextField form={form} name="title" label={t('admin.advertisement.title')} />
      </div>
      <Field
        label={t('admin.advertisement.content')}
        htmlFor="ad-content"
        error={errorOf(form.formState.errors, 'content')}
      >
        <Tabs defaultValue="edit" className="grid gap-2">
          <TabsList>
            <TabsTrigger value="edit">{t('admin.advertisement.editHtml')}</TabsTrigger>
            <TabsTrigger value="preview">{t('admin.advertisement.preview')}</TabsTrigger>
          </TabsList>
          <TabsContent value="edit">
            <Textarea
              id="ad-content"
              rows={8}
              className="font-mono text-xs"
              placeholder={t('admin.advertisement.contentPlaceholder')}
              {...form.register('content')}
            />
          </TabsContent>
          <TabsContent value="preview">
            {/* A sandbox without scripts: the preview shows the markup without running it in the back office. */}
            <iframe
              title={t('admin.advertisement.preview')}
              sandbox=""
              srcDoc={content || ''}
              className="h-48 w-full rounded-md border bg-white"
            />
          </TabsContent>
        </Tabs>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {timeField('start_time', t('admin.advertisement.startTime'))}
        {timeField('end_time', t('admin.advertisement.endTime'))}
      </div>
      <TextareaField form={form} name="remark" label={t('admin.advertisement.remark')} rows={2} />
      <SwitchField form={form} name="enable" label={t('enabled')} />
    </FormDrawer>
  );
}
