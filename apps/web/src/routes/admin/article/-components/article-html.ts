/**
 * The HTML of the admin article editor: a browser-side preview filter and the text edits of its toolbar. The server
 * sanitizes every saved article (packages/domain articles/article-html.ts); the preview follows the same allow-list
 * so the administrator sees what readers will get and nothing typed runs in the back office.
 */

const ALLOWED: Record<string, readonly string[]> = {
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  h5: ['style'],
  h6: ['style'],
  p: ['style'],
  br: [],
  hr: [],
  blockquote: [],
  pre: ['class'],
  code: ['class'],
  ul: [],
  ol: ['start'],
  li: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  sub: [],
  sup: [],
  mark: [],
  span: ['style'],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  figure: [],
  figcaption: [],
  video: ['src', 'controls', 'poster', 'width', 'height'],
  source: ['src', 'type'],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'style'],
  td: ['colspan', 'rowspan', 'style'],
  caption: [],
  colgroup: [],
  col: ['span', 'style'],
  div: ['style'],
};
/** Elements dropped with everything inside them; other unknown elements keep their text. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math']);
const URL_ATTRS = new Set(['href', 'src', 'poster']);
const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#|[^/:][^:]*$)/i;
const SAFE_MEDIA = /^(https?:|\/(?!\/))/i;
const STYLE_RULES: Record<string, RegExp[]> = {
  'text-align': [/^(left|right|center|justify)$/],
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/],
  'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/],
  width: [/^\d+(\.\d+)?(px|%|em)$/],
};

function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((d) => {
      const at = d.indexOf(':');
      if (at < 0) return '';
      const prop = d.slice(0, at).trim().toLowerCase();
      const value = d.slice(at + 1).trim();
      return STYLE_RULES[prop]?.some((re) => re.test(value)) ? `${prop}: ${value}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

function cleanAttr(tag: string, name: string, value: string): string | null {
  if (name === 'style') return cleanStyle(value) || null;
  if (name === 'class') {
    const kept = value.split(/\s+/).filter((c) => /^language-[\w-]+$/.test(c));
    return kept.length ? kept.join(' ') : null;
  }
  if (URL_ATTRS.has(name)) {
    // Control characters and white space inside a scheme (`java\tscript:`) are how filters get fooled.
    const url = [...value].filter((c) => c.charCodeAt(0) > 0x20).join('');
    const safe = tag === 'a' ? SAFE_LINK : SAFE_MEDIA;
    return safe.test(url) ? value.trim() : null;
  }
  return value;
}

function cleanNode(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...el.childNodes].map((c) => cleanNode(c, doc)).filter((c): c is Node => c !== null);
  const allowed = ALLOWED[tag];
  if (!allowed) {
    const frag = doc.createDocumentFragment();
    for (const c of children) frag.appendChild(c);
    return frag;
  }
  const out = doc.createElement(tag);
  for (const name of allowed) {
    const raw = el.getAttribute(name);
    if (raw === null) continue;
    const value = cleanAttr(tag, name, raw);
    if (value !== null) out.setAttribute(name, value);
  }
  if (tag === 'a' && out.getAttribute('target') === '_blank') out.setAttribute('rel', 'noopener noreferrer nofollow');
  if (tag === 'a' && out.hasAttribute('target') && out.getAttribute('target') !== '_blank')
    out.removeAttribute('target');
  for (const c of children) out.appendChild(c);
  return out;
}

/** The article HTML as the preview shows it: the server's allow-list of tags, attributes, styles and URLs. */
export function sanitizeArticlePreview(html: string | null | undefined): string {
  const source = html ?? '';
  if (!source.trim()) return '';
  if (typeof DOMParser === 'undefined') return source.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // A document that is never attached to the page: nothing in it loads or runs while it is parsed.
  const parsed = new DOMParser().parseFromString(`<body>${source}</body>`, 'text/html');
  const out = parsed.createElement('div');
  for (const c of [...parsed.body.childNodes]) {
    const cleaned = cleanNode(c, parsed);
    if (cleaned) out.appendChild(cleaned);
  }
  return out.innerHTML;
}

/** A text edit of the toolbar: the new text and the selection to restore. */
export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Wraps the selection in `before`…`after` (bold, a heading, a link). With nothing selected `placeholder` is
 * inserted and selected, so typing replaces it.
 */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  before: string,
  after: string,
  placeholder = '',
): TextEdit {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const inner = from === to ? placeholder : text.slice(from, to);
  return {
    text: text.slice(0, from) + before + inner + after + text.slice(to),
    selectionStart: from + before.length,
    selectionEnd: from + before.length + inner.length,
  };
}

/** Inserts `snippet` at the caret (replacing the selection) and puts the caret after it. */
export function insertAtCaret(text: string, start: number, end: number, snippet: string): TextEdit {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const caret = from + snippet.length;
  return { text: text.slice(0, from) + snippet + text.slice(to), selectionStart: caret, selectionEnd: caret };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<img>` tag of an uploaded image (paths from the upload endpoint, alt from the file name). */
export function imageTag(path: string, alt: string): string {
  return `<p><img src="${escapeAttr(path)}" alt="${escapeAttr(alt)}"></p>\n`;
}

/** The `<a>` around the selection for a link the administrator typed. */
export function linkTags(url: string): { before: string; after: string } {
  const external = /^https?:\/\//i.test(url);
  return {
    before: `<a href="${escapeAttr(url)}"${external ? ' target="_blank"' : ''}>`,
    after: '</a>',
  };
}

/**
 * Classes that give article HTML readable defaults inside the admin preview (the site has no typography plugin):
 * headings, paragraphs, lists, quotes, code, tables and media that never overflow the box.
 */
export const ARTICLE_PREVIEW_CLASS = [
  'break-words text-sm leading-7',
  '[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:font-semibold [&_h1]:text-2xl',
  '[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:font-semibold [&_h2]:text-xl',
  '[&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-lg',
  '[&_h4]:mt-3 [&_h4]:mb-1 [&_h4]:font-semibold',
  '[&_p]:my-2 [&_a]:text-primary [&_a]:underline',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-3 [&_code]:font-mono',
  '[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_video]:max-w-full [&_hr]:my-4',
  '[&_table]:my-2 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2',
].join(' ');
