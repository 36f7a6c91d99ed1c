import type { SpiderDocumentDTO } from '@wenku/shared';
import { SettingsIcon } from 'lucide-react';
import * as React from 'react';
import { SelectInput } from '@/components/admin/inputs';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/areas/spider';
import type { Draft } from './spider-document-columns';
import { replaceInTitle, TITLE_SOURCES, type TitleSource, titleFrom } from './title-tools';

/**
 * The gear on the 正式标题 header in batch edit (moredoc-pro-facts §9.2 `快捷操作`): copy a field into every edited
 * title (extension stripped), or find and replace in them with a regular expression.
 */
export function TitleToolsPopover({
  rows,
  drafts,
  onApply,
}: {
  rows: SpiderDocumentDTO[];
  drafts: Map<number, Draft>;
  onApply: (next: Map<number, Draft>) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const [source, setSource] = React.useState<TitleSource>('title_from_href');
  const [find, setFind] = React.useState('');
  const [replacement, setReplacement] = React.useState('');
  const ids = React.useId();

  const quote = () => {
    const next = new Map(drafts);
    for (const row of rows) {
      const d = next.get(row.id);
      // The draft's own (possibly edited) link, URL and file titles are the source.
      if (d) next.set(row.id, { ...d, title: titleFrom({ ...d, url: row.url }, source) });
    }
    onApply(next);
    setOpen(false);
  };
  const replace = () => {
    const next = new Map(drafts);
    for (const [id, d] of next) {
      const title = replaceInTitle(d.title, find, replacement);
      if (title === null) {
        toast.error(t('spider.document.tools.badRegex'));
        return;
      }
      next.set(id, { ...d, title });
    }
    onApply(next);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-6"
          aria-label={t('spider.document.tools.title')}
          title={t('spider.document.tools.title')}
        >
          <SettingsIcon className="size-4" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="grid w-80 gap-4">
        <div className="grid gap-2">
          <p className="font-medium text-sm">{t('spider.document.tools.quote')}</p>
          <div className="flex gap-2">
            <SelectInput
              aria-label={t('spider.document.tools.quoteFrom')}
              className="flex-1"
              value={source}
              onChange={(v) => setSource(v as TitleSource)}
              options={TITLE_SOURCES.map((s) => ({ value: s, label: t(`spider.document.tools.sources.${s}`) }))}
            />
            <Button size="sm" onClick={quote}>
              {t('spider.document.tools.apply')}
            </Button>
          </div>
        </div>
        <div className="grid gap-2 border-t pt-3">
          <p className="font-medium text-sm">{t('spider.document.tools.replace')}</p>
          <Label htmlFor={`${ids}-find`} className="text-xs">
            {t('spider.document.tools.find')}
          </Label>
          <Input id={`${ids}-find`} value={find} onChange={(e) => setFind(e.target.value)} className="h-8" />
          <Label htmlFor={`${ids}-to`} className="text-xs">
            {t('spider.document.tools.replaceWith')}
          </Label>
          <Input
            id={`${ids}-to`}
            value={replacement}
            onChange={(e) => setReplacement(e.target.value)}
            className="h-8"
          />
          <p className="text-muted-foreground text-xs">{t('spider.document.tools.regexHint')}</p>
          <Button size="sm" variant="outline" onClick={replace} disabled={!find}>
            {t('spider.document.tools.apply')}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
