import i18n, { englishMessageTranslator } from '@/i18n';

/**
 * Messages from the server and the shared zod schemas come in Chinese (the spec's and moredoc's wording). For
 * English readers they are looked up in lib/messages-en.ts, which loads with the English texts. Unknown messages
 * show as they are.
 */

/** Names quoted in a message (【…】): a setting's label, say, which the caller may know in English. */
export type NameTranslator = (name: string) => string;

/** The message for the current language: English readers get the translation when there is one. */
export function localizeMessage(message: string, name?: NameTranslator): string;
export function localizeMessage(message: string | undefined, name?: NameTranslator): string | undefined;
export function localizeMessage(message: string | undefined, name: NameTranslator = (n) => n): string | undefined {
  if (!message || i18n.language !== 'en') return message;
  return englishMessageTranslator()?.(message, name) ?? message;
}
