import { useLocation, useNavigate } from '@tanstack/react-router';
import { SearchIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { searchHref, searchTypeForPath } from './nav';

/**
 * The search box (spec §2 Header): its placeholder follows the page (documents or articles); an empty keyword does
 * nothing (spec §5); a search opens /search?wd=…&type=0|1. The hero variant lets the visitor pick the type.
 */
export function SearchBox({
  variant = 'header',
  className,
  onSearched,
}: {
  variant?: 'header' | 'hero' | 'drawer';
  className?: string;
  onSearched?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const search = location.search as { wd?: unknown; type?: unknown };
  const pathType = searchTypeForPath(location.pathname, search.type);
  const [type, setType] = useState<0 | 1>(pathType);
  const [keyword, setKeyword] = useState(() =>
    location.pathname.startsWith('/search') && typeof search.wd === 'string' ? search.wd : '',
  );
  useEffect(() => setType(pathType), [pathType]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const href = searchHref(keyword, type);
    if (!href) return;
    onSearched?.();
    void navigate({ href });
  };
  const placeholder = t(type === 1 ? 'shell.search.articles' : 'shell.search.documents');

  if (variant === 'hero') {
    return (
      <form onSubmit={submit} className={cn('w-full', className)}>
        <div className="mb-3 flex justify-center gap-2">
          {([0, 1] as const).map((v) => (
            <button
              key={v}
              type="button"
              onClick={() => setType(v)}
              aria-pressed={type === v}
              className={cn(
                'rounded-full px-4 py-1 text-sm transition-colors',
                type === v ? 'bg-white text-primary shadow-sm' : 'text-white/90 hover:bg-white/15',
              )}
            >
              {t(v === 0 ? 'shell.search.typeDocument' : 'shell.search.typeArticle')}
            </button>
          ))}
        </div>
        <div className="flex overflow-hidden rounded-xl bg-background shadow-lg ring-1 ring-black/5">
          <Input
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={placeholder}
            aria-label={placeholder}
            className="h-12 rounded-none border-0 px-4 text-base shadow-none focus-visible:ring-0"
          />
          <Button type="submit" className="h-12 rounded-none px-6" aria-label={t('shell.search.submit')}>
            <SearchIcon />
            <span className="hidden sm:inline">{t('shell.search.submit')}</span>
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={submit} className={cn('relative', className)}>
      <Input
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        className={cn('pr-9', variant === 'header' && 'h-9 rounded-full bg-muted/60')}
      />
      <button
        type="submit"
        aria-label={t('shell.search.submit')}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-muted-foreground hover:text-primary"
      >
        <SearchIcon className="size-4" />
      </button>
    </form>
  );
}
