import { type Editor, useEditorState } from '@tiptap/react';
import {
  BetweenHorizontalEndIcon,
  BetweenVerticalEndIcon,
  BoldIcon,
  CodeIcon,
  Grid2x2XIcon,
  Heading1Icon,
  Heading2Icon,
  Heading3Icon,
  Heading4Icon,
  ImagePlusIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  LoaderCircleIcon,
  MinusIcon,
  PilcrowIcon,
  Redo2Icon,
  SquareCodeIcon,
  StrikethroughIcon,
  TableColumnsSplitIcon,
  TableIcon,
  TableRowsSplitIcon,
  TextQuoteIcon,
  Undo2Icon,
  UnlinkIcon,
} from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/areas/account';
import { cn } from '@/lib/utils';
import { normalizeLinkUrl } from './link-url';

/** The toolbar's view of the editor, recomputed on each transaction (the editor itself does not re-render). */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive('paragraph'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

/**
 * The editor's toolbar. It wraps onto more rows on narrow screens and stays under the site header while the
 * author scrolls a long article.
 */
export function EditorToolbar({
  editor,
  uploading,
  onImages,
}: {
  editor: Editor;
  uploading: boolean;
  onImages: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const s = useToolbarState(editor);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const run = () => editor.chain().focus();

  return (
    <div
      role="toolbar"
      aria-label={t('article.editor.toolbar')}
      className="sticky top-16 z-20 flex flex-wrap items-center gap-0.5 rounded-t-md border-b bg-muted/95 p-1 backdrop-blur supports-[backdrop-filter]:bg-muted/80"
    >
      <Tool label={t('article.editor.undo')} onClick={() => run().undo().run()} disabled={!s.canUndo}>
        <Undo2Icon />
      </Tool>
      <Tool label={t('article.editor.redo')} onClick={() => run().redo().run()} disabled={!s.canRedo}>
        <Redo2Icon />
      </Tool>
      <Divider />
      <Tool label={t('article.editor.paragraph')} active={s.paragraph} onClick={() => run().setParagraph().run()}>
        <PilcrowIcon />
      </Tool>
      <Tool label={t('article.editor.h1')} active={s.h1} onClick={() => run().toggleHeading({ level: 1 }).run()}>
        <Heading1Icon />
      </Tool>
      <Tool label={t('article.editor.h2')} active={s.h2} onClick={() => run().toggleHeading({ level: 2 }).run()}>
        <Heading2Icon />
      </Tool>
      <Tool label={t('article.editor.h3')} active={s.h3} onClick={() => run().toggleHeading({ level: 3 }).run()}>
        <Heading3Icon />
      </Tool>
      <Tool label={t('article.editor.h4')} active={s.h4} onClick={() => run().toggleHeading({ level: 4 }).run()}>
        <Heading4Icon />
      </Tool>
      <Divider />
      <Tool label={t('article.editor.bold')} active={s.bold} onClick={() => run().toggleBold().run()}>
        <BoldIcon />
      </Tool>
      <Tool label={t('article.editor.italic')} active={s.italic} onClick={() => run().toggleItalic().run()}>
        <ItalicIcon />
      </Tool>
      <Tool label={t('article.editor.strike')} active={s.strike} onClick={() => run().toggleStrike().run()}>
        <StrikethroughIcon />
      </Tool>
      <Tool label={t('article.editor.code')} active={s.code} onClick={() => run().toggleCode().run()}>
        <CodeIcon />
      </Tool>
      <Divider />
      <Tool label={t('article.editor.bulletList')} active={s.bulletList} onClick={() => run().toggleBulletList().run()}>
        <ListIcon />
      </Tool>
      <Tool
        label={t('article.editor.orderedList')}
        active={s.orderedList}
        onClick={() => run().toggleOrderedList().run()}
      >
        <ListOrderedIcon />
      </Tool>
      <Tool label={t('article.editor.quote')} active={s.blockquote} onClick={() => run().toggleBlockquote().run()}>
        <TextQuoteIcon />
      </Tool>
      <Tool label={t('article.editor.codeBlock')} active={s.codeBlock} onClick={() => run().toggleCodeBlock().run()}>
        <SquareCodeIcon />
      </Tool>
      <Tool label={t('article.editor.rule')} onClick={() => run().setHorizontalRule().run()}>
        <MinusIcon />
      </Tool>
      <Divider />
      <LinkTool editor={editor} active={s.link} />
      {s.link ? (
        <Tool label={t('article.editor.unlink')} onClick={() => run().extendMarkRange('link').unsetLink().run()}>
          <UnlinkIcon />
        </Tool>
      ) : null}
      <Tool
        label={uploading ? t('article.editor.uploading') : t('article.editor.image')}
        onClick={() => fileInput.current?.click()}
        disabled={uploading}
      >
        {uploading ? <LoaderCircleIcon className="animate-spin" /> : <ImagePlusIcon />}
      </Tool>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onImages(files);
        }}
      />
      <Tool
        label={t('article.editor.table')}
        active={s.table}
        onClick={() => run().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        disabled={s.table}
      >
        <TableIcon />
      </Tool>
      {s.table ? (
        <>
          <Tool label={t('article.editor.addRow')} onClick={() => run().addRowAfter().run()}>
            <BetweenHorizontalEndIcon />
          </Tool>
          <Tool label={t('article.editor.addColumn')} onClick={() => run().addColumnAfter().run()}>
            <BetweenVerticalEndIcon />
          </Tool>
          <Tool label={t('article.editor.deleteRow')} onClick={() => run().deleteRow().run()}>
            <TableRowsSplitIcon />
          </Tool>
          <Tool label={t('article.editor.deleteColumn')} onClick={() => run().deleteColumn().run()}>
            <TableColumnsSplitIcon />
          </Tool>
          <Tool label={t('article.editor.deleteTable')} onClick={() => run().deleteTable().run()}>
            <Grid2x2XIcon className="text-destructive" />
          </Tool>
        </>
      ) : null}
    </div>
  );
}

function Divider() {
  return <span aria-hidden className="mx-0.5 h-5 w-px bg-border" />;
}

function Tool({
  label,
  active,
  disabled,
  onClick,
  children,
  ...rest
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  children: React.ReactNode;
} & Omit<React.ComponentProps<'button'>, 'onClick' | 'children'>) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the selection in the editor: a mouse-down on the button would otherwise take the focus.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn('size-8', active && 'bg-primary/15 text-primary hover:bg-primary/20 hover:text-primary')}
      {...rest}
    >
      {children}
    </Button>
  );
}

