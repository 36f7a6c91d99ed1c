import {
  BoldIcon,
  CodeIcon,
  Heading2Icon,
  Heading3Icon,
  ImageUpIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  LoaderCircleIcon,
  MinusIcon,
  PilcrowIcon,
  TextQuoteIcon,
} from 'lucide-react';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { uploadImage } from '@/lib/upload';
import { cn } from '@/lib/utils';
import {
  ARTICLE_PREVIEW_CLASS,
  imageTag,
  insertAtCaret,
  linkTags,
  sanitizeArticlePreview,
  type TextEdit,
  wrapSelection,
} from './article-html';

type Tool = {
  key: string;
  icon: React.ComponentType<{ className?: string }>;
  edit: (text: string, start: number, end: number, placeholder: string) => TextEdit;
};

const block = (tag: string) => (text: string, s: number, e: number, p: string) =>
  wrapSelection(text, s, e, `<${tag}>`, `</${tag}>\n`, p);
const list = (tag: 'ul' | 'ol') => (text: string, s: number, e: number, p: string) =>
  wrapSelection(text, s, e, `<${tag}>\n  <li>`, `</li>\n</${tag}>\n`, p);

const TOOLS: Tool[] = [
  { key: 'bold', icon: BoldIcon, edit: (x, s, e, p) => wrapSelection(x, s, e, '<strong>', '</strong>', p) },
  { key: 'italic', icon: ItalicIcon, edit: (x, s, e, p) => wrapSelection(x, s, e, '<em>', '</em>', p) },
  { key: 'h2', icon: Heading2Icon, edit: block('h2') },
  { key: 'h3', icon: Heading3Icon, edit: block('h3') },
  { key: 'paragraph', icon: PilcrowIcon, edit: block('p') },
  { key: 'quote', icon: TextQuoteIcon, edit: block('blockquote') },
  { key: 'bulletList', icon: ListIcon, edit: list('ul') },
  { key: 'orderedList', icon: ListOrderedIcon, edit: list('ol') },
  { key: 'code', icon: CodeIcon, edit: (x, s, e, p) => wrapSelection(x, s, e, '<pre><code>', '</code></pre>\n', p) },
  { key: 'rule', icon: MinusIcon, edit: (x, s, e) => insertAtCaret(x, s, e, '<hr>\n') },
];

/**
 * The article body as HTML: a toolbar that wraps the selection in tags (bold, headings, lists, links…) and uploads
 * images into it, the HTML source, and a live preview filtered like the server filters saved articles. Side by side
 * on wide screens, as two tabs on phones.
 */
