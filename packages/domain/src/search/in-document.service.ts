import { Document, DocumentPage } from '@wenku/db';
import type { DomainContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { isVisibleTo } from '../policies/document-visibility.ts';
import { escapeHtml } from '../presenter.ts';
import { loadSettings } from '../settings/settings.service.ts';

/**
 * Search inside one document: a word or phrase across its converted pages, with context and the hit boxes on the
 * page, from the per-page text and line positions kept at conversion. Only the pages a reader may preview are
 * searched, so a paid document's hidden pages leak nothing through it.
 */

const MAX_SNIPPETS = 3;
const CONTEXT = 30;

/** A pattern for the phrase that tolerates line breaks and spacing: `机器学习` also finds `机器\n学习`. */
export function phrasePattern(phrase: string): RegExp {
  const parts = phrase
    .trim()
    .split(/\s+/)
    .map((word) => [...word].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*'));
  return new RegExp(parts.join('\\s+'), 'giu');
}

/** The NFKC form of a text with, for each of its code units, the offset of the character it came from. */
function normalizeWithOffsets(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  let offset = 0;
  // Character by character, so that every match maps back to the original text (snippets and boxes show the page).
  for (const ch of text) {
    const n = ch.normalize('NFKC');
    for (let k = 0; k < n.length; k++) at.push(offset);
    out += n;
    offset += ch.length;
  }
  at.push(offset);
  return { text: out, at };
}

/**
 * Where a phrase occurs in a text, as offsets and lengths in the original text. Both sides are compared in NFKC form,
 * so full-width Ｌａｔｉｎ letters and digits, ligatures and compatibility characters match their plain forms.
 */
export function findPhrase(text: string, phrase: string): { index: number; length: number }[] {
  const re = phrasePattern(phrase.normalize('NFKC'));
  const norm = normalizeWithOffsets(text);
  return [...norm.text.matchAll(re)].map((m) => {
    const start = norm.at[m.index] ?? 0;
    const end = norm.at[m.index + m[0].length] ?? text.length;
    return { index: start, length: Math.max(1, end - start) };
  });
}

function contextOf(text: string, index: number, length: number): string {
  const start = Math.max(0, index - CONTEXT);
  const end = Math.min(text.length, index + length + CONTEXT);
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  return `${start > 0 ? '…' : ''}${escapeHtml(flat(text.slice(start, index)))}<mark>${escapeHtml(
    flat(text.slice(index, index + length)),
  )}</mark>${escapeHtml(flat(text.slice(index + length, end)))}${end < text.length ? '…' : ''}`;
}

type Box = [number, number, number, number];

/** Boxes of the hits that sit inside one line, placed by their share of the line's characters. */
function boxesOf(lines: { t: string; b: Box }[], wd: string): Box[] {
  const boxes: Box[] = [];
  for (const line of lines) {
    const chars = [...line.t];
    if (chars.length === 0) continue;
    for (const m of findPhrase(line.t, wd)) {
      const before = [...line.t.slice(0, m.index)].length;
      const len = [...line.t.slice(m.index, m.index + m.length)].length;
      const [x, y, w, h] = line.b;
      const r = (n: number) => Math.round(n * 10) / 10;
      boxes.push([r(x + (w * before) / chars.length), y, r((w * len) / chars.length), h]);
    }
  }
  return boxes;
}

async function readableDocument(ctx: DomainContext, id: number) {
  const doc = await ctx.em.findOne(Document, { id, deletedAt: null });
  if (!doc || !isVisibleTo(ctx.actor, doc)) throw notFound('documents.not_found');
  return doc;
}

export async function searchInDocument(ctx: DomainContext, id: number, wd: string) {
  const doc = await readableDocument(ctx, id);
  const re = phrasePattern(wd.normalize('NFKC'));
  const rows = await ctx.em.execute<
    { page: number; content: string; lines: { t: string; b: Box }[]; width: number; height: number }[]
  >(
    `select page, content, lines, width, height from document_page
     where hash = ? and page <= ? and normalize(content, NFKC) ~* ? order by page`,
    [doc.hash, doc.preview, re.source],
  );
  let total = 0;
  const pages = [];
  const pageSize: Record<string, [number, number]> = {};
  for (const row of rows) {
    const matches = findPhrase(row.content, wd);
    if (matches.length === 0) continue;
    total += matches.length;
    pages.push({
      page: row.page,
      count: matches.length,
      snippets: matches.slice(0, MAX_SNIPPETS).map((m) => contextOf(row.content, m.index, m.length)),
      boxes: boxesOf(row.lines, wd),
    });
    pageSize[String(row.page)] = [row.width, row.height];
  }
  return { total, pages, page_size: pageSize };
}

/**
 * The text lines of a preview page with their boxes, for the transparent text layer over the page image. Copying is
 * allowed unless the site turns it off for paid documents (`display.disable_copy_paid_document`).
 */
export async function documentPageText(ctx: DomainContext, id: number, page: number) {
  const doc = await readableDocument(ctx, id);
  if (page < 1 || page > doc.preview) throw notFound('documents.page_not_found');
  const row = await ctx.em.findOne(DocumentPage, { hash: doc.hash, page });
  const s = await loadSettings(ctx);
  const owner = ctx.actor?.user.id === doc.userId;
  return {
    page,
    width: row?.width ?? 0,
    height: row?.height ?? 0,
    lines: row?.lines ?? [],
    copyable: owner || doc.price === 0 || !s.bool('display.disable_copy_paid_document', false),
  };
}
