import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { createLanguageInput, type languageOutput } from '@wenku/shared';
import { EyeIcon, EyeOffIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
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
import { Input } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc';

type Language = z.infer<typeof languageOutput>;

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

export const Route = createFileRoute('/admin/document/language')({
  validateSearch: searchSchema,
  // The defaults stay out of the URL.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.language.list.queryOptions(toInput(deps))),
  component: LanguagePage,
});

/** Document languages (moredoc-facts §18.5): enabled ones appear in upload, edit and filter selectors. */
function LanguagePage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<Search>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as Search, replace: true });
  const list = useQuery({ ...trpc.language.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const [editing, setEditing] = React.useState<{ language: Language | null } | null>(null);

  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.language.pathFilter()),
      // Enabled languages are part of the public settings.
      queryClient.invalidateQueries(trpc.system.settings.pathFilter()),
    ]);
  const { mutateAsync: setStatus } = useMutation(
    trpc.language.setStatus.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.saved'));
        await invalidate();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );
  const { mutateAsync: deleteLanguages } = useMutation(
    trpc.language.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await invalidate();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );
  const askDelete = React.useCallback(
    (langs: Language[], done?: () => void) =>
      confirm({
        title: t('admin.language.deleteTitle'),
        description: t('admin.common.deleteConfirm', {
          names: langs.map((l) => l.language).join(t('admin.common.separator')),
        }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: async () => {
          await deleteLanguages({ id: langs.map((l) => l.id) });
          done?.();
        },
      }),
    [confirm, deleteLanguages, t],
  );

  const columns = React.useMemo<ColumnDef<Language>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'ID', enableSorting: true, meta: { className: 'w-16' } },
      { id: 'language', accessorKey: 'language', header: t('admin.language.name'), enableSorting: true },
      {
        id: 'code',
        accessorKey: 'code',
        header: t('admin.language.code'),
        enableSorting: true,
        cell: ({ row: { original: l } }) => <code className="text-xs">{l.code}</code>,
      },
      {
        id: 'enable',
        header: t('enabled'),
        cell: ({ row: { original: l } }) => (
          <Switch
            checked={l.enable}
            aria-label={t('enabled')}
            disabled={!can('LanguageAPI.UpdateLanguageStatus')}
            onCheckedChange={(enable) => void setStatus({ id: [l.id], enable }).catch(() => {})}
          />
        ),
      },
      { id: 'sort', accessorKey: 'sort', header: t('admin.common.sort'), enableSorting: true },
      {
        id: 'created_at',
        header: t('admin.common.createdAt'),
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
            {can('LanguageAPI.UpdateLanguage') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('edit')}
                title={t('edit')}
                onClick={() => setEditing({ language: l })}
              >
                <PencilIcon />
              </Button>
            ) : null}
            {can('LanguageAPI.DeleteLanguage') ? (
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
    [t, can, setStatus, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.document_language')}
      actions={
        can('LanguageAPI.CreateLanguage') ? (
          <Button onClick={() => setEditing({ language: null })}>
            <PlusIcon />
            {t('admin.language.create')}
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
        data={list.data?.language}
        getRowId={(l) => String(l.id)}
        {...queryTableState(list)}
        total={list.data?.total}
        page={search.page}
        size={search.size}
        onPageChange={(page, size) => navigate({ search: (s) => ({ ...s, page, size }) })}
        order={search.order}
        onOrderChange={(order) => setSearch({ order })}
        selectable={can('LanguageAPI.UpdateLanguageStatus') || can('LanguageAPI.DeleteLanguage')}
        bulkActions={(selected, clear) => (
          <>
            {can('LanguageAPI.UpdateLanguageStatus') ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    void setStatus({ id: selected.map((l) => l.id), enable: true })
                      .then(clear)
                      .catch(() => {})
                  }
                >
                  <EyeIcon />
                  {t('admin.language.enableSelected')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    void setStatus({ id: selected.map((l) => l.id), enable: false })
                      .then(clear)
                      .catch(() => {})
                  }
                >
                  <EyeOffIcon />
                  {t('admin.language.disableSelected')}
                </Button>
              </>
            ) : null}
            {can('LanguageAPI.DeleteLanguage') ? (
              <Button variant="destructive" size="sm" onClick={() => askDelete(selected, clear)}>
                <Trash2Icon />
                {t('admin.common.bulkDelete')}
              </Button>
            ) : null}
          </>
        )}
        minWidth={720}
      />
      {editing ? <LanguageDialog language={editing.language} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

type Values = z.input<typeof createLanguageInput>;

function LanguageDialog({ language, onClose }: { language: Language | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof createLanguageInput>>({
    resolver: zodResolver(createLanguageInput),
    defaultValues: {
      language: language?.language ?? '',
      code: language?.code ?? '',
      enable: language?.enable ?? true,
      sort: language?.sort ?? 0,
    },
  });
  const options = {
    onSuccess: async () => {
      toast.success(language ? t('admin.common.saved') : t('admin.common.created'));
      await Promise.all([
        queryClient.invalidateQueries(trpc.language.pathFilter()),
        queryClient.invalidateQueries(trpc.system.settings.pathFilter()),
      ]);
      onClose();
    },
    onError: (e: unknown) => reportFormError(form, e),
  };
  const create = useMutation(trpc.language.create.mutationOptions(options));
  const update = useMutation(trpc.language.update.mutationOptions(options));
  const err = (name: keyof Values) => errorOf(form.formState.errors, name);
  return (
    <FormDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={language ? t('admin.language.edit') : t('admin.language.create')}
      onSubmit={form.handleSubmit((v) => (language ? update.mutate({ ...v, id: language.id }) : create.mutate(v)))}
      submitting={create.isPending || update.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.language.name')} htmlFor="lg-language" error={err('language')}>
          <Input id="lg-language" aria-invalid={!!err('language')} {...form.register('language')} />
        </Field>
        <Field
          label={t('admin.language.code')}
          htmlFor="lg-code"
          error={err('code')}
          hint={t('admin.language.codeHint')}
        >
          <Input id="lg-code" placeholder="zh-CN" aria-invalid={!!err('code')} {...form.register('code')} />
        </Field>
        <Field label={t('admin.common.sort')} htmlFor="lg-sort" error={err('sort')} hint={t('admin.common.sortHint')}>
          <Input id="lg-sort" type="number" step={1} {...form.register('sort')} />
        </Field>
        <Field label={t('enabled')} htmlFor="lg-enable">
          <Controller
            control={form.control}
            name="enable"
            render={({ field }) => (
              <YesNoSwitch id="lg-enable" checked={field.value === true} onChange={field.onChange} />
            )}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
