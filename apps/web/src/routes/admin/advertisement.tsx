import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { AD_POSITIONS, type AdvertisementDTO, createAdvertisementInput } from '@wenku/shared';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable, queryTableState } from '@/components/admin/data-table';
import { EnableFilter } from '@/components/admin/filters';
import { FormDrawer } from '@/components/admin/form-dialog';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { formatDateTime } from '@/components/admin/format';
import { fromLocalInput, GroupedSelectInput, toLocalInput, YesNoSwitch } from '@/components/admin/inputs';
import { compact, LIST_DEFAULTS, listSearchSchema, optionalBool } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Field } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { Switch, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';

const searchSchema = listSearchSchema.extend({
  position: z.string().max(64).optional().catch(undefined),
  enable: optionalBool,
});
type Search = ReturnType<typeof searchSchema.parse>;
const toInput = (s: Search) =>
  compact({
    page: s.page,
    size: s.size,
    wd: s.wd,
    order: s.order,
    position: s.position ? [s.position] : undefined,
    enable: s.enable === undefined ? undefined : [s.enable],
  });

export const Route = createFileRoute('/admin/advertisement')({
  validateSearch: searchSchema,
  // The defaults stay out of the URL.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
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
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const groups = usePositionGroups();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<Search>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as Search, replace: true });
  const list = useQuery({
    ...trpc.advertisement.list.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = React.useState<{ ad: AdvertisementDTO | null } | null>(null);

  const invalidate = () => queryClient.invalidateQueries(trpc.advertisement.pathFilter());
  const { mutate: updateAd } = useMutation(
    trpc.advertisement.update.mutationOptions({ onSuccess: invalidate, onError: (e) => reportFormError(null, e) }),
  );
  const { mutateAsync: deleteAds } = useMutation(
    trpc.advertisement.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await invalidate();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );
  const askDelete = React.useCallback(
    (ads: AdvertisementDTO[], done?: () => void) =>
      confirm({
        title: t('admin.advertisement.deleteTitle'),
        description: t('admin.common.deleteConfirm', {
          names: ads.map((a) => a.title).join(t('admin.common.separator')),
        }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: async () => {
          await deleteAds({ id: ads.map((a) => a.id) });
          done?.();
        },
      }),
    [confirm, deleteAds, t],
  );

  const columns = React.useMemo<ColumnDef<AdvertisementDTO>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'ID', enableSorting: true, meta: { className: 'w-16' } },
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
      {
        id: 'enable',
        header: t('enabled'),
        cell: ({ row: { original: a } }) => (
          <Switch
            checked={a.enable}
            aria-label={t('enabled')}
            disabled={!can('AdvertisementAPI.UpdateAdvertisement')}
            // The time window travels along: a missing start or end time would be cleared by the update.
            onCheckedChange={(enable) =>
              updateAd({
                id: a.id,
                position: a.position,
                title: a.title,
                enable,
                start_time: a.start_time,
                end_time: a.end_time,
              })
            }
          />
        ),
      },
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
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.common.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(a.created_at)}</span>
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: a } }) => (
          <div className="flex justify-end gap-1">
            {can('AdvertisementAPI.UpdateAdvertisement') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('edit')}
                title={t('edit')}
                onClick={() => setEditing({ ad: a })}
              >
                <PencilIcon />
              </Button>
            ) : null}
            {can('AdvertisementAPI.DeleteAdvertisement') ? (
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
    [t, can, updateAd, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.advertisement')}
      actions={
        can('AdvertisementAPI.CreateAdvertisement') ? (
          <Button onClick={() => setEditing({ ad: null })}>
            <PlusIcon />
            {t('admin.advertisement.create')}
          </Button>
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
        {...queryTableState(list)}
        total={list.data?.total}
        page={search.page}
        size={search.size}
        onPageChange={(page, size) => navigate({ search: (s) => ({ ...s, page, size }) })}
        order={search.order}
        onOrderChange={(order) => setSearch({ order })}
        selectable={can('AdvertisementAPI.DeleteAdvertisement')}
        bulkActions={(selected, clear) => (
          <Button variant="destructive" size="sm" onClick={() => askDelete(selected, clear)}>
            <Trash2Icon />
            {t('admin.common.bulkDelete')}
          </Button>
        )}
        minWidth={980}
      />
      {editing ? <AdvertisementDrawer ad={editing.ad} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

type Values = z.input<typeof createAdvertisementInput>;

function AdvertisementDrawer({ ad, onClose }: { ad: AdvertisementDTO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const groups = usePositionGroups();
  const form = useForm<Values, unknown, z.output<typeof createAdvertisementInput>>({
    resolver: zodResolver(createAdvertisementInput),
    defaultValues: {
      position: ad?.position ?? '',
      title: ad?.title ?? '',
      content: ad?.content ?? '',
      remark: ad?.remark ?? '',
      enable: ad?.enable ?? true,
      start_time: ad?.start_time ?? null,
      end_time: ad?.end_time ?? null,
    },
  });
  const content = useWatch({ control: form.control, name: 'content' });
  const options = {
    onSuccess: async () => {
      toast.success(ad ? t('admin.common.saved') : t('admin.common.created'));
      await queryClient.invalidateQueries(trpc.advertisement.pathFilter());
      onClose();
    },
    onError: (e: unknown) => reportFormError(form, e),
  };
  const create = useMutation(trpc.advertisement.create.mutationOptions(options));
  const update = useMutation(trpc.advertisement.update.mutationOptions(options));
  const err = (name: keyof Values) => errorOf(form.formState.errors, name);
  const timeField = (name: 'start_time' | 'end_time', id: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Input
          id={id}
          type="datetime-local"
          value={toLocalInput(field.value as string | null | undefined)}
          onChange={(e) => field.onChange(fromLocalInput(e.target.value))}
        />
      )}
    />
  );
  return (
    <FormDrawer
      open
      onOpenChange={(v) => !v && onClose()}
      title={ad ? t('admin.advertisement.edit') : t('admin.advertisement.create')}
      onSubmit={form.handleSubmit((v) => (ad ? update.mutate({ ...v, id: ad.id }) : create.mutate(v)))}
      submitting={create.isPending || update.isPending}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.advertisement.position')} htmlFor="ad-position" error={err('position')}>
          <Controller
            control={form.control}
            name="position"
            render={({ field }) => (
              <GroupedSelectInput
                id="ad-position"
                value={field.value}
                onChange={field.onChange}
                placeholder={t('admin.common.choose')}
                groups={groups}
              />
            )}
          />
        </Field>
        <Field label={t('admin.advertisement.title')} htmlFor="ad-title" error={err('title')}>
          <Input id="ad-title" aria-invalid={!!err('title')} {...form.register('title')} />
        </Field>
      </div>
      <Field label={t('admin.advertisement.content')} htmlFor="ad-content" error={err('content')}>
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
        <Field
          label={t('admin.advertisement.startTime')}
          htmlFor="ad-start"
          error={err('start_time')}
          hint={t('admin.advertisement.timeHint')}
        >
          {timeField('start_time', 'ad-start')}
        </Field>
        <Field
          label={t('admin.advertisement.endTime')}
          htmlFor="ad-end"
          error={err('end_time')}
          hint={t('admin.advertisement.timeHint')}
        >
          {timeField('end_time', 'ad-end')}
        </Field>
      </div>
      <Field label={t('admin.advertisement.remark')} htmlFor="ad-remark" error={err('remark')}>
        <Textarea id="ad-remark" rows={2} {...form.register('remark')} />
      </Field>
      <Field label={t('enabled')} htmlFor="ad-enable">
        <Controller
          control={form.control}
          name="enable"
          render={({ field }) => (
            <YesNoSwitch id="ad-enable" checked={field.value === true} onChange={field.onChange} />
          )}
        />
      </Field>
    </FormDrawer>
  );
}
