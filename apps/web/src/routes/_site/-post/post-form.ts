import { type ArticleDTO, ArticleStatus, createArticleInput } from '@wenku/shared';
import { z } from 'zod';
import { type CategoryTreeNode, deepestPath } from '@/components/documents/category-path';
// Its messages are keys of article.post (i18n/areas/account).
import '@/i18n/areas/account';

/**
 * Whether the editor holds something to publish: text, or an image, table, video or rule on its own. An emptied
 * editor still sends `<p></p>`.
 */
export function hasContent(html: string): boolean {
  if (/<(img|table|video|hr)\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== ''
  );
}

const fields = createArticleInput.shape;

/**
 * The publishing form (moredoc-facts §21.6: title and category required). Title, keywords, description, cover and
 * the content's size use the procedure's own rules; the category and the content's presence are the form's
 * (their messages are i18n keys, see formMessage).
 */
export const postFormSchema = z.object({
  title: fields.title,
  category_id: z.array(z.number().int().positive()).min(1, 'article.post.errors.category'),
  keywords: fields.keywords.unwrap(),
  description: fields.description.unwrap(),
  cover: fields.cover.unwrap(),
  content: fields.content.unwrap().refine(hasContent, 'article.post.errors.content'),
});
export type PostFormInput = z.input<typeof postFormSchema>;
export type PostFormValues = z.output<typeof postFormSchema>;

export const EMPTY_POST: PostFormValues = {
  title: '',
  category_id: [],
  keywords: '',
  description: '',
  cover: '',
  content: '',
};

/** The form's values for an article being edited; the categories become the cascade's path. */
export function postValuesOf(article: ArticleDTO, tree: readonly CategoryTreeNode[]): PostFormValues {
  return {
    title: article.title,
    category_id: deepestPath(tree, article.category_id),
    keywords: article.keywords,
    description: article.description,
    cover: article.cover,
    content: article.content ?? '',
  };
}

/** What `article.create` / `article.update` receive. The whole cascade path is sent, as documents do. */
export function postInput(values: PostFormValues) {
  return {
    title: values.title,
    content: values.content,
    keywords: values.keywords,
    description: values.description,
    cover: values.cover,
    category_id: [...new Set(values.category_id)],
  };
}

/** What to tell the author after saving: published, or waiting for review. */
export function savedMessageKey(status: number, editing: boolean): string {
  if (status === ArticleStatus.Pending) return 'article.post.savedPending';
  return editing ? 'article.post.updated' : 'article.post.published';
}
