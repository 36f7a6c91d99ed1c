import { createRequire } from 'node:module';
import type { TfIdf } from '@node-rs/jieba';
import type { EntityManager } from '@wenku/db';
import { jieba, jiebaDictionary, normalizeToken } from './segmenter.ts';
import { quoteLexeme } from './tsvector.ts';

/**
 * "More like this": the item's most telling words (TF-IDF over its title, keywords, description and the start of its
 * text, with jieba's IDF table) searched as alternatives in the index, ranked by how many of them a candidate shares
 * and how prominently. Only indexed, i.e. public, items can come back.
 */

let tfidf: TfIdf | null = null;
function extractor(): TfIdf {
  if (!tfidf) {
    const require = createRequire(import.meta.url);
    const { TfIdf: TfIdfClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    tfidf = TfIdfClass.withDict(jiebaDictionary('idf.txt'));
  }
  return tfidf;
}

/** The top `k` keywords of a text, normalized as the index stores them; single characters dropped. */
export function topTerms(text: string, k = 12): string[] {
  const out: string[] = [];
  for (const { keyword } of extractor().extractKeywords(jieba(), text.normalize('NFKC'), k * 2)) {
    const t = normalizeToken(keyword);
    if ([...t].length >= 2 && !/^\d+$/.test(t) && !out.includes(t)) out.push(t);
    if (out.length >= k) break;
  }
  return out;
}

/** Ids of up to `limit` items of `type` most similar to `text`, excluding `selfId`; candidates are capped. */
export async function similarItems(
  em: EntityManager,
  type: 0 | 1,
  selfId: number,
  text: string,
  limit = 10,
): Promise<number[]> {
  const terms = topTerms(text);
  if (terms.length === 0) return [];
  const q = terms.map(quoteLexeme).join(' | ');
  const rows = await em.execute<{ item_id: number }[]>(
    `with c as materialized (
       select s.id from search_index s where s.tsv @@ ?::tsquery and s.type = ? and s.item_id <> ? limit 500)
     select s.item_id from search_index s where s.id in (select id from c)
     order by ts_rank_cd(s.tsv, ?::tsquery, 1) * s.boost desc, s.id desc limit ?`,
    [q, type, selfId, q, limit],
  );
  return rows.map((r) => r.item_id);
}
