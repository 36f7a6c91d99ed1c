import * as React from 'react';
import { FilterBar } from '@/components/admin/admin-page';
import { NumberFilter } from '@/components/admin/filters';
import { SelectInput } from '@/components/admin/inputs';
import { SearchInput } from '@/components/admin/search-input';
import { type CategoryTreeNode, flattenCategoryTree } from '@/components/documents/category-path';
import { KIND_FILTERS } from '@/components/documents/file-kind';
import { ALL_STATUSES } from '@/components/documents/status';
import { useTranslation } from '@/i18n/areas/account';
import type { DocumentSearch, DocumentSearchPatch } from './document-list-search';

/** The admin document list's filters: title, uploader, status, category and kind. */
export function DocumentFilters({
  search,
  setSearch,
  tree,
}: {
  search: DocumentSearch;
  setSearch: (patch: DocumentSearchPatch) => void;
  tree: readonly CategoryTreeNode[];
}) {
  const { t } = useTranslation();
  const categoryOptions = React.useMemo(
    () =>
      flattenCategoryTree(tree).map(({ node, depth }) => ({
        value: String(node.id),
        label: `${'\u3000'.repeat(depth)}${node.title}`,
      })),
    [tree],
  );
  return (
    <FilterBar>
      <SearchInput
        value={search.wd}
        onChange={(wd) => setSearch({ wd })}
        placeholder={t('documents.admin.searchTitle')}
      />
      <SearchInput
        value={search.uploader}
        onChange={(uploader) => setSearch({ uploader })}
        placeholder={t('documents.admin.searchUploader')}
        className="sm:w-44"
      />
      <NumberFilter
        label={t('documents.fields.status')}
        allLabel={t('documents.mine.allStatus')}
        value={search.status}
        onChange={(status) => setSearch({ status })}
        options={ALL_STATUSES.map((s) => ({ value: String(s), label: t(`documents.status.${s}`) }))}
      />
      <NumberFilter
        label={t('documents.fields.category')}
        allLabel={t('documents.admin.allCategories')}
        value={search.category_id}
        onChange={(category_id) => setSearch({ category_id })}
        className="w-full sm:w-44"
        options={categoryOptions}
      />
      <SelectInput
        aria-label={t('documents.listing.kind')}
        className="w-full sm:w-32"
        value={search.ext ?? ''}
        onChange={(v) => setSearch({ ext: v === '' ? undefined : v })}
        emptyLabel={t('documents.admin.allKinds')}
        options={KIND_FILTERS.map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))}
      />
    </FilterBar>
  );
}
