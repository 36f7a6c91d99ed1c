import type * as React from 'react';
import { Checkbox, Switch } from '@/components/ui/form-controls';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';

export interface Option {
  value: string;
  label: React.ReactNode;
  disabled?: boolean;
}

// Radix Select reserves the empty string for "no value"; an explicit empty option travels as this token instead.
const EMPTY = '__empty__';

/** A select over string values; `emptyLabel` adds a choice for the empty value (e.g. 全部 in filters). */
export function SelectInput({
  value,
  onChange,
  options,
  placeholder,
  emptyLabel,
  id,
  className,
  disabled,
  'aria-label': ariaLabel,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
  options: readonly Option[];
  placeholder?: string;
  emptyLabel?: React.ReactNode;
  id?: string;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const current = value === undefined || value === '' ? (emptyLabel ? EMPTY : '') : value;
  return (
    <Select value={current} onValueChange={(v) => onChange(v === EMPTY ? '' : v)} disabled={disabled}>
      <SelectTrigger id={id} className={className} aria-label={ariaLabel}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {emptyLabel ? <SelectItem value={EMPTY}>{emptyLabel}</SelectItem> : null}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value === '' ? EMPTY : o.value} disabled={o.disabled}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A select whose options come in labelled groups (advertisement positions by page). */
export function GroupedSelectInput({
  value,
  onChange,
  groups,
  placeholder,
  emptyLabel,
  id,
  className,
  'aria-label': ariaLabel,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
  groups: readonly { label: React.ReactNode; options: readonly Option[] }[];
  placeholder?: string;
  emptyLabel?: React.ReactNode;
  id?: string;
  className?: string;
  'aria-label'?: string;
}) {
  const current = value === undefined || value === '' ? (emptyLabel ? EMPTY : '') : value;
  return (
    <Select value={current} onValueChange={(v) => onChange(v === EMPTY ? '' : v)}>
      <SelectTrigger id={id} className={className} aria-label={ariaLabel}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {emptyLabel ? <SelectItem value={EMPTY}>{emptyLabel}</SelectItem> : null}
        {groups.map((g, i) => (
          <SelectGroup key={i}>
            <div className="px-2 pt-2 pb-1 font-medium text-muted-foreground text-xs">{g.label}</div>
            {g.options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A yes/no switch with its state written beside it (moredoc's 是/否). */
export function YesNoSwitch({
  checked,
  onChange,
  id,
  disabled,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex h-9 items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
      <span className="text-muted-foreground text-sm">{checked ? t('yes') : t('no')}</span>
    </div>
  );
}

/** Several checkboxes for a list of values (select-multi settings, a user's groups). */
export function CheckboxGroup({
  value,
  onChange,
  options,
  className,
  idPrefix,
}: {
  value: readonly string[];
  onChange: (value: string[]) => void;
  options: readonly Option[];
  className?: string;
  idPrefix: string;
}) {
  const set = new Set(value);
  return (
    <div className={cn('flex flex-wrap gap-x-4 gap-y-2', className)}>
      {options.map((o) => {
        const id = `${idPrefix}-${o.value}`;
        return (
          <label key={o.value} htmlFor={id} className="flex cursor-pointer items-center gap-1.5 text-sm">
            <Checkbox
              id={id}
              checked={set.has(o.value)}
              disabled={o.disabled}
              onCheckedChange={(v) => {
                const next = new Set(set);
                if (v === true) next.add(o.value);
                else next.delete(o.value);
                // Keep the options' order, not the click order.
                onChange(options.map((x) => x.value).filter((x) => next.has(x)));
              }}
            />
            {o.label}
          </label>
        );
      })}
    </div>
  );
}

/** A colour: the browser's picker next to a text box (hex, names or rgb() are all accepted by the server). */
export function ColorInput({
  value,
  onChange,
  id,
  placeholder,
}: {
  value: string | undefined;
  onChange: (v: string) => void;
  id?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const hex = /^#[0-9a-fA-F]{6}$/.test(value ?? '') ? value : '#000000';
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label={t('admin.common.pickColor')}
        value={hex}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-11 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
      />
      <Input id={id} value={value ?? ''} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
