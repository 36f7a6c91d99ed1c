/**
 * A tiny allow-list for the short HTML texts administrators put in settings (display.copyright_statement,
 * security.close_statement, display.wechat_tip): inline formatting and links survive, everything else becomes its
 * text. Nothing is sanitized server-side yet, so nothing from settings goes into the page unfiltered.
 */
const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'span',
  'br',
  'p',
  'div',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'code',
]);
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

function cleanNode(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'iframe' || tag === 'object') return null;
  const children = [...el.childNodes].map((c) => cleanNode(c, doc)).filter((c): c is Node => c !== null);
  if (!ALLOWED_TAGS.has(tag)) {
    // Unknown elements are unwrapped: their text stays, their markup and attributes go.
    const frag = doc.createDocumentFragment();
    for (const c of children) frag.appendChild(c);
    return frag;
  }
  const out = doc.createElement(tag);
  if (tag === 'a') {
    const href = el.getAttribute('href')?.trim() ?? '';
    if (SAFE_HREF.test(href)) out.setAttribute('href', href);
    if (el.getAttribute('target') === '_blank') {
      out.setAttribute('target', '_blank');
      out.setAttribute('rel', 'noopener noreferrer');
    }
  }
  const title = el.getAttribute('title');
  if (title) out.setAttribute('title', title);
  for (const c of children) out.appendChild(c);
  return out;
}

export function sanitizeSimpleHtml(html: string | null | undefined): string {
  const source = (html ?? '').trim();
  if (!source) return '';
  if (typeof DOMParser === 'undefined') return source.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const parsed = new DOMParser().parseFromString(`<body>${source}</body>`, 'text/html');
  const doc = document.implementation.createHTMLDocument('');
  const container = doc.createElement('div');
  for (const c of [...parsed.body.childNodes]) {
    const clean = cleanNode(c, doc);
    if (clean) container.appendChild(clean);
  }
  return container.innerHTML;
}
