import * as React from 'react';

type Sanitizers = typeof import('@/lib/html-sanitizer');

let loaded: Sanitizers | null = null;
let loading: Promise<Sanitizers | null> | null = null;
const listeners = new Set<() => void>();

/** Loads the sanitizer (DOMPurify and the allow-lists) once, after the page has painted. */
function load(): Promise<Sanitizers | null> {
  loading ??= import('@/lib/html-sanitizer').then(
    (m) => {
      loaded = m;
      for (const listener of listeners) listener();
      return m;
    },
    () => {
      // A failed load (a deploy replaced the chunk, say) is tried again by the next HTML shown.
      loading = null;
      return null;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void load();
  return () => listeners.delete(listener);
}

/**
 * The browser's HTML sanitizers, or null until they have loaded. Null in the server's render and while the browser
 * takes that render over too, so both paint the same text first; DOMPurify stays out of the public shell.
 */
export function useHtmlSanitizers(): Sanitizers | null {
  return React.useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text of settings HTML, shown (as text, never as markup) until the sanitizer has loaded: tags and what script,
 * style and similar elements hold are left out, the common character references are read.
 */
export function htmlAsText(html: string): string {
  return (
    html
      .replace(/<(script|style|template|noscript|textarea|title|xmp|iframe|svg|math)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<!--[\s\S]*?(-->|$)/g, '')
      // A tag, quoted attribute values (which may hold `>`) included.
      .replace(/<\/?[a-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>?/gi, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (ref, name: string) => {
        if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? ref;
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
      })
  );
}

type SimpleHtmlProps = {
  /** Settings HTML as the administrator wrote it. */
  html: string | null | undefined;
  as?: 'div' | 'p' | 'span';
} & Omit<React.HTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'>;

/**
 * The short HTML administrators put in settings (display.copyright_statement, security.close_statement,
 * display.wechat_tip, download.code_tip) through the settings allow-list (packages/shared html/allow-list.ts, with
 * DOMPurify): inline formatting and safe links survive, everything else becomes its text. Its text is shown until
 * the sanitizer has loaded; nothing for empty HTML.
 */
export function SimpleHtml({ html, as: Tag = 'div', ...props }: SimpleHtmlProps) {
  const sanitizers = useHtmlSanitizers();
  const source = (html ?? '').trim();
  const markup = React.useMemo(
    () => (sanitizers && source ? { __html: sanitizers.sanitizeSettingsHtml(source) } : null),
    [sanitizers, source],
  );
  if (!source) return null;
  if (!markup)
    return (
      <Tag key="text" {...props}>
        {htmlAsText(source)}
      </Tag>
    );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: filtered by DOMPurify with the settings allow-list above.
  return <Tag key="html" {...props} dangerouslySetInnerHTML={markup} />;
}
