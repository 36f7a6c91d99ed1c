import type { DocumentDTO } from '@wenku/shared';
import * as React from 'react';
import { ActionDialog } from '@/components/admin/action-dialog';
import { CategoryCascader } from '@/components/documents/category-cascader';
import { LanguageSelect } from '@/components/documents/language-select';
import { useDocumentCategoryTree } from '@/components/documents/use-document-data';
import { useTranslation } from '@/i18n/react';

/** 批量分类: files the selected documents under one category path. */
export function SetCategoryDialog({
  rows,
  onClose,
  onSave,
}: {
  rows: DocumentDTO[];
  onClose: () => void;
  onSave: (path: number[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { tree } = useDocumentCategoryTree({ hideEmpty: false });
  const [path, setPath] = React.useState<number[]>([]);
  return (
    <ActionDialog
      title={t('documents.admin.setCategory')}
      description={t('documents.admin.setCategoryHint', { count: rows.length })}
      confirmText={t('save')}
      className="sm:max-w-xl"
      onClose={onClose}
      onConfirm={() => onSave(path)}
      canConfirm={path.length > 0}
    >
      <CategoryCascader tree={tree} value={path} onChange={setPath} className="sm:grid-cols-2 lg:grid-cols-2" />
    </ActionDialog>
  );
}

/** 批量设置语言: sets the selected documents' language. */
export function SetLanguageDialog({
  rows,
  onClose,
  onSave,
}: {
  rows: DocumentDTO[];
  onClose: () => void;
  onSave: (language: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = React.useState('');
  return (
    <ActionDialog
      title={t('documents.admin.setLanguage')}
      description={t('documents.admin.setLanguageHint', { count: rows.length })}
      confirmText={t('save')}
      className="sm:max-w-xl"
      onClose={onClose}
      onConfirm={() => onSave(language)}
    >
      <LanguageSelect value={language} onChange={setLanguage} aria-label={t('documents.fields.language')} />
    </ActionDialog>
  );
}
