import type * as React from 'react';

type SimpleHtmlProps = {
  /** Settings HTML as the server sends it: already through the settings allow-list. */
  html: string | null | undefined;
  as?: 'div' | 'p' | 'span';
} & Omit<React.HTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'>;

/**
 * The short HTML administrators put in settings (display.copyright_statement, security.close_statement,
 * display.wechat_tip, download.code_tip). The server filters it with the settings allow-list (packages/shared
 * html/allow-list.ts) when it is saved and again when the public settings are sent (packages/domain
 * settings.service.ts), so the page inserts it as it comes: the server's render paints the same markup the browser
 * keeps, and no HTML sanitizer loads with public pages (issue 17). Nothing for empty HTML.
 */
export function SimpleHtml({ html, as: Tag = 'div', ...props }: SimpleHtmlProps) {
  const source = (html ?? '').trim();
  if (!source) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: filtered by the server with the settings allow-list.
  return <Tag {...props} dangerouslySetInnerHTML={{ __html: source }} />;
}
