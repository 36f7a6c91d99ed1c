import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { createLanguageInput, type languageOutput } from '@wenku/shared';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import * as React from 'react';
import { BulkDeleteButton, CreateButton } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { createdAtColumn, editDeleteColumn, enableColumn, idColumn, sortColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { listActionCallbacks, useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { EnableFilter } from '@/components/admin/filters';
import { FormDialog } from '@/components/admin/form-dialog';
import { SortField, SwitchField, TextField } from '@/components/admin/form-fields';
import { enableListSearchSchema, listRouteOptions, toEnableListInput } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import type { z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

type Language = z.infer<typeof languageOutput>;

export const Route = createFileRoute('/admin/document/language')({
  ...listRouteOptions(enableListSearchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.language.list.queryOptions(toEnableListInput(deps))),
  component: LanguagePage,
});

/** Document languages (moredoc-facts §18.5): enabled ones appear in upload, edit and filter selectors. */
function LanguagePage() {
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({
    ...trpc.language.list.queryOptions(toEnableListInput(search)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = React.useState<{ language: Language | null } | null>(null);

  // Enabled languages are part of the public settings.
  const invalidate = useInvalidate(trpc.language.pathFilter(), trpc.system.settings.pathFilter());
  const { mutateAsync: setStatus } = useMutation(
    trpc.language.setStatus.mutationOptions(listActionCallbacks(invalidate, t('admin.common.saved'))),
  );
  const askDelete = useConfirmedDelete<Language>({
    title: t('admin.language.deleteTitle'),
    description: (langs) =>
      t('admin.common.deleteConfirm', { names: langs.map((l) => l.language).join(t('admin.common.separator')) }),
    remove: (id) => client.language.delete.mutate({ id }),
    refresh: invalidate,
  });
  // The mutation reports a failure itself; the selection stays so the admin can retry.
  const setEnabled = (langs: Language[], enable: boolean, done?: () => void) =>
    void setStatus({ id: langs.map((l) => l.id), enable })
      .then(done)
      .catch(() => {});

  const columns = React.useMemo<ColumnDef<Language>[]>(
    () => [
      idColumn({ sortable: true }),
      { id: 'language', accessorKey: 'language', header: t('admin.language.name'), enableSorting: true },
      {
        id: 'code',
        accessorKey: 'code',
        header: t('admin.language.code'),
        enableSorting: true,
        cell: ({ row: { original: l } }) => <code className="text-xs">{l.code}</code>,
      },
      enableColumn(t, {
        canEdit: can('LanguageAPI.UpdateLanguageStatus'),
        onChange: (l, enable) => void setStatus({ id: [l.id], enable }).catch(() => {}),
      }),
      sortColumn(t, { sortable: true }),
      createdAtColumn(t),
      editDeleteColumn(t, {
        onEdit: can('LanguageAPI.UpdateLanguage') ? (l) => setEditing({ language: l }) : undefined,
        onDelete: can('LanguageAPI.DeleteLanguage') ? (l) => askDelete([l]) : undefined,
      }),
    ],
    [t, can, setStatus, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.document_language')}
      actions={
        can('LanguageAPI.CreateLanguage') ? (
          <CreateButton onClick={() => setEditing({ language: null })}>{t('admin.language.create')}</CreateButton>
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
        {...tableProps(list)}
        selectable={can('LanguageAPI.UpdateLanguageStatus') || can('LanguageAPI.DeleteLanguage')}
        bulkActions={(selected, clear) => (
          <>
            {can('LanguageAPI.UpdateLanguageStatus') ? (
              <>
                <Button variant="outline" size="sm" onClick={() => setEnabled(selected, true, clear)}>
                  <EyeIcon />
                  {t('admin.language.enableSelected')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setEnabled(selected, false, clear)}>
                  <EyeOffIcon />
                  {t('admin.language.disableSelected')}
                </Button>
              </>
            ) : null}
            {can('LanguageAPI.DeleteLanguage') ? <BulkDeleteButton onClick={() => askDelete(selected, clear)} /> : null}
          </>
        )}
        minWidth={720}
      />
      {editing ? <LanguageDialog language={editing.language} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

function LanguageDialog({ language, onClose }: { language: Language | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: createLanguageInput,
    defaultValues: {
      language: language?.language ?? '',
      code: language?.code ?? '',
      enable: language?.enable ?? true,
      sort: language?.sort ?? 0,
    },
    save: (v) =>
      language ? client.language.update.mutate({ ...v, id: language.id }) : client.language.create.mutate(v),
    successText: language ? t('admin.common.saved') : t('admin.common.created'),
    invalidate: [trpc.language.pathFilter(), trpc.system.settings.pathFilter()],
    onClose,
  });
  return (
    <FormDialog {...shellProps} title={language ? t('admin.language.edit') : t('admin.language.create')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="language" label={t('admin.language.name')} />
        <TextField
          form={form}
          name="code"
          label={t('admin.language.code')}
          hint={t('admin.language.codeHint')}
          placeholder="zh-CN"
        />
        <SortField form={form} />
        <SwitchField form={form} name="enable" label={t('enabled')} />
      </div>
    </FormDialog>
  );
}
