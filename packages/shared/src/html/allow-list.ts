/**
 * The HTML allow-lists, one place for the server and the browser (issue 21 item 5). The server stores article HTML
 * through sanitize-html with `ARTICLE_HTML` (packages/domain articles/article-html.ts); the web app filters what it
 * renders from data through DOMPurify with the same lists (apps/web/src/lib/html-sanitizer.ts, set up by
 * `purifyHooks` below), so a tag, attribute, style or URL the server drops is dropped in the browser too.
 */
export interface HtmlAllowList {
  /** Elements kept; any other element is unwrapped (its text and allowed children stay). */
  tags: readonly string[];
  /** Attributes kept, per element; any other attribute goes. */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** For a `class` attribute: the class names kept, per element. */
  classes: Readonly<Record<string, readonly RegExp[]>>;
  /** For a `style` attribute: the declarations kept (property, then the values it may have). */
  styles: Readonly<Record<string, readonly RegExp[]>>;
  /** URL schemes a link (or any URL attribute of an element not in `mediaTags`) may use; paths always may. */
  linkSchemes: readonly string[];
  /** URL schemes of the elements that load what they point to (images, video). */
  mediaSchemes: readonly string[];
  mediaTags: readonly string[];
  /** Elements removed with everything inside them: what they hold is script, styles, or not text at all. */
  dropWithContent: readonly string[];
  /** `rel` of a link that opens a new tab; `target` other than `_blank` is dropped. */
  blankRel: string;
}

/** `record[key]` when it is the record's own entry (so `constructor` or `__proto__` is never taken for one). */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Attributes holding a URL: checked against the schemes. */
export const HTML_URL_ATTRIBUTES: readonly string[] = ['href', 'src', 'poster', 'cite'];

const DROP_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
  'xmp',
  'plaintext',
];

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/];
const ALIGNED = ['style'];

/**
 * Article HTML as stored and served: the rich-text editor's output (headings, lists, links, tables, code, quotes,
 * images, video). Scripts, event handlers, inline styles beyond text alignment, colour and width, and any URL scheme
 * but http(s)/mailto (http(s) only for media) are dropped, so nothing a member writes runs in another reader's
 * browser.
 */
export const ARTICLE_HTML: HtmlAllowList = {
  tags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'mark',
    'span',
    'a',
    'img',
    'figure',
    'figcaption',
    'video',
    'source',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'div',
  ],
  attributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    source: ['src', 'type'],
    th: ['colspan', 'rowspan', 'style'],
    td: ['colspan', 'rowspan', 'style'],
    col: ['span', 'style'],
    code: ['class'],
    pre: ['class'],
    p: ALIGNED,
    span: ALIGNED,
    h1: ALIGNED,
    h2: ALIGNED,
    h3: ALIGNED,
    h4: ALIGNED,
    h5: ALIGNED,
    h6: ALIGNED,
    div: ALIGNED,
    ol: ['start'],
  },
  classes: { code: [/^language-[\w-]+$/], pre: [/^language-[\w-]+$/] },
  styles: {
    'text-align': [/^(left|right|center|justify)$/],
    color: COLOUR,
    'background-color': COLOUR,
    width: [/^\d+(\.\d+)?(px|%|em)$/],
  },
  linkSchemes: ['http', 'https', 'mailto'],
  mediaSchemes: ['http', 'https'],
  mediaTags: ['img', 'video', 'source'],
  dropWithContent: DROP_WITH_CONTENT,
  blankRel: 'noopener noreferrer nofollow',
};

const TITLED = ['title'];

/**
 * The short HTML texts administrators put in settings (display.copyright_statement, security.close_statement,
 * display.wechat_tip, download.code_tip): inline formatting and links, every element may have a title.
 */
export const SETTINGS_HTML: HtmlAllowList = {
  tags: [
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
  ],
  attributes: {
    a: ['href', 'title', 'target'],
    ...Object.fromEntries(
      ['b', 'strong', 'i', 'em', 'u', 's', 'small', 'span', 'br', 'p', 'div', 'ul', 'ol', 'li', 'h3', 'h4', 'code'].map(
        (tag) => [tag, TITLED],
      ),
    ),
  },
  classes: {},
  styles: {},
  linkSchemes: ['http', 'https', 'mailto'],
  mediaSchemes: [],
  mediaTags: [],
  dropWithContent: DROP_WITH_CONTENT,
  blankRel: 'noopener noreferrer',
};

/**
 * Whether a URL attribute of `tag` may keep `value` (sanitize-html's rule, so both sides agree): C0 controls and
 * spaces anywhere are ignored, as browsers ignore them (`java\tscript:`); a value with a scheme needs one of the
 * list's schemes; one without is a path of this site, unless it starts with two slashes (another host).
 */
