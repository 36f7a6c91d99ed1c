import type { IComment } from '@wenku/db';

/** An administrator (CommentAPI.DeleteComment) deletes any comment, an author only their own (every one of them). */
export const mayDeleteComments = (
  comments: readonly Pick<IComment, 'userId'>[],
  actor: { userId: number; admin: boolean },
) => actor.admin || comments.every((c) => c.userId === actor.userId);

/**
 * Whether a comment or favourite touches someone else's document: only then is its uploader told and paid for it
 * (articles earn nothing; nobody earns from their own documents).
 */
export const isOthersDocument = (target: { type: number; ownerId: number }, actorId: number) =>
  target.type === 0 && target.ownerId !== actorId;
