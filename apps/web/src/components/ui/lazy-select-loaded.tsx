import type { LazySelectProps } from './lazy-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** The select `LazySelect` loads: the same trigger, the options in radix's listbox. */
export default function LoadedSelect({
  value,
  onValueChange,
  options,
  className,
  prefix,
  align,
  defaultOpen,
  ...rest
}: LazySelectProps & { defaultOpen?: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger aria-label={rest['aria-label']} className={className}>
        {prefix}
        <SelectValue />
      </SelectTrigger>
      <SelectContent align={align}>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
