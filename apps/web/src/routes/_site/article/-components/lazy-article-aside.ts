import { PartFailed } from '@/components/layout/part-failed';
import { lazyPart } from '@/lib/lazy-part';

// An article page's aside (the author's card, related articles), last on a phone: its code loads as it comes near
// the screen (components/layout/hydrate-when-visible.tsx), not with the page (issue 17).
const aside = () => import('./article-aside');

export const LazyAuthorCard = lazyPart(() => aside().then((m) => m.AuthorCard), PartFailed);
export const LazyRelatedArticles = lazyPart(() => aside().then((m) => m.RelatedArticles), PartFailed);
