import { FilterBar } from '@/components/admin/admin-page';
import { NumberFilter } from '@/components/admin/filters';
import { SelectInput } from '@/components/admin/inputs';
import { SearchInput } from '@/components/admin/search-input';
import { useTranslation } from '@/i18n/react';
import type { z } from '@/lib/search-schema';
import { ARTICLE_STATUSES, articleStatusKey } from './article-admin';
import type { ArticleListSearch, articleSearchSchema } from './article-list-search';

/** The yes/no filters of the list (是否推荐, 是否是公告). */
function YesNoFilter({
  label,
  allLabel,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: boolean | undefined;
  onChange: (v: boolean | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectInput
      aria-label={label}
      className="w-[calc(50%-0.25rem)] whitespace-nowrap sm:w-auto sm:min-w-32"
      value={value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v === '' ? undefined : v === 'true')}
      emptyLabel={allLabel}
      options={[
        { value: 'true', label: t('yes') },
        { value: 'false', label: t('no') },
      ]}
    />
  );
}

/** The admin article list's filters: title, category, status, recommended and notice. */
export function ArticleFilters({
  search,
  setSearch,
  categoryOptions,
}: {
  search: ArticleListSearch;
  setSearch: (patch: Partial<z.input<typeof articleSearchSchema>>) => void;
  categoryOptions: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <FilterBar>
      <SearchInput
        value={search.wd}
        onChange={(wd) => setSearch({ wd })}
        placeholder={t('admin.article.searchPlaceholder')}
      />
      <NumberFilter
        label={t('admin.article.fields.category')}
        allLabel={t('admin.article.allCategories')}
        value={search.category_id}
        onChange={(category_id) => setSearch({ category_id })}
        className="w-[calc(50%-0.25rem)] sm:w-44"
        options={categoryOptions}
      />
      <NumberFilter
        label={t('admin.article.fields.status')}
        allLabel={t('admin.common.allStatus')}
        value={search.status}
        onChange={(status) => setSearch({ status })}
        className="w-[calc(50%-0.25rem)] sm:w-32"
        options={ARTICLE_STATUSES.map((s) => ({
          value: String(s),
          label: t(`admin.article.status.${articleStatusKey(s)}`),
        }))}
      />
      <YesNoFilter
        label={t('admin.article.isRecommend')}
        allLabel={t('admin.article.allRecommend')}
        value={search.recommend}
        onChange={(recommend) => setSearch({ recommend })}
      />
      <YesNoFilter
        label={t('admin.article.isNotice')}
        allLabel={t('admin.article.allNotice')}
        value={search.notice}
        onChange={(notice) => setSearch({ notice })}
      />
    </FilterBar>
  );
}
