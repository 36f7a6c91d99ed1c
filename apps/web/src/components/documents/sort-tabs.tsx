import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { LISTING_SORTS, type ListingSort } from './listing';

/** The order tabs of a document listing (category pages, a member's documents); 最新 is the default, kept out of the URL. */
export function SortTabs({
  value,
  onChange,
}: {
  value: ListingSort | undefined;
  onChange: (sort: ListingSort | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="tablist" aria-label={t('documents.listing.sort')} className="flex max-w-full gap-1 overflow-x-auto">
      {(Object.keys(LISTING_SORTS) as ListingSort[]).map((s) => {
        const active = (value ?? 'latest') === s;
        return (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => onChange(s === 'latest' ? undefined : s)}
            className={cn(
              'whitespace-nowrap rounded-md px-3 py-1.5 text-sm transition-colors',
              active
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
          >
            {t(`documents.listing.sorts.${s}`)}
          </button>
        );
      })}
    </div>
  );
}
