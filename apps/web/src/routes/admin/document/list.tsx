import { createFileRoute } from '@tanstack/react-router';
import type { DocumentDTO } from '@wenku/shared';
import { RefreshCwIcon } from 'lucide-react';
import * as React from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { DataTable } from '@/components/admin/data-table';
import { listRouteOptions, useListSearch } from '@/components/admin/list-search';
import { DocumentEditDialog } from '@/components/documents/document-edit-dialog';
import { useDocumentCategoryTree } from '@/components/documents/use-document-data';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import {
  type BulkDialogState,
  DocumentBulkActions,
  DocumentBulkDialog,
  useDocumentBulkCan,
} from './-components/document-bulk-actions';
import { useDocumentColumns } from './-components/document-columns';
import { DocumentFilters } from './-components/document-filters';
import { documentSearchSchema, toDocumentListInput, useAdminDocumentList } from './-components/document-list-search';
import { useDocumentListActions } from './-components/use-document-actions';

export const Route = createFileRoute('/admin/document/list')({
  ...listRouteOptions(documentSearchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    deps.uploader ? undefined : queryClient.prefetchQuery(trpc.document.list.queryOptions(toDocumentListInput(deps))),
  component: DocumentListPage,
});

/** 文档列表 (spec §2 /admin/document/list): filter, review, recommend, file, convert again and delete documents. */
function DocumentListPage() {
  const { t } = useTranslation();
  const { tree } = useDocumentCategoryTree({ hideEmpty: false });
  const { search, setSearch, tableProps } = useListSearch(Route);
  const { data, state } = useAdminDocumentList(search);
  const actions = useDocumentListActions();
  const allowed = useDocumentBulkCan();
  const [editing, setEditing] = React.useState<DocumentDTO | null>(null);
  const [dialog, setDialog] = React.useState<BulkDialogState>(null);
  const columns = useDocumentColumns({ tree, actions, onEdit: setEditing });

  return (
    <AdminPage
      title={t('admin.menu.document_list')}
      description={t('documents.admin.listDescription')}
      actions={
        allowed.reconvert ? (
          <Button variant="outline" onClick={() => actions.reconvert(null)}>
            <RefreshCwIcon />
            {t('documents.admin.reconvertFailed')}
          </Button>
        ) : null
      }
    >
      <DocumentFilters search={search} setSearch={setSearch} tree={tree} />
      <DataTable
        columns={columns}
        data={data?.document}
        getRowId={(d) => String(d.id)}
        {...tableProps(state)}
        total={data?.total}
        selectable={allowed.any}
        bulkActions={(rows, clear) => (
          <DocumentBulkActions rows={rows} clear={clear} actions={actions} onOpen={setDialog} />
        )}
        emptyText={t('documents.admin.empty')}
        minWidth={1100}
      />
      {editing ? (
        <DocumentEditDialog
          document={editing}
          onClose={() => setEditing(null)}
          onSaved={() => void actions.refresh()}
        />
      ) : null}
      {dialog ? <DocumentBulkDialog dialog={dialog} actions={actions} onClose={() => setDialog(null)} /> : null}
    </AdminPage>
  );
}
