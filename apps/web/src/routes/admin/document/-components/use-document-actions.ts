import { useQueryClient } from '@tanstack/react-query';
import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import * as React from 'react';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { useListActions } from '@/components/admin/list-actions';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

export type DocumentListActions = ReturnType<typeof useDocumentListActions>;

/**
 * The admin document list's commands on one or many rows: review, recommend, convert again, delete, VIP, file under
 * a category and set the language. Each asks first where moredoc asks, reports, refreshes the lists and calls `done`.
 */
export function useDocumentListActions() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const confirm = useConfirm();

  const refresh = React.useCallback(
    () => queryClient.invalidateQueries(trpc.document.pathFilter()),
    [queryClient, trpc],
  );
  const { run, confirmRun } = useListActions(trpc.document.pathFilter());

  const check = React.useCallback(
    (rows: DocumentDTO[], status: number, label: string, done?: () => void) =>
      confirmRun({
        title: label,
        description: t('documents.admin.confirmBulk', { action: label, count: rows.length }),
        destructive: status === DocumentStatus.ReviewRejected || status === DocumentStatus.Disabled,
        action: () => client.document.check.mutate({ id: rows.map((r) => r.id), status }),
        success: t('documents.admin.done', { action: label }),
        done,
      }),
    [confirmRun, client, t],
  );
  const recommend = React.useCallback(
    (rows: DocumentDTO[], type: 0 | 1, done?: () => void) =>
      run({
        action: () => client.document.recommend.mutate({ id: rows.map((r) => r.id), type }),
        success: type ? t('documents.actions.recommended') : t('documents.actions.unrecommended'),
      }).then(
        () => done?.(),
        () => {},
      ),
    [run, client, t],
  );
  const reconvert = React.useCallback(
    (rows: DocumentDTO[] | null, done?: () => void) =>
      confirm({
        title: rows ? t('documents.admin.reconvert') : t('documents.admin.reconvertFailed'),
        description: rows
          ? t('documents.admin.reconvertConfirm', { count: rows.length })
          : t('documents.admin.reconvertFailedConfirm'),
        onConfirm: async () => {
          const res = await client.document.reconvert
            .mutate(rows ? { id: rows.map((r) => r.id) } : undefined)
            .catch((e: unknown) => {
              toast.error(errorMessage(e));
              throw e;
            });
          toast.success(t('documents.admin.reconverted', { count: res.count }));
          await refresh();
          done?.();
        },
      }),
    [confirm, client, refresh, t],
  );
  const remove = React.useCallback(
    (rows: DocumentDTO[], done?: () => void) =>
      confirmRun({
        title: t('documents.actions.deleteTitle'),
        description:
          rows.length === 1
            ? t('documents.actions.deleteConfirm', { title: rows[0]?.title ?? '' })
            : t('documents.admin.deleteConfirm', { count: rows.length }),
        destructive: true,
        confirmText: t('delete'),
        action: () => client.document.delete.mutate({ id: rows.map((r) => r.id) }),
        success: t('documents.actions.deleted'),
        done,
      }),
    [confirmRun, client, t],
  );

  const setVip = (rows: DocumentDTO[], isVip: boolean, done: () => void) =>
    confirmRun({
      title: isVip ? t('documents.admin.setVip') : t('documents.admin.unsetVip'),
      description: isVip ? t('documents.admin.confirmSetVip') : t('documents.admin.confirmUnsetVip'),
      action: () => client.document.setVip.mutate({ document_id: rows.map((r) => r.id), is_vip: isVip }),
      success: t('documents.admin.vipSaved'),
      done,
    });

  const setCategory = (rows: DocumentDTO[], path: number[]) =>
    run({
      action: () => client.document.setCategory.mutate({ document_id: rows.map((r) => r.id), category_id: path }),
      success: t('documents.admin.categorySet'),
    });
  const setLanguage = (rows: DocumentDTO[], language: string) =>
    run({
      action: () => client.document.setLanguage.mutate({ document_id: rows.map((r) => r.id), language }),
      success: t('documents.admin.languageSet'),
    });

  return { refresh, check, recommend, reconvert, remove, setVip, setCategory, setLanguage };
}
