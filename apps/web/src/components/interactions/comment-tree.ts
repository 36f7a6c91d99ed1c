/** The fields of a comment the thread needs (a subset of the comment DTO, so tests can build plain objects). */
export interface ThreadComment {
  id: number;
  parent_id: number;
  user?: { username: string } | undefined;
}

export interface ThreadReply<C> {
  comment: C;
  /** The username of the comment this one answers: shown as `@{username}` before the text. */
  replyTo: string;
}

export interface ThreadRoot<C> {
  comment: C;
  /** Every reply below this comment, at any depth, oldest first. */
  replies: ThreadReply<C>[];
}

/**
 * The two-level thread of moredoc's comment list (moredoc-facts §10): comments in id order; every reply hangs under
 * its top-level ancestor and names the comment it answers. A reply whose parent is not in the list (deleted, or
 * back to pending and hidden) becomes a top-level comment so its text is not lost; a cycle is broken the same way.
 */
export function buildCommentThread<C extends ThreadComment>(comments: readonly C[]): ThreadRoot<C>[] {
  const sorted = [...comments].sort((a, b) => a.id - b.id);
  const byId = new Map(sorted.map((c) => [c.id, c]));
  const rootOf = (c: C): C => {
    const chain = [c];
    const seen = new Set<number>([c.id]);
    for (let current = c; ; ) {
      const parent = current.parent_id ? byId.get(current.parent_id) : undefined;
      if (!parent) return current;
      // A cycle: its smallest id is the root, whichever member the walk started from.
      if (seen.has(parent.id)) return chain.reduce((min, x) => (x.id < min.id ? x : min));
      seen.add(parent.id);
      chain.push(parent);
      current = parent;
    }
  };
  const roots = new Map<number, ThreadRoot<C>>();
  const rootEntry = (c: C) => {
    let entry = roots.get(c.id);
    if (!entry) {
      entry = { comment: c, replies: [] };
      roots.set(c.id, entry);
    }
    return entry;
  };
  for (const c of sorted) {
    const root = rootOf(c);
    if (root.id === c.id) {
      rootEntry(c);
      continue;
    }
    const parent = byId.get(c.parent_id);
    rootEntry(root).replies.push({ comment: c, replyTo: parent?.user?.username ?? '' });
  }
  // A root of a cycle may be met first through one of its replies: order the roots by id.
  return [...roots.values()].sort((a, b) => a.comment.id - b.comment.id);
}

/** How many comments the thread shows (roots and replies). */
export const threadSize = (thread: readonly ThreadRoot<unknown>[]) =>
  thread.reduce((n, r) => n + 1 + r.replies.length, 0);
