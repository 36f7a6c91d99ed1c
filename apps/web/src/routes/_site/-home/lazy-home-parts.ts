import { PartFailed } from '@/components/layout/part-failed';
import { lazyPart } from '@/lib/lazy-part';

// The home page's blocks under the fold on a phone (both layouts): their code loads as they come near the screen
// (components/layout/hydrate-when-visible.tsx), not with the page (issue 17).
export const LazyCategoryBlocks = lazyPart(() => import('./category-blocks').then((m) => m.CategoryBlocks), PartFailed);
export const LazyCategorySections = lazyPart(
  () => import('./category-sections').then((m) => m.CategorySections),
  PartFailed,
);
export const LazyPopularDocuments = lazyPart(() => import('./popular-documents').then((m) => m.PopularDocuments));
