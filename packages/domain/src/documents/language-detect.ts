import { AttachmentContent, Document, Language } from '@wenku/db';
import type * as Tinyld from 'tinyld';
import type { DomainContext } from '../context.ts';
import { lazyPackage } from '../lazy-package.ts';

// The detector's models (~25 MB) load with the first detection (issue 17: memory of an idle server).
const tinyld = lazyPackage<typeof Tinyld>('tinyld');

/** Enough text to tell a language apart; more only slows the detector down. */
const SAMPLE_CHARS = 4000;

/**
 * Characters written differently in traditional and simplified Chinese, among the most frequent ones. tinyld only
 * says "zh"; these decide between the site's zh-TW and zh-CN.
 */
const TRADITIONAL = new Set('這們來個為說國時會對麼還後與開關發經學實現點將從樣書館讀東應該過總處變數據間');
const SIMPLIFIED = new Set('这们来个为说国时会对么还后与开关发经学实现点将从样书馆读东应该过总处变数据间');

/** Traditional or simplified Chinese by counting the characters that differ. */
function chineseVariant(text: string): 'zh-TW' | 'zh-CN' {
  let traditional = 0;
  let simplified = 0;
  for (const ch of text) {
    if (TRADITIONAL.has(ch)) traditional++;
    else if (SIMPLIFIED.has(ch)) simplified++;
  }
  return traditional > simplified ? 'zh-TW' : 'zh-CN';
}

/** The site language code for a detected ISO 639-1 code: the same code, else one of its regional forms. */
function siteCode(detected: string, text: string, codes: readonly string[]): string | undefined {
  const wanted = (detected === 'zh' ? chineseVariant(text) : detected).toLowerCase();
  const lower = codes.map((c) => c.toLowerCase());
  const exact = lower.indexOf(wanted);
  if (exact >= 0) return codes[exact];
  const base = wanted.split('-')[0];
  const partial = lower.findIndex((c) => c.split('-')[0] === base);
  return partial >= 0 ? codes[partial] : undefined;
}

/**
 * The site language a text is written in: the likeliest detected language that is one of the site's (`en`, `fr`,
 * `zh-CN`, …, matched exactly or by their first part), '' when none fits. Odd words (names, codes) can make an
 * unrelated language likeliest; the site's own languages are preferred among the candidates.
 */
export function matchLanguage(text: string, codes: readonly string[]): string {
  for (const { lang } of tinyld().detectAll(text)) {
    const code = siteCode(lang, text, codes);
    if (code) return code;
  }
  return '';
}

/** Letters enough for the detector to judge the text alone. */
const ENOUGH_LETTERS = 40;

/**
 * What the language is judged on: the document's text when it has enough letters (a title is a few words, often
 * names, codes or numbers, and tipped the detector on its own), else the title with what text there is.
 */
export function languageSample(title: string, text: string): string {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= ENOUGH_LETTERS ? text : `${title}\n${text}`;
}

/**
 * PUT /document/detect/language (MOREDOC Pro): the language each document is written in, from its title and
 * extracted text, among the site's enabled languages. Only suggests: the back office then saves the languages it keeps with
 * PUT /document/language.
 */
export async function detectDocumentsLanguage(ctx: DomainContext, ids: readonly number[]) {
  const docs = await ctx.em.find(Document, { id: { $in: [...ids] }, deletedAt: null }, { orderBy: { id: 'asc' } });
  const hashes = [...new Set(docs.map((d) => d.hash))];
  const texts = hashes.length
    ? await ctx.em.find(AttachmentContent, { hash: { $in: hashes } }, { fields: ['hash', 'content'] })
    : [];
  const textOf = new Map(texts.map((t) => [t.hash, t.content.slice(0, SAMPLE_CHARS)]));
  // The languages the site offers (MOREDOC's settings.language): a disabled one is never suggested.
  const codes = (await ctx.em.find(Language, { enable: true }, { orderBy: { sort: 'desc', id: 'asc' } })).map(
    (l) => l.code,
  );
  return {
    document: docs.map((d) => ({
      id: d.id,
      title: d.title,
      language: matchLanguage(languageSample(d.title, textOf.get(d.hash) ?? ''), codes),
    })),
  };
}