/** 链接: asks for the address (http, https, mailto or a path of this site) and links the selection or inserts it. */
function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const [value, setValue] = React.useState('');
  const [error, setError] = React.useState(false);
  const inputId = React.useId();

  const onOpenChange = (next: boolean) => {
    if (next) {
      setValue((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(false);
    }
    setOpen(next);
  };

  const apply = () => {
    const href = normalizeLinkUrl(value);
    if (!href) {
      setError(true);
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Tool label={t('article.editor.link')} active={active}>
          <LinkIcon />
        </Tool>
      </PopoverTrigger>
      <PopoverContent align="start" className="grid w-80 max-w-[calc(100vw-2rem)] gap-2">
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            // The popover is portaled out of the article form in the DOM but not in React's tree: keep the submit here.
            e.stopPropagation();
            apply();
          }}
        >
          <label htmlFor={inputId} className="font-medium text-sm">
            {t('article.editor.linkLabel')}
          </label>
          <Input
            id={inputId}
            value={value}
            autoFocus
            inputMode="url"
            placeholder="https://"
            aria-invalid={error}
            onChange={(e) => {
              setValue(e.target.value);
              setError(false);
            }}
          />
          {error ? (
            <p role="alert" className="text-destructive text-xs">
              {t('article.editor.linkInvalid')}
            </p>
          ) : (
            <p className="text-muted-foreground text-xs">{t('article.editor.linkHint')}</p>
          )}
          <div className="flex justify-end gap-2">
            {active ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setOpen(false);
                }}
              >
                {t('article.editor.unlink')}
              </Button>
            ) : null}
            <Button type="submit" size="sm">
              {t('article.editor.linkApply')}
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}
