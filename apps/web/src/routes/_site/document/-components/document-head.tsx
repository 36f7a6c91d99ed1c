import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import {
  CalendarIcon,
  CrownIcon,
  DownloadIcon,
  EyeIcon,
  FileStackIcon,
  HardDriveIcon,
  MessageSquareIcon,
  PencilIcon,
  PowerIcon,
  StarIcon,
  ThumbsUpIcon,
  UserRoundIcon,
} from 'lucide-react';
import * as React from 'react';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes } from '@/components/documents/format';
import { stars } from '@/components/documents/listing';
import { documentHref } from '@/components/documents/reading';
import { SharePopover } from '@/components/documents/share-popover';
import { Stars } from '@/components/documents/star-rating';
import { DeleteWithConfirm } from '@/components/interactions/delete-with-confirm';
import { FavoriteButton } from '@/components/interactions/favorite-button';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { ReportButton } from '@/components/moderation/report-button';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/i18n/areas/interaction';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { usePaintedTimeZone } from '@/lib/render-clock';
import { useTRPC } from '@/lib/trpc';
import { useDocumentCounters } from './document-counters';
import { DownloadButtons, type useDocumentDownload } from './document-download';
import { RecommendBadge } from './document-parts';

/** Home › all documents › the category path (its first and last level when deep) › reading. */
export function DocumentBreadcrumb({ doc }: { doc: DocumentDTO }) {
  const { t } = useTranslation();
  const chain = doc.category ?? [];
  return (
    <Breadcrumb label={t('documents.read.breadcrumb')} homeLabel={t('documents.read.home')}>
      <li aria-hidden>›</li>
      <li>
        <Link to="/category" className="hover:text-primary">
          {t('documents.listing.all')}
        </Link>
      </li>
      {(chain.length >= 3 ? [chain[0], null, chain[chain.length - 1]] : chain).map((c, i) => (
        <React.Fragment key={c ? c.id : `gap-${i}`}>
          <li aria-hidden>›</li>
          <li>
            {c ? (
              <Link to="/category/$id" params={{ id: String(c.id) }} className="hover:text-primary">
                {c.title}
              </Link>
            ) : (
              '…'
            )}
          </li>
        </React.Fragment>
      ))}
      <li aria-hidden>›</li>
      <li className="text-foreground">{t('documents.read.reading')}</li>
    </Breadcrumb>
  );
}

/** What a reader of the document may do beyond reading, by role: the owner or an administrator. */
export type DocumentPermissions = {
  owner: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canToggle: boolean;
  canRecommend: boolean;
};

/**
 * The document's head card: title, facts (uploader, date, size, pages, counters, rating), the download buttons and
 * the commands (favourite, share, report, and for its managers edit, disable, recommend and delete).
 */
