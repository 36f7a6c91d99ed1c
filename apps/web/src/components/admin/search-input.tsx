import { SearchIcon } from 'lucide-react';
import * as React from 'react';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';

const DEBOUNCE_MS = 400;

/** A keyword box for list filters: applies on Enter or after a short pause in typing. */
export function SearchInput({
  value,
  onChange,
  placeholder,
  className,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = React.useState(value ?? '');
  const latest = React.useRef(onChange);
  latest.current = onChange;

  // Follow the URL when it changes from elsewhere (back button, reset).
  React.useEffect(() => setText(value ?? ''), [value]);

  React.useEffect(() => {
    if (text === (value ?? '')) return;
    const timer = setTimeout(() => latest.current(text.trim() || undefined), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className={cn('relative w-full sm:w-64', className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        value={text}
        placeholder={placeholder ?? t('admin.common.keyword')}
        aria-label={placeholder ?? t('admin.common.keyword')}
        className="pl-8"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') latest.current(text.trim() || undefined);
        }}
      />
    </div>
  );
}
