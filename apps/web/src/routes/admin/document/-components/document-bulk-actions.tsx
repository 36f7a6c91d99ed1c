import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import {
  BanIcon,
  CheckIcon,
  CrownIcon,
  FolderTreeIcon,
  LanguagesIcon,
  RefreshCwIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
  Undo2Icon,
  XIcon,
} from 'lucide-react';
import * as React from 'react';
import { BulkButton, BulkDeleteButton, BulkMenu } from '@/components/admin/actions';
import { useCan } from '@/components/admin/use-can';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/react';
import { SetCategoryDialog, SetLanguageDialog } from './bulk-dialogs';
import { SetVipDrawer } from './set-vip-drawer';
import type { DocumentListActions } from './use-document-actions';

/** The review commands of moredoc's admin list (moredoc-facts §6.3) and the status each sets. */
const CHECKS = [
  { key: 'approve', status: DocumentStatus.Pending, icon: CheckIcon },
  { key: 'reject', status: DocumentStatus.ReviewRejected, icon: XIcon },
  { key: 'toReview', status: DocumentStatus.PendingReview, icon: Undo2Icon },
  { key: 'enable', status: DocumentStatus.Converted, icon: CheckIcon },
  { key: 'disable', status: DocumentStatus.Disabled, icon: BanIcon },
] as const;

/** The bulk commands this administrator may run on the document list. */
export function useDocumentBulkCan() {
  const can = useCan();
  const { vipEnabled } = useDocumentSettings();
  const allowed = {
    check: can('DocumentAPI.CheckDocument'),
    recommend: can('DocumentAPI.SetDocumentRecommend'),
    file: can('DocumentAPI.SetDocumentsCategory'),
    translate: can('DocumentAPI.SetDocumentsLanguage'),
    reconvert: can('DocumentAPI.SetDocumentReconvert'),
    remove: can('DocumentAPI.DeleteDocument'),
    setVip: vipEnabled && can('DocumentAPI.SetDocumentsVIP'),
  };
  return { ...allowed, any: Object.values(allowed).some(Boolean) };
}

/** A bulk command that opens a dialog: which one, on which rows, and how to clear the selection after. */
export type BulkDialogState = { kind: 'category' | 'language' | 'vip'; rows: DocumentDTO[]; done: () => void } | null;

/** The bulk bar of the admin document list: review, recommend, file, language, VIP, convert again, delete. */
export function DocumentBulkActions({
  rows,
  clear,
  actions: { check, recommend, reconvert, remove },
  onOpen,
}: {
  rows: DocumentDTO[];
  clear: () => void;
  actions: DocumentListActions;
  onOpen: (dialog: NonNullable<BulkDialogState>) => void;
}) {
  const { t } = useTranslation();
  const allowed = useDocumentBulkCan();
  return (
    <>
      {allowed.check ? (
        <BulkMenu label={t('documents.admin.review')}>
          {CHECKS.map((c, i) => (
            <React.Fragment key={c.key}>
              {i === 3 ? <DropdownMenuSeparator /> : null}
              <DropdownMenuItem onSelect={() => check(rows, c.status, t(`documents.admin.checks.${c.key}`), clear)}>
                <c.icon />
                {t(`documents.admin.checks.${c.key}`)}
              </DropdownMenuItem>
            </React.Fragment>
          ))}
        </BulkMenu>
      ) : null}
      {allowed.recommend ? (
        <>
          <BulkButton icon={<ThumbsUpIcon />} onClick={() => void recommend(rows, 1, clear)}>
            {t('documents.actions.recommend')}
          </BulkButton>
          <BulkButton icon={<ThumbsDownIcon />} onClick={() => void recommend(rows, 0, clear)}>
            {t('documents.actions.unrecommend')}
          </BulkButton>
        </>
      ) : null}
      {allowed.file ? (
        <BulkButton icon={<FolderTreeIcon />} onClick={() => onOpen({ kind: 'category', rows, done: clear })}>
          {t('documents.admin.setCategory')}
        </BulkButton>
      ) : null}
      {allowed.translate ? (
        <BulkButton icon={<LanguagesIcon />} onClick={() => onOpen({ kind: 'language', rows, done: clear })}>
          {t('documents.admin.setLanguage')}
        </BulkButton>
      ) : null}
      {allowed.setVip ? (
        <Button
          size="sm"
          variant="outline"
          title={t('documents.admin.bulkVipTip')}
          onClick={() => onOpen({ kind: 'vip', rows, done: clear })}
        >
          <CrownIcon />
          {t('documents.admin.bulkVip')}
        </Button>
      ) : null}
      {allowed.reconvert ? (
        <BulkButton icon={<RefreshCwIcon />} onClick={() => reconvert(rows, clear)}>
          {t('documents.admin.reconvert')}
        </BulkButton>
      ) : null}
      {allowed.remove ? (
        <BulkDeleteButton
          disabled={rows.some((r) => r.status === DocumentStatus.Converting)}
          onClick={() => remove(rows, clear)}
        />
      ) : null}
    </>
  );
}

/** The dialog a bulk command opened: file under a category, set the language, or set VIP. */
export function DocumentBulkDialog({
  dialog,
  actions,
  onClose,
}: {
  dialog: NonNullable<BulkDialogState>;
  actions: DocumentListActions;
  onClose: () => void;
}) {
  const { rows, done } = dialog;
  const finish = () => {
    done();
    onClose();
  };
  if (dialog.kind === 'vip') {
    return <SetVipDrawer rows={rows} onClose={onClose} onSave={(isVip) => actions.setVip(rows, isVip, finish)} />;
  }
  if (dialog.kind === 'category') {
    return (
      <SetCategoryDialog
        rows={rows}
        onClose={onClose}
        onSave={async (path) => {
          await actions.setCategory(rows, path);
          finish();
        }}
      />
    );
  }
  return (
    <SetLanguageDialog
      rows={rows}
      onClose={onClose}
      onSave={async (language) => {
        await actions.setLanguage(rows, language);
        finish();
      }}
    />
  );
}
