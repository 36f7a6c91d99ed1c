import * as React from 'react';
import { ActionDialog } from '@/components/admin/action-dialog';
import { Field } from '@/components/forms/field';
import { Textarea } from '@/components/ui/input';
import { useTranslation } from '@/i18n/react';
import type { ArticleCategoryNode } from './article-admin';
import { ArticleCategorySelect } from './article-categories';

/** Most a reject reason may hold (the check schema's limit). */
const REASON_MAX = 2048;

/** 审核拒绝: asks for the reason the authors will read on their article (moredoc-facts §9, reject_reason). */
export function RejectDialog({
  count,
  title,
  initialReason = '',
  onClose,
  onConfirm,
}: {
  count: number;
  title?: string;
  initialReason?: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = React.useId();
  const [reason, setReason] = React.useState(initialReason);
  return (
    <ActionDialog
      title={t('admin.article.rejectTitle')}
      description={
        count === 1 && title ? t('admin.article.rejectOne', { title }) : t('admin.article.rejectMany', { count })
      }
      confirmText={t('admin.article.actions.reject')}
      destructive
      onClose={onClose}
      onConfirm={() => onConfirm(reason.trim())}
    >
      <Field label={t('admin.article.rejectReason')} htmlFor={id} hint={t('admin.article.rejectReasonHint')}>
        <Textarea
          id={id}
          rows={4}
          value={reason}
          maxLength={REASON_MAX}
          placeholder={t('admin.article.rejectReasonPlaceholder')}
          onChange={(e) => setReason(e.target.value)}
          autoFocus
        />
      </Field>
    </ActionDialog>
  );
}

/** 批量分类: files the selected articles under one category path (replacing their categories). */
export function SetCategoryDialog({
  count,
  tree,
  onClose,
  onConfirm,
}: {
  count: number;
  tree: readonly ArticleCategoryNode[];
  onClose: () => void;
  onConfirm: (path: number[]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [path, setPath] = React.useState<number[]>([]);
  return (
    <ActionDialog
      title={t('admin.article.actions.setCategory')}
      description={t('admin.article.setCategoryHint', { count })}
      confirmText={t('save')}
      canConfirm={path.length > 0}
      onClose={onClose}
      onConfirm={() => onConfirm(path)}
    >
      <ArticleCategorySelect tree={tree} value={path} onChange={setPath} />
    </ActionDialog>
  );
}
