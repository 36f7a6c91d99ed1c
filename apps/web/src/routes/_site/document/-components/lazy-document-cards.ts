import { PartFailed } from '@/components/layout/part-failed';
import { lazyPart } from '@/lib/lazy-part';

// A document page's parts under the reader and in its aside (phones have the aside last): their code loads as they
// come near the screen (components/layout/hydrate-when-visible.tsx), not with the page (issue 17).
const cards = () => import('./document-cards');

export const LazyRatingCard = lazyPart(() => cards().then((m) => m.RatingCard), PartFailed);
export const LazyUploaderCard = lazyPart(() => cards().then((m) => m.UploaderCard), PartFailed);
export const LazyRelatedDocuments = lazyPart(() => cards().then((m) => m.RelatedDocuments), PartFailed);
export const LazyNextReads = lazyPart(() => import('./next-reads').then((m) => m.NextReads));