export function DocumentHeader({
  doc,
  queryKey,
  setDoc,
  download,
  permissions: { owner, canEdit, canDelete, canToggle, canRecommend },
  onEdit,
}: {
  doc: DocumentDTO;
  queryKey: readonly unknown[];
  setDoc: (patch: Partial<DocumentDTO>) => void;
  download: ReturnType<typeof useDocumentDownload>;
  permissions: DocumentPermissions;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const zone = usePaintedTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toggle = useMutation(
    trpc.document.update.mutationOptions({
      onSuccess: (saved) => {
        setDoc({ status: saved.status });
        toast.success(
          saved.status === DocumentStatus.Disabled ? t('documents.actions.disabled') : t('documents.actions.enabled'),
        );
        void queryClient.invalidateQueries(trpc.document.list.pathFilter());
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const recommend = useMutation(
    trpc.document.recommend.mutationOptions({
      onSuccess: (_, { type }) => {
        setDoc({ recommend_at: type ? new Date().toISOString() : null });
        toast.success(type ? t('documents.actions.recommended') : t('documents.actions.unrecommended'));
        void queryClient.invalidateQueries(trpc.document.list.pathFilter());
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const remove = useMutation(
    trpc.document.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('documents.actions.deleted'));
        await queryClient.invalidateQueries(trpc.document.list.pathFilter());
        queryClient.removeQueries({ queryKey });
        void navigate({ to: owner ? '/me/document' : '/' });
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );

  return (
    <Card className="gap-3 px-4 py-5 sm:px-6">
      <h1 className="flex items-start gap-2 font-semibold text-xl leading-8 sm:text-2xl">
        <FileKindIcon ext={doc.ext} className="mt-1.5 size-6" />
        <span className="min-w-0 break-words">{doc.title}</span>
        {doc.is_vip && download.settings.vipEnabled ? (
          <span
            className="mt-1 inline-flex shrink-0 rounded-full bg-amber-100 p-1 text-amber-600 dark:bg-amber-950 dark:text-amber-400"
            title={t('documents.vip.document')}
            data-testid="vip-document-icon"
          >
            <CrownIcon className="size-4" aria-hidden />
            <span className="sr-only">{t('documents.vip.document')}</span>
          </span>
        ) : null}
        {doc.recommend_at ? (
          <span className="mt-1.5 shrink-0">
            <RecommendBadge />
          </span>
        ) : null}
      </h1>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-muted-foreground text-sm">
        <li className="inline-flex items-center gap-1">
          <UserRoundIcon className="size-4" />
          {doc.user_id ? (
            <Link to="/user/$id" params={{ id: String(doc.user_id) }} className="hover:text-primary">
              {doc.username || t('documents.read.anonymous')}
            </Link>
          ) : (
            t('documents.read.anonymous')
          )}
        </li>
        <li className="inline-flex items-center gap-1">
          <CalendarIcon className="size-4" />
          <time dateTime={doc.created_at}>{formatDateTime(doc.created_at, zone)}</time>
        </li>
        <li className="inline-flex items-center gap-1">
          <HardDriveIcon className="size-4" />
          {formatBytes(doc.size)}
        </li>
        <li className="inline-flex items-center gap-1">
          <FileStackIcon className="size-4" />
          {t('documents.meta.pages', { count: doc.pages })}
        </li>
        <DocumentCounts doc={doc} />
        {doc.comment_count > 0 ? (
          <li>
            <a href="#comments" className="inline-flex items-center gap-1 hover:text-primary">
              <MessageSquareIcon className="size-4" />
              {t('interaction.comment.meta', { count: doc.comment_count })}
            </a>
          </li>
        ) : null}
        {doc.favorite_count > 0 ? (
          <li className="inline-flex items-center gap-1">
            <StarIcon className="size-4" />
            {t('interaction.favorite.meta', { count: doc.favorite_count })}
          </li>
        ) : null}
        <li className="inline-flex items-center gap-1.5">
          <Stars value={doc.score_count > 0 ? stars(doc.score) : 0} />
          <span className="tabular-nums">
            {doc.score_count > 0 ? stars(doc.score).toFixed(1) : t('documents.rating.none')}
          </span>
        </li>
      </ul>
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <DownloadButtons download={download} doc={doc} />
        <div className="ml-auto flex flex-wrap gap-1">
          <FavoriteButton
            type={0}
            id={doc.id}
            count={doc.favorite_count}
            onCountChange={(favorite_count) => setDoc({ favorite_count })}
          />
          <SharePopover path={documentHref(doc)} />
          {doc.status === DocumentStatus.Converted ? <ReportButton type={0} id={doc.id} /> : null}
          {canEdit ? (
            <Button variant="outline" size="sm" onClick={onEdit}>
              <PencilIcon />
              {t('documents.actions.edit')}
            </Button>
          ) : null}
          {canToggle ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                toggle.mutate({
                  id: doc.id,
                  status: doc.status === DocumentStatus.Disabled ? DocumentStatus.Converted : DocumentStatus.Disabled,
                })
              }
              disabled={toggle.isPending}
            >
              <PowerIcon />
              {doc.status === DocumentStatus.Disabled ? t('documents.actions.enable') : t('documents.actions.disable')}
            </Button>
          ) : null}
          {canRecommend ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => recommend.mutate({ id: [doc.id], type: doc.recommend_at ? 0 : 1 })}
              disabled={recommend.isPending}
            >
              <ThumbsUpIcon />
              {doc.recommend_at ? t('documents.actions.unrecommend') : t('documents.actions.recommend')}
            </Button>
          ) : null}
          {canDelete ? (
            <DeleteWithConfirm
              label={t('documents.actions.delete')}
              title={t('documents.actions.deleteTitle')}
              description={t('documents.actions.deleteConfirm', { title: doc.title })}
              onConfirm={() => remove.mutateAsync({ id: [doc.id] })}
            />
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** The views and downloads of the meta line, which alone re-render when they change (`useDocumentCounters`). */
function DocumentCounts({ doc }: { doc: DocumentDTO }) {
  const { t } = useTranslation();
  const { view_count, download_count } = useDocumentCounters(doc);
  return (
    <>
      {view_count > 0 ? (
        <li className="inline-flex items-center gap-1">
          <EyeIcon className="size-4" />
          {t('documents.meta.views', { count: view_count })}
        </li>
      ) : null}
      {download_count > 0 ? (
        <li className="inline-flex items-center gap-1">
          <DownloadIcon className="size-4" />
          {t('documents.meta.downloads', { count: download_count })}
        </li>
      ) : null}
    </>
  );
}