export function allowedHtmlUrl(list: HtmlAllowList, tag: string, value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is ignored here.
  let href = value.replace(/[\u0000-\u0020]+/g, '');
  // Comments inside a URL are how `java<!-- -->script:` hides from a filter.
  for (let open = href.indexOf('<!--'); open !== -1; open = href.indexOf('<!--')) {
    const close = href.indexOf('-->', open + 4);
    if (close === -1) break;
    href = href.slice(0, open) + href.slice(close + 3);
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return !/^[/\\]{2}/.test(href);
  return (list.mediaTags.includes(tag) ? list.mediaSchemes : list.linkSchemes).includes(scheme);
}

/** The class names of `value` that `tag` may have, or null when none is left. */
export function allowedHtmlClasses(list: HtmlAllowList, tag: string, value: string): string | null {
  const rules = own(list.classes, tag) ?? [];
  const kept = value.split(/\s+/).filter((name) => name && rules.some((re) => re.test(name)));
  return kept.length ? kept.join(' ') : null;
}

/**
 * The declarations of a style attribute the list allows, written as sanitize-html writes them (`prop:value`, joined
 * by `;`, `!important` kept), or null when none is left.
 */
export function allowedHtmlStyle(list: HtmlAllowList, value: string): string | null {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const at = declaration.indexOf(':');
    if (at < 0) continue;
    const prop = declaration.slice(0, at).trim();
    let css = declaration.slice(at + 1).trim();
    const important = /\s*!\s*important$/i.test(css);
    if (important) css = css.replace(/\s*!\s*important$/i, '');
    if (own(list.styles, prop)?.some((re) => re.test(css)))
      kept.push(`${prop}:${css}${important ? ' !important' : ''}`);
  }
  return kept.length ? kept.join(';') : null;
}

/** The attributes an element may keep (none for an element the list does not know). */
export function allowedHtmlAttributes(list: HtmlAllowList, tag: string): readonly string[] {
  return own(list.attributes, tag) ?? [];
}

/** What sanitize-html needs of a link's attributes after `transformTags`. */
type Attributes = Record<string, string>;

/** sanitize-html's options for `list` (typed here without depending on it: packages/domain passes them on). */
export interface SanitizeHtmlOptions {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedClasses: Record<string, RegExp[]>;
  allowedStyles: Record<string, Record<string, RegExp[]>>;
  allowedSchemes: string[];
  allowedSchemesByTag: Record<string, string[]>;
  allowedSchemesAppliedToAttributes: string[];
  allowProtocolRelative: boolean;
  nonTextTags: string[];
  exclusiveFilter: (frame: { tag: string }) => boolean;
  transformTags: Record<string, (tagName: string, attribs: Attributes) => { tagName: string; attribs: Attributes }>;
}

/**
 * The list as sanitize-html options, to the same effect as the browser's DOMPurify set-up: the elements of
 * `dropWithContent` go with all they hold, `target` is `_blank` (with `blankRel`) or nothing.
 */
export function sanitizeHtmlOptions(list: HtmlAllowList): SanitizeHtmlOptions {
  const linkAttributes = allowedHtmlAttributes(list, 'a');
  const drop = new Set(list.dropWithContent);
  return {
    allowedTags: [...list.tags],
    allowedAttributes: {
      ...Object.fromEntries(Object.entries(list.attributes).map(([tag, names]) => [tag, [...names]])),
      // The transform below writes `rel`; what it leaves is what the list allows.
      ...(list.tags.includes('a') ? { a: [...new Set([...linkAttributes, 'rel'])] } : {}),
    },
    allowedClasses: Object.fromEntries(Object.entries(list.classes).map(([tag, res]) => [tag, [...res]])),
    allowedStyles: { '*': Object.fromEntries(Object.entries(list.styles).map(([prop, res]) => [prop, [...res]])) },
    allowedSchemes: [...list.linkSchemes],
    allowedSchemesByTag: Object.fromEntries(list.mediaTags.map((tag) => [tag, [...list.mediaSchemes]])),
    allowedSchemesAppliedToAttributes: [...HTML_URL_ATTRIBUTES],
    allowProtocolRelative: false,
    nonTextTags: [...drop],
    exclusiveFilter: (frame) => drop.has(frame.tag),
    transformTags: {
      a: (tagName, attribs) => {
        const { target, rel, ...rest } = attribs;
        const kept: Attributes = rest;
        if (target === '_blank') Object.assign(kept, { target, rel: list.blankRel });
        else if (rel !== undefined && linkAttributes.includes('rel')) kept.rel = rel;
        return { tagName, attribs: kept };
      },
    },
  };
}
