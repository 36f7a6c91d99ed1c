import { describe, expect, it } from 'vitest';
import { buildCommentThread, threadSize } from './comment-tree';

const c = (id: number, parent_id: number, username = `u${id}`) => ({ id, parent_id, user: { username } });

const shape = (thread: ReturnType<typeof buildCommentThread<ReturnType<typeof c>>>) =>
  thread.map((r) => ({ id: r.comment.id, replies: r.replies.map((x) => `${x.comment.id}@${x.replyTo}`) }));

describe('buildCommentThread', () => {
  it('hangs every reply under its top-level ancestor, oldest first, naming the comment it answers', () => {
    const thread = buildCommentThread([c(5, 2, 'eve'), c(1, 0, 'ann'), c(2, 1, 'bob'), c(3, 0, 'cat'), c(4, 1, 'dan')]);
    expect(shape(thread)).toEqual([
      { id: 1, replies: ['2@ann', '4@ann', '5@bob'] },
      { id: 3, replies: [] },
    ]);
    expect(threadSize(thread)).toBe(5);
  });

  it('keeps a reply whose parent is missing as a top-level comment', () => {
    const thread = buildCommentThread([c(1, 0), c(2, 99), c(3, 2)]);
    expect(shape(thread)).toEqual([
      { id: 1, replies: [] },
      { id: 2, replies: ['3@u2'] },
    ]);
  });

  it('shows every comment of a cycle exactly once', () => {
    const thread = buildCommentThread([c(2, 1), c(1, 3), c(3, 2), c(4, 3)]);
    expect(shape(thread)).toEqual([{ id: 1, replies: ['2@u1', '3@u2', '4@u3'] }]);
  });

  it('names no one when the parent has no user', () => {
    const thread = buildCommentThread([
      { id: 1, parent_id: 0 },
      { id: 2, parent_id: 1 },
    ]);
    expect(thread[0]?.replies[0]?.replyTo).toBe('');
  });

  it('returns nothing for no comments', () => {
    expect(buildCommentThread([])).toEqual([]);
  });
});
