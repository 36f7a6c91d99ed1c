import type { IComment } from '@wenku/db';

/** A comment as listed; the back office's list adds the title and slug of the commented document. */
export type CommentRow = IComment & { document_title?: string; document_uuid?: string };

/** Comment → wire shape, with the author's card (absent when the account is gone). */
export function presentComment(c: CommentRow, user: { id: number; username: string; avatar: string } | undefined) {
  return {
    id: c.id,
    parent_id: c.parentId,
    document_id: c.documentId,
    type: c.type,
    user_id: c.userId,
    user,
    content: c.content,
    status: c.status,
    comment_count: c.commentCount,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    ...(c.document_title !== undefined ? { document_title: c.document_title, document_uuid: c.document_uuid } : {}),
  };
}

/** Favourite → wire shape. */
export const presentFavorite = (f: {
  id: number;
  userId: number;
  documentId: number;
  type: number;
  createdAt: Date;
}) => ({
  id: f.id,
  user_id: f.userId,
  document_id: f.documentId,
  type: f.type,
  created_at: f.createdAt.toISOString(),
});
