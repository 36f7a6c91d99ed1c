/**
 * The page of a commented or favourited item: a document by its uuid, an article by its identifier (spec §2
 * /document/{id}, /article/{id}); `null` once the item is gone (the lists then carry an empty slug).
 */
export function itemHref(type: number, slug: string | undefined): string | null {
  if (!slug) return null;
  return `/${type === 1 ? 'article' : 'document'}/${encodeURIComponent(slug)}`;
}
