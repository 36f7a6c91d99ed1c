import { PartFailed } from '@/components/layout/part-failed';
import { lazyPart } from '@/lib/lazy-part';
import type { InteractionType } from './favorite-button';

/** The comments' code loads when they come near the screen (under a document's or article's text). */
export const LazyCommentsSection = lazyPart(
  () => import('./comments-section').then((m) => m.CommentsSection),
  PartFailed,
);

/** The comment list's input for a document (`type` 0) or an article (1): the section's and its page loader's. */
export const commentListInput = (type: InteractionType, id: number) => ({ document_id: id, type: [type] });
