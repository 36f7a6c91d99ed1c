import {
  ARTICLE_HTML,
  allowedHtmlAttributes,
  allowedHtmlClasses,
  allowedHtmlStyle,
  allowedHtmlUrl,
  HTML_URL_ATTRIBUTES,
  type HtmlAllowList,
} from '@wenku/shared/html';
import DOMPurify from 'dompurify';

/**
 * Article HTML filtered in the browser (the back office's editor preview) with DOMPurify and the server's allow-list
 * (packages/shared html/allow-list.ts): what the server's sanitize-html keeps of article HTML, this keeps too, and
 * nothing more.
 * DOMPurify does the parsing and the walk (and knows the mutation tricks: namespace confusion, clobbering,
 * attributes that break out on re-parsing); the hooks apply the lists' per-element attributes, classes, styles, URL
 * schemes and the `target`/`rel` of links. Loaded only with the page that uses it: public pages show HTML the server
 * has filtered (stored articles, settings HTML) and never load it.
 */
function purifier(list: HtmlAllowList): (html: string) => string {
  const purify = DOMPurify();
  const config = {
    ALLOWED_TAGS: [...list.tags],
    ALLOWED_ATTR: [...new Set(Object.values(list.attributes).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: [...list.dropWithContent],
    KEEP_CONTENT: true,
  };
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName;
    if (!allowedHtmlAttributes(list, tag).includes(name)) {
      data.keepAttr = false;
      return;
    }
    let value: string | null = data.attrValue;
    if (name === 'style') value = allowedHtmlStyle(list, value);
    else if (name === 'class') value = allowedHtmlClasses(list, tag, value);
    else if (HTML_URL_ATTRIBUTES.includes(name) && !allowedHtmlUrl(list, tag, value)) value = null;
    if (value === null) data.keepAttr = false;
    else data.attrValue = value;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() !== 'a' || !node.hasAttribute('target')) return;
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', list.blankRel);
    else node.removeAttribute('target');
  });
  return (html) => {
    // Without a DOM (the server's render) nothing is parsed: the text is escaped instead.
    if (!purify.isSupported) return html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return purify.sanitize(html, config);
  };
}

/** Article HTML as the server stores it (the admin editor's preview). */
export const sanitizeArticleHtml = purifier(ARTICLE_HTML);
