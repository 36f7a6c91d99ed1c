import { listParam, listSearchSchema, optionalBool, optionalNumber, toListInput } from '@/components/admin/list-search';
import { z } from '@/lib/search-schema';

/**
 * The admin article list's URL: page, order and filters. A module of its own, without components: the route's search
 * validation is in the route tree every page loads, and must not drag the back office's filters into it (issue 17).
 */
export const articleSearchSchema = z.extend(listSearchSchema, {
  status: optionalNumber,
  category_id: optionalNumber,
  recommend: optionalBool,
  notice: optionalBool,
});
export type ArticleListSearch = z.output<typeof articleSearchSchema>;

export const toArticleListInput = (s: ArticleListSearch) =>
  toListInput(s, {
    status: listParam(s.status),
    category_id: listParam(s.category_id),
    is_recommend: listParam(s.recommend),
    is_notice: listParam(s.notice),
  });