export function HtmlEditor({
  id,
  value,
  onChange,
  invalid,
  rows = 16,
}: {
  id?: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  rows?: number;
}) {
  const { t } = useTranslation();
  const area = React.useRef<HTMLTextAreaElement>(null);
  const file = React.useRef<HTMLInputElement>(null);
  const [tab, setTab] = React.useState<'edit' | 'preview'>('edit');
  const [uploading, setUploading] = React.useState(false);
  const [linkOpen, setLinkOpen] = React.useState(false);
  const [link, setLink] = React.useState('');
  // The selection when a popover or the file picker took the focus away.
  const saved = React.useRef<[number, number]>([value.length, value.length]);
  const preview = React.useDeferredValue(value);
  const html = React.useMemo(() => sanitizeArticlePreview(preview), [preview]);

  const selection = (): [number, number] => {
    const el = area.current;
    return el ? [el.selectionStart, el.selectionEnd] : saved.current;
  };
  const apply = (edit: TextEdit) => {
    onChange(edit.text);
    setTab('edit');
    // After React has written the new value, put the selection back where the edit says.
    requestAnimationFrame(() => {
      const el = area.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };
  const remember = () => {
    saved.current = selection();
  };

  const upload = async (f: File | undefined) => {
    if (!f) return;
    setUploading(true);
    try {
      const path = await uploadImage('article', f);
      const [s, e] = saved.current;
      apply(insertAtCaret(value, s, e, imageTag(path, f.name.replace(/\.[^.]+$/, ''))));
      toast.success(t('admin.upload.success'));
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  const insertLink = () => {
    const url = link.trim();
    if (!url) return;
    const [s, e] = saved.current;
    const { before, after } = linkTags(url);
    setLinkOpen(false);
    setLink('');
    apply(wrapSelection(value, s, e, before, after, t('admin.article.editor.linkText')));
  };

  return (
    <div className={cn('grid min-w-0 gap-2 rounded-md border p-2', invalid && 'border-destructive')}>
      <div className="flex flex-wrap items-center gap-1" role="toolbar" aria-label={t('admin.article.editor.toolbar')}>
        {TOOLS.map((tool) => (
          <Button
            key={tool.key}
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            title={t(`admin.article.editor.${tool.key}`)}
            aria-label={t(`admin.article.editor.${tool.key}`)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              const [s, e] = selection();
              apply(tool.edit(value, s, e, t('admin.article.editor.placeholderText')));
            }}
          >
            <tool.icon />
          </Button>
        ))}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            if (open) remember();
            setLinkOpen(open);
          }}
        >
          <PopoverTrigger asChild>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              title={t('admin.article.editor.link')}
              aria-label={t('admin.article.editor.link')}
              onMouseDown={(e) => e.preventDefault()}
            >
              <LinkIcon />
            </Button>
          </PopoverTrigger>
          <PopoverContent align="start" className="grid w-80 max-w-[calc(100vw-2rem)] gap-2 p-3">
            <Input
              value={link}
              placeholder="https://"
              aria-label={t('admin.article.editor.linkUrl')}
              onChange={(e) => setLink(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  insertLink();
                }
              }}
            />
            <Button type="button" size="sm" onClick={insertLink} disabled={!link.trim()}>
              {t('admin.article.editor.insertLink')}
            </Button>
          </PopoverContent>
        </Popover>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          title={t('admin.article.editor.image')}
          aria-label={t('admin.article.editor.image')}
          disabled={uploading}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            remember();
            file.current?.click();
          }}
        >
          {uploading ? <LoaderCircleIcon className="animate-spin" /> : <ImageUpIcon />}
        </Button>
        <input
          ref={file}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <div className="ml-auto flex rounded-md bg-muted p-0.5 lg:hidden" role="tablist">
          {(['edit', 'preview'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={tab === v}
              className={cn(
                'rounded px-2.5 py-1 text-xs',
                tab === v ? 'bg-background font-medium shadow-xs' : 'text-muted-foreground',
              )}
              onClick={() => setTab(v)}
            >
              {t(`admin.article.editor.${v}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="grid min-w-0 gap-2 lg:grid-cols-2">
        <Textarea
          ref={area}
          id={id}
          rows={rows}
          value={value}
          spellCheck={false}
          aria-invalid={invalid}
          placeholder={t('admin.article.editor.sourcePlaceholder')}
          className={cn('min-h-64 resize-y font-mono text-xs leading-5 md:text-xs', tab !== 'edit' && 'hidden lg:flex')}
          onChange={(e) => onChange(e.target.value)}
          onSelect={remember}
          onBlur={remember}
        />
        <section
          className={cn(
            'min-h-64 min-w-0 overflow-auto rounded-md border bg-muted/20 px-3 py-2',
            tab !== 'preview' && 'hidden lg:block',
          )}
          aria-label={t('admin.article.editor.preview')}
        >
          {html ? (
            // Filtered by sanitizeArticlePreview (the server's allow-list); the saved article is filtered again.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized above
            <div className={ARTICLE_PREVIEW_CLASS} dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <p className="py-8 text-center text-muted-foreground text-sm">{t('admin.article.editor.emptyPreview')}</p>
          )}
        </section>
      </div>
      <p className="text-muted-foreground text-xs">{t('admin.article.editor.hint')}</p>
    </div>
  );
}
