import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { TableKit } from '@tiptap/extension-table';
import type { EditorView } from '@tiptap/pm/view';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import * as React from 'react';
import { ARTICLE_PROSE } from '@/components/articles/article-content';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage } from '@/lib/api-error';
import { uploadImage } from '@/lib/upload';
import { cn } from '@/lib/utils';
import { EditorToolbar } from './editor-toolbar';
import { normalizeLinkUrl } from './link-url';

/** What the form may do with the editor (react-hook-form focuses the first invalid field). */
export interface RichTextEditorHandle {
  focus: () => void;
  /** Replaces the whole content (a crawled article); reports the change like typing would. */
  setContent: (html: string) => void;
}

const imageFiles = (list: FileList | null | undefined) => [...(list ?? [])].filter((f) => f.type.startsWith('image/'));

/** The image's alt text: its file name without the extension. */
const altOf = (file: File) => file.name.replace(/\.[^.]+$/, '').slice(0, 120);

/**
 * The article editor (TipTap): headings, marks, lists, quotes, code blocks, links, tables and uploaded images.
 * Uncontrolled: it starts from `initialHtml` and reports its HTML on every change (empty as '').
 */
export function RichTextEditor({
  initialHtml,
  onChange,
  onBlur,
  invalid,
  labelledBy,
  ref,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  labelledBy?: string;
  ref?: React.Ref<RichTextEditorHandle>;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = React.useState(0);
  // The editor's props are fixed at creation; the handlers read the latest callbacks through refs.
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  const insertFilesRef = React.useRef<(files: File[], at?: number) => void>(() => {});

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          // The same rule as the link dialog: nothing but http(s), mailto and paths of this site.
          isAllowedUri: (url) => normalizeLinkUrl(url) !== null,
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      Image.configure({ allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
      Placeholder.configure({ placeholder: t('article.editor.placeholder') }),
    ],
    content: initialHtml,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: cn(
          ARTICLE_PROSE,
          'min-h-80 px-4 py-4 outline-none sm:px-6',
          '[&_img]:cursor-default [&_img.ProseMirror-selectednode]:ring-2 [&_img.ProseMirror-selectednode]:ring-primary',
          '[&_.tableWrapper]:my-4 [&_.tableWrapper]:overflow-x-auto [&_.selectedCell]:bg-primary/10',
          '[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-muted-foreground [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
        ),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        insertFilesRef.current(files);
        return true;
      },
      handleDrop: (view: EditorView, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        insertFilesRef.current(files, at);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

  /** Uploads images (moredoc-facts §9: POST /upload/article) and inserts each returned path where asked. */
  const insertFiles = React.useCallback(
    async (files: File[], at?: number) => {
      if (!editor) return;
      for (const file of files) {
        setUploading((n) => n + 1);
        try {
          const src = await uploadImage('article', file);
          const image = { type: 'image', attrs: { src, alt: altOf(file) } };
          const chain = editor.chain().focus();
          (at === undefined ? chain.insertContent(image) : chain.insertContentAt(at, image)).run();
        } catch (e) {
          toast.error(t('article.editor.imageFailed', { name: file.name, message: errorMessage(e) }));
        } finally {
          setUploading((n) => n - 1);
        }
      }
    },
    [editor, t],
  );
  insertFilesRef.current = (files, at) => void insertFiles(files, at);

  React.useImperativeHandle(
    ref,
    () => ({
      focus: () => editor?.commands.focus(),
      setContent: (html: string) => {
        editor?.commands.setContent(html, { emitUpdate: true });
      },
    }),
    [editor],
  );

  return (
    <div
      className={cn(
        'rounded-md border bg-background shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
        invalid && 'border-destructive focus-within:border-destructive focus-within:ring-destructive/20',
      )}
      data-testid="article-editor"
    >
      {editor ? <EditorToolbar editor={editor} uploading={uploading > 0} onImages={insertFiles} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
