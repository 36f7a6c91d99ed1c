import { ChevronDownIcon } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { SELECT_TRIGGER_CLASS } from './select-style';

export interface SelectOption {
  value: string;
  label: React.ReactNode;
}

export interface LazySelectProps {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  'aria-label': string;
  /** Classes of the trigger, over the select's own. */
  className?: string;
  /** Shown in the trigger before the chosen option's label. */
  prefix?: React.ReactNode;
  align?: 'start' | 'center' | 'end';
}

type Loaded = React.ComponentType<LazySelectProps & { defaultOpen?: boolean }>;
const load = () => import('./lazy-select-loaded').then((m) => m.default);

/**
 * A select of a few options whose code (radix and its positioning library, ~30 KB gzip) loads when the visitor first
 * reaches for it, not with the page (issue 17): until then a button of the same look shows the chosen option, the
 * server paints it and the browser takes it over as it is. Pressing it (a click, Enter, Space, an arrow key) loads
 * the select and shows it open; a finger or the mouse coming down already starts the loading. It then stays, with
 * its own trigger.
 */
export function LazySelect(props: LazySelectProps) {
  const [Select, setSelect] = React.useState<Loaded | null>(null);
  if (Select) return <Select {...props} defaultOpen />;
  const open = () => {
    load().then(
      (loaded) => setSelect(() => loaded),
      () => undefined,
    );
  };
  const current = props.options.find((o) => o.value === props.value);
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-label={props['aria-label']}
      data-state="closed"
      className={cn(SELECT_TRIGGER_CLASS, props.className)}
      onPointerDown={() => void load().catch(() => undefined)}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          open();
        }
      }}
    >
      {props.prefix}
      <span style={{ pointerEvents: 'none' }}>{current?.label}</span>
      <ChevronDownIcon className="size-4 opacity-50" />
    </button>
  );
}
