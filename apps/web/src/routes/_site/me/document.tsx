import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import { CloudUploadIcon, DownloadIcon, EyeIcon, FileStackIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { DocumentEditDialog } from '@/components/documents/document-edit-dialog';
import { PriceTag } from '@/components/documents/document-items';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes, useRelativeTime } from '@/components/documents/format';
import { stars } from '@/components/documents/listing';
import { Stars } from '@/components/documents/star-rating';
import { ALL_STATUSES } from '@/components/documents/status';
import { DocumentStatusBadge } from '@/components/documents/status-badge';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/areas/account';
import { refreshUser } from '@/lib/auth';
import { toastCallbacks } from '@/lib/mutation-toasts';
import { optionalInt, optionalText, z } from '@/lib/search-schema';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { MyItemsCard, myItemsInput } from './-components/my-items-card';

const searchSchema = z.object({
  page: optionalInt(1),
  status: optionalInt(0, 7),
  wd: optionalText(100),
});

/** 我的文档 (moredoc-facts §21.7 我的上传): every document of the member in every status, to edit or delete. */
export const Route = createFileRoute('/_site/me/document')({
  validateSearch: searchSchema,
  component: MyDocuments,
});

function MyDocuments() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const settings = useDocumentSettings();
  const list = useQuery({
    ...trpc.document.list.queryOptions(myItemsInput(user?.id ?? 0, search)),
    enabled: !!user,
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = React.useState<DocumentDTO | null>(null);
  const remove = useMutation(
    trpc.document.delete.mutationOptions(
      toastCallbacks({
        success: t('documents.actions.deleted'),
        refresh: () => {
          // Deleting may cost credits (score.delete_document).
          void refreshUser(client).catch(() => {});
          return queryClient.invalidateQueries(trpc.document.list.pathFilter());
        },
      }),
    ),
  );

  return (
    <MyItemsCard
      ns="documents"
      addLink={{ to: '/upload', icon: <CloudUploadIcon />, label: t('documents.mine.upload') }}
      search={search}
      navigate={navigate}
      statuses={ALL_STATUSES}
      statusFilter={{ label: t('documents.fields.status'), className: 'sm:w-40' }}
      query={list}
      rows={list.data?.document}
      skeletonClassName="h-20"
      emptyIcon={<FileStackIcon className="size-10 opacity-60" />}
      listTestId="my-documents"
      renderRow={(d, onDelete) => (
        <MyDocumentRow
          key={d.id}
          doc={d}
          creditName={settings.creditName}
          onEdit={() => setEditing(d)}
          onDelete={onDelete}
        />
      )}
      remove={(d) => remove.mutateAsync({ id: [d.id] })}
    >
      {editing ? <DocumentEditDialog document={editing} onClose={() => setEditing(null)} /> : null}
    </MyItemsCard>
  );
}

function MyDocumentRow({
  doc,
  creditName,
  onEdit,
  onDelete,
}: {
  doc: DocumentDTO;
  creditName: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
      data-testid="my-document"
      data-status={doc.status}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <FileKindIcon ext={doc.ext} className="mt-0.5 size-6" />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/document/$id"
              params={{ id: doc.uuid || String(doc.id) }}
              className="min-w-0 break-words font-medium hover:text-primary hover:underline"
            >
              {doc.title}
            </Link>
            <DocumentStatusBadge status={doc.status} />
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
            <PriceTag price={doc.price} creditName={creditName} />
            <span>{t('documents.meta.pages', { count: doc.pages })}</span>
            <span>{formatBytes(doc.size)}</span>
            <span className="inline-flex items-center gap-1">
              <EyeIcon className="size-3" />
              {doc.view_count}
            </span>
            <span className="inline-flex items-center gap-1">
              <DownloadIcon className="size-3" />
              {doc.download_count}
            </span>
            {doc.score_count > 0 ? <Stars value={stars(doc.score)} size={11} /> : null}
            <time dateTime={doc.created_at}>{ago(doc.created_at)}</time>
          </p>
          {doc.status === DocumentStatus.Failed && doc.convert_error ? (
            <p className="break-words rounded bg-destructive/10 px-2 py-1 text-destructive text-xs">
              {t('documents.mine.convertError', { reason: doc.convert_error })}
            </p>
          ) : null}
          {doc.status === DocumentStatus.PendingReview ? (
            <p className="text-muted-foreground text-xs">{t('documents.read.statusHelp.6')}</p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 gap-1 self-end sm:self-start">
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <PencilIcon />
          {t('documents.actions.edit')}
        </Button>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete}>
          <Trash2Icon />
          {t('documents.actions.delete')}
        </Button>
      </div>
    </li>
  );
}
