/** Text helpers of the converter, free of MuPDF and sharp so that loading them costs nothing. */

export const DAMAGED_PDF = '文件已损坏，无法读取其中的页面';

/**
 * Joins words a line break split with a hyphen ("docu-\nment" → "document"): a hyphen ending a line between two
 * lower-case letters is a break, not part of the word.
 */
export const joinHyphenated = (text: string) => text.replace(/(\p{Ll})[-\u00ad\u2010]\r?\n\s*(\p{Ll})/gu, '$1$2');

/** A document's text on one line: line breaks and runs of spaces become one space (the index text). */
export const flattenText = (text: string) =>
  text
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
