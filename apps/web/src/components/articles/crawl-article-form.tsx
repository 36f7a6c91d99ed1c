import { useMutation } from '@tanstack/react-query';
import type { CrawlArticleDTO } from '@wenku/shared';
import { ChevronDownIcon, DownloadCloudIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/areas/spider';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/** Mode and rules are remembered in the browser (moredoc-pro-facts §9.3); the address is not. */
const RULES_KEY = 'wenku-crawl-article';
interface Rules {
  mode: 0 | 1;
  select: string;
  exclude: string;
  replace: string;
}
const NO_RULES: Rules = { mode: 0, select: '', exclude: '', replace: '' };

function loadRules(): Rules {
  try {
    const v = JSON.parse(localStorage.getItem(RULES_KEY) ?? 'null') as Partial<Rules> | null;
    return v ? { ...NO_RULES, ...v, mode: v.mode === 1 ? 1 : 0 } : NO_RULES;
  } catch {
    return NO_RULES;
  }
}

/**
 * `采集文章` above the article editor (moredoc-pro-facts §9.3): a page address, smart extraction (0) or custom
 * selectors (1) with exclusions and `原内容 => 新内容` replacements. The sanitized result goes to `onCrawled`.
 */
export function CrawlArticleForm({
  onCrawled,
  className,
}: {
  onCrawled: (article: CrawlArticleDTO) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [open, setOpen] = React.useState(false);
  const [url, setUrl] = React.useState('');
  const [rules, setRules] = React.useState<Rules>(loadRules);
  const ids = React.useId();
  const crawl = useMutation(
    trpc.article.crawl.mutationOptions({
      onSuccess: (article) => {
        try {
          localStorage.setItem(RULES_KEY, JSON.stringify(rules));
        } catch {
          // private mode: nothing remembered
        }
        onCrawled(article);
        toast.success(t('spider.article.success'));
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const set = (patch: Partial<Rules>) => setRules((r) => ({ ...r, ...patch }));
  const submit = () =>
    crawl.mutate({
      url: url.trim(),
      mode: rules.mode,
      // Selectors and exclusions belong to the custom mode; they stay remembered for it.
      select: rules.mode === 1 ? rules.select : '',
      exclude: rules.mode === 1 ? rules.exclude : '',
      replace: rules.replace,
    });

  return (
    <div className={cn('rounded-md border bg-muted/30', className)} data-testid="crawl-article">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 px-3 py-2 font-medium text-sm"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="inline-flex items-center gap-2">
          <DownloadCloudIcon className="size-4 text-muted-foreground" />
          {t('spider.article.title')}
        </span>
        <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open ? (
        <div className="grid gap-3 border-t px-3 py-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-url`}>{t('spider.article.url')}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={`${ids}-url`}
                type="url"
                inputMode="url"
                value={url}
                placeholder={t('spider.article.urlPlaceholder')}
                onChange={(e) => setUrl(e.target.value)}
                onKeyDown={(e) => {
                  // Enter crawls instead of submitting the article form around it.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    if (url.trim()) submit();
                  }
                }}
              />
              <Button type="button" onClick={submit} disabled={!url.trim() || crawl.isPending}>
                {crawl.isPending ? <LoaderCircleIcon className="animate-spin" /> : null}
                {t('spider.article.submit')}
              </Button>
            </div>
          </div>
          <fieldset className="flex flex-wrap items-center gap-4 text-sm">
            <legend className="sr-only">{t('spider.article.mode')}</legend>
            {([0, 1] as const).map((m) => (
              <label key={m} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`${ids}-mode`}
                  checked={rules.mode === m}
                  onChange={() => set({ mode: m })}
                  className="accent-primary"
                />
                {t(`spider.article.modes.${m}`)}
              </label>
            ))}
          </fieldset>
          {rules.mode === 1 ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-select`}>{t('spider.article.select')}</Label>
                <Textarea
                  id={`${ids}-select`}
                  rows={3}
                  value={rules.select}
                  placeholder={t('spider.article.selectorPlaceholder')}
                  onChange={(e) => set({ select: e.target.value })}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-exclude`}>{t('spider.article.exclude')}</Label>
                <Textarea
                  id={`${ids}-exclude`}
                  rows={3}
                  value={rules.exclude}
                  placeholder={t('spider.article.selectorPlaceholder')}
                  onChange={(e) => set({ exclude: e.target.value })}
                />
              </div>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-replace`}>{t('spider.article.replace')}</Label>
            <Textarea
              id={`${ids}-replace`}
              rows={2}
              value={rules.replace}
              placeholder={t('spider.article.replacePlaceholder')}
              onChange={(e) => set({ replace: e.target.value })}
            />
          </div>
          <p className="text-muted-foreground text-xs">{t('spider.article.overwriteHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
