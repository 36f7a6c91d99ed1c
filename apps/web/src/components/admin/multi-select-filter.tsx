import { CheckIcon, ChevronDownIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import type { Option } from '@/components/admin/inputs';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';

/**
 * A filter over several values at once (moredoc's multi-selects: `order_status[]`, `type[]`…): a button naming the
 * chosen options, a list of toggles under it, and a clear button. Empty means no filter.
 */
export function MultiSelectFilter({
  value,
  onChange,
  options,
  placeholder,
  className,
  'aria-label': ariaLabel,
}: {
  value: readonly string[];
  onChange: (value: string[]) => void;
  options: readonly Option[];
  placeholder: string;
  className?: string;
  'aria-label': string;
}) {
  const { t } = useTranslation();
  const listId = React.useId();
  const chosen = new Set(value);
  const labels = options.filter((o) => chosen.has(o.value)).map((o) => o.label);
  const toggle = (v: string) => {
    const next = new Set(chosen);
    if (next.has(v)) next.delete(v);
    else next.add(v);
    // Keep the options' order, not the click order, so the URL stays the same for the same choice.
    onChange(options.map((o) => o.value).filter((o) => next.has(o)));
  };
  return (
    <Popover>
      <div className={cn('relative w-full sm:w-44', className)}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            aria-label={ariaLabel}
            aria-controls={listId}
            className={cn('w-full justify-between px-3 font-normal', value.length > 0 && 'pr-14')}
          >
            <span className={cn('min-w-0 truncate text-left', labels.length === 0 && 'text-muted-foreground')}>
              {labels.length === 0
                ? placeholder
                : labels.length <= 2
                  ? labels.map((l, i) => (
                      <React.Fragment key={i}>
                        {i > 0 ? t('admin.common.separator') : null}
                        {l}
                      </React.Fragment>
                    ))
                  : t('admin.order.filterCount', { count: labels.length })}
            </span>
            <ChevronDownIcon className="size-4 shrink-0 opacity-50" />
          </Button>
        </PopoverTrigger>
        {value.length > 0 ? (
          <button
            type="button"
            className="absolute top-1/2 right-8 -translate-y-1/2 rounded-sm p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
            aria-label={t('admin.order.clearFilter', { name: ariaLabel })}
            onClick={() => onChange([])}
          >
            <XIcon className="size-3.5" />
          </button>
        ) : null}
      </div>
      <PopoverContent align="start" className="w-56 p-1">
        <div id={listId} role="listbox" aria-multiselectable aria-label={ariaLabel} className="grid">
          {options.map((o) => {
            const selected = chosen.has(o.value);
            return (
              <button
                key={o.value}
                type="button"
                role="option"
                aria-selected={selected}
                className="flex items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
                onClick={() => toggle(o.value)}
              >
                <span
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded-[4px] border',
                    selected && 'border-primary bg-primary text-primary-foreground',
                  )}
                >
                  {selected ? <CheckIcon className="size-3" /> : null}
                </span>
                {o.label}
              </button>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
