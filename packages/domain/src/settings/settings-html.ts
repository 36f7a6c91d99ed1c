import { HTML_CONFIG_KEYS } from '@wenku/shared';
import { SETTINGS_HTML, sanitizeHtmlOptions } from '@wenku/shared/html';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = sanitizeHtmlOptions(SETTINGS_HTML);

/**
 * Settings HTML as stored: the shared settings allow-list (packages/shared html/allow-list.ts), the one the web app
 * applies with DOMPurify when it shows the text, so what an administrator saves is already what readers get:
 * inline formatting and http(s)/mailto links or site paths; scripts, event handlers, styles and other schemes go.
 */
export function sanitizeSettingsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Whether the page shows a setting (`category.name`) as HTML, so it is sanitized when saved. */
export const isHtmlSetting = (key: string): boolean => HTML_CONFIG_KEYS.includes(key);
