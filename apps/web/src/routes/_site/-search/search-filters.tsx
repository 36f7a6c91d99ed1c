import type * as React from 'react';
import { Card } from '@/components/ui/card';
import { LazySelect } from '@/components/ui/lazy-select';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import type { FacetOption } from './search-facets';
import {
  type PageSort,
  SEARCH_TYPES,
  type SearchParams,
  type SearchType,
  sortsFor,
  TIME_PRESETS,
  type TimePreset,
} from './search-params';

type Patch = (patch: Partial<SearchParams>) => void;

const TYPE_KEYS = { '-1': 'all', '0': 'documents', '1': 'articles' } as const;
export const typeKey = (type: SearchType) => TYPE_KEYS[String(type) as keyof typeof TYPE_KEYS];

/** The type tabs 综合 (-1) / 文档 (0) / 文章 (1) (pro-facts §2.7). */
export function TypeTabs({ type, onSearch }: { type: SearchType; onSearch: Patch }) {
  const { t } = useTranslation();
  return (
    <div role="tablist" aria-label={t('search.types.label')} className="flex gap-1">
      {SEARCH_TYPES.map((v) => {
        const active = v === type;
        return (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => onSearch({ type: v })}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 font-medium text-sm transition-colors sm:px-4',
              active ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`search.types.${typeKey(v)}`)}
          </button>
        );
      })}
    </div>
  );
}

export interface FacetColumnData<V extends string | number> {
  key: 'category_id' | 'language' | 'ext';
  title: string;
  options: FacetOption<V>[];
  active: V | undefined;
}

/**
 * The facet columns 分类 / 语言 / 格式 (pro-facts §2.7): `name(count)` options after 全部, the active one highlighted.
 * From 768px they stand side by side as columns; below, each is one row that scrolls sideways.
 */
export function FacetColumns({ columns, onSearch }: { columns: FacetColumnData<string | number>[]; onSearch: Patch }) {
  const { t } = useTranslation();
  if (columns.length === 0) return null;
  return (
    <Card
      role="group"
      aria-label={t('search.facets.label')}
      className="grid grid-cols-1 gap-2 px-4 py-3 sm:px-5 md:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] md:gap-6 md:py-4"
    >
      {columns.map((col) => (
        <div
          key={col.key}
          className="grid min-w-0 grid-cols-[2.5rem_minmax(0,1fr)] items-start gap-2 md:flex md:flex-col md:items-stretch md:gap-1.5"
        >
          <h2 className="pt-1 text-muted-foreground text-sm md:pt-0 md:font-medium md:text-foreground">{col.title}</h2>
          <ul className="flex gap-1 max-md:-mr-4 max-md:overflow-x-auto max-md:pr-4 md:max-h-44 md:flex-col md:overflow-y-auto [&>li]:shrink-0">
            <li>
              <FacetButton active={col.active === undefined} onClick={() => onSearch({ [col.key]: undefined })}>
                {t('search.facets.all')}
              </FacetButton>
            </li>
            {col.options.map((o) => (
              <li key={o.value}>
                <FacetButton active={col.active === o.value} onClick={() => onSearch({ [col.key]: o.value })}>
                  {t('search.facets.option', { name: o.label, count: o.count })}
                </FacetButton>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Card>
  );
}

function FacetButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'max-w-full truncate whitespace-nowrap rounded-md px-2.5 py-1 text-left text-sm transition-colors md:w-full',
        active ? 'bg-primary/10 font-medium text-primary' : 'hover:bg-accent hover:text-primary',
      )}
    >
      {children}
    </button>
  );
}

const ALL = 'all';

/**
 * Sorts (默认排序 = relevance, 最新, 页数, 大小, 浏览, 下载; articles only 默认/最新) and the time and fee filters
 * (moredoc-facts §21.5, pro-facts §2.7: 不限/免费/付费). Articles have no price, so no fee filter.
 */
export function SortBar({ params, type, onSearch }: { params: SearchParams; type: SearchType; onSearch: Patch }) {
  const { t } = useTranslation();
  const sorts = sortsFor(type);
  const current = params.sort && sorts.includes(params.sort) ? params.sort : undefined;
  const options: (PageSort | undefined)[] = [undefined, ...sorts];
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div
        role="tablist"
        aria-label={t('search.sort.label')}
        className="-mx-1 flex max-w-full gap-1 overflow-x-auto px-1"
      >
        {options.map((s) => {
          const active = current === s;
          return (
            <button
              key={s ?? 'default'}
              type="button"
              role="tab"
              aria-selected={active}
              onClick={() => onSearch({ sort: s })}
              className={cn(
                'whitespace-nowrap rounded-md px-3 py-1.5 text-sm transition-colors',
                active
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              {t(`search.sort.${s ?? 'default'}`)}
            </button>
          );
        })}
      </div>
      <div className="flex gap-2">
        <LazySelect
          value={params.time ?? ALL}
          onValueChange={(v) => onSearch({ time: v === ALL ? undefined : (v as TimePreset) })}
          aria-label={t('search.time.label')}
          className={cn('h-8 w-auto gap-1.5', params.time && 'border-primary/50 text-primary')}
          align="end"
          options={[
            { value: ALL, label: t('search.time.all') },
            ...(Object.keys(TIME_PRESETS) as TimePreset[]).map((p) => ({ value: p, label: t(`search.time.${p}`) })),
          ]}
        />
        {type === 1 ? null : (
          <LazySelect
            value={params.fee_type ?? ALL}
            onValueChange={(v) => onSearch({ fee_type: v === ALL ? undefined : (v as 'free' | 'charge') })}
            aria-label={t('search.fee.label')}
            className={cn('h-8 w-auto gap-1.5', params.fee_type && 'border-primary/50 text-primary')}
            prefix={<span className="text-muted-foreground">{t('search.fee.label')}</span>}
            align="end"
            options={[
              { value: ALL, label: t('search.fee.all') },
              { value: 'free', label: t('search.fee.free') },
              { value: 'charge', label: t('search.fee.charge') },
            ]}
          />
        )}
      </div>
    </div>
  );
}
