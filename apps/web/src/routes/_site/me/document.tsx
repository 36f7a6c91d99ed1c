import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import { CloudUploadIcon, DownloadIcon, EyeIcon, FileStackIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { QueryError } from '@/components/admin/query-state';
import { SearchInput } from '@/components/admin/search-input';
import { DocumentEditDialog } from '@/components/documents/document-edit-dialog';
import { PriceTag } from '@/components/documents/document-items';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes, useRelativeTime } from '@/components/documents/format';
import { stars } from '@/components/documents/listing';
import { Pager } from '@/components/documents/pager';
import { Stars } from '@/components/documents/star-rating';
import { ALL_STATUSES } from '@/components/documents/status';
import { DocumentStatusBadge } from '@/components/documents/status-badge';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/menu';
import { Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-error';
import { refreshUser } from '@/lib/auth';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

const PAGE_SIZE = 20;
const ALL = 'all';

const searchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  status: z.coerce.number().int().min(0).max(7).optional().catch(undefined),
  wd: z.string().max(100).optional().catch(undefined),
});

const inputOf = (userId: number, s: z.output<typeof searchSchema>) => ({
  user_id: [userId],
  page: s.page ?? 1,
  size: PAGE_SIZE,
  ...(s.status !== undefined ? { status: [s.status] } : {}),
  ...(s.wd ? { wd: s.wd } : {}),
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
  usePageTitle(t('documents.mine.title'));
  const list = useQuery({
    ...trpc.document.list.queryOptions(inputOf(user?.id ?? 0, search)),
    enabled: !!user,
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = React.useState<DocumentDTO | null>(null);
  const [deleting, setDeleting] = React.useState<DocumentDTO | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => client.document.delete.mutate({ id: [id] }),
    onSuccess: async () => {
      toast.success(t('documents.actions.deleted'));
      // Deleting may cost credits (score.delete_document).
      void refreshUser(client).catch(() => {});
      await queryClient.invalidateQueries(trpc.document.list.pathFilter());
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const setSearch = (patch: Partial<z.output<typeof searchSchema>>) =>
    void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), replace: true });

  let body: React.ReactNode;
  if (list.error && !list.data) {
    body = <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = (
      <div className="grid gap-3" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  } else if (list.data.document.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-12 text-center text-muted-foreground text-sm">
        <FileStackIcon className="size-10 opacity-60" />
        <p>{search.wd || search.status !== undefined ? t('documents.mine.noMatch') : t('documents.mine.empty')}</p>
        <Button asChild size="sm">
          <Link to="/upload">
            <CloudUploadIcon />
            {t('documents.mine.upload')}
          </Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <ul className={list.isPlaceholderData ? 'divide-y opacity-60' : 'divide-y'} data-testid="my-documents">
        {list.data.document.map((d) => (
          <MyDocumentRow
            key={d.id}
            doc={d}
            creditName={settings.creditName}
            onEdit={() => setEditing(d)}
            onDelete={() => setDeleting(d)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-lg">{t('documents.mine.title')}</CardTitle>
        <Button asChild size="sm">
          <Link to="/upload">
            <CloudUploadIcon />
            {t('documents.mine.upload')}
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <SearchInput
            value={search.wd}
            onChange={(wd) => setSearch({ wd })}
            placeholder={t('documents.mine.search')}
          />
          <Select
            value={search.status === undefined ? ALL : String(search.status)}
            onValueChange={(v) => setSearch({ status: v === ALL ? undefined : Number(v) })}
          >
            <SelectTrigger className="w-full sm:w-40" aria-label={t('documents.fields.status')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('documents.mine.allStatus')}</SelectItem>
              {ALL_STATUSES.map((s) => (
                <SelectItem key={s} value={String(s)}>
                  {t(`documents.status.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {body}
        {list.data ? (
          <Pager
            total={list.data.total}
            page={search.page ?? 1}
            size={PAGE_SIZE}
            onChange={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        ) : null}
      </CardContent>
      {editing ? <DocumentEditDialog document={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        destructive
        title={t('documents.actions.deleteTitle')}
        description={t('documents.actions.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmText={t('delete')}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
      />
    </Card>
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
