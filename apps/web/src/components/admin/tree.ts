/** Trees of rows linked by `parent_id` (categories, navigation), built on the client as moredoc's web does. */

export interface TreeRow {
  id: number;
  parent_id: number;
}

export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/**
 * Nests rows under their parents, keeping the given order among siblings. A row whose parent is missing (or that
 * would close a cycle) becomes a root, so no row is ever lost from the table.
 */
export function buildTree<T extends TreeRow>(rows: readonly T[]): TreeNode<T>[] {
  const byId = new Map<number, TreeNode<T>>(rows.map((r) => [r.id, { ...r }]));
  const roots: TreeNode<T>[] = [];
  const reachesSelf = (row: T) => {
    const seen = new Set<number>([row.id]);
    let parent = byId.get(row.parent_id);
    while (parent) {
      if (seen.has(parent.id)) return true;
      seen.add(parent.id);
      parent = byId.get(parent.parent_id);
    }
    return false;
  };
  for (const row of rows) {
    const node = byId.get(row.id) as TreeNode<T>;
    const parent = row.parent_id ? byId.get(row.parent_id) : undefined;
    if (parent && parent.id !== row.id && !reachesSelf(row)) {
      parent.children ??= [];
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** The ids of a node and all rows below it (they may not become its parent). */
export function descendantIds<T extends TreeRow>(rows: readonly T[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (!out.has(r.id) && out.has(r.parent_id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Depth-first list of a tree with each node's depth, for indented parent pickers. */
export function flattenTree<T extends TreeRow>(
  nodes: readonly TreeNode<T>[],
  depth = 0,
): { node: TreeNode<T>; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.children ?? [], depth + 1)]);
}

/** The rows matching `keep`, with their ancestors so each match still shows where it sits in the tree. */
export function filterWithAncestors<T extends TreeRow>(rows: readonly T[], keep: (row: T) => boolean): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const wanted = new Set<number>();
  for (const r of rows) {
    if (!keep(r)) continue;
    let cursor: T | undefined = r;
    while (cursor && !wanted.has(cursor.id)) {
      wanted.add(cursor.id);
      cursor = byId.get(cursor.parent_id);
    }
  }
  return rows.filter((r) => wanted.has(r.id));
}

/**
 * Options of a parent picker: the top level, then every row indented by depth, leaving out `moving` and the rows
 * below it (a node cannot move under itself or one of its descendants).
 */
export function parentOptions<T extends TreeRow & { title: string }>(
  rows: readonly T[],
  topLevelLabel: string,
  moving?: number,
): { value: string; label: string }[] {
  const excluded = moving === undefined ? new Set<number>() : descendantIds(rows, moving);
  return [
    { value: '0', label: topLevelLabel },
    ...flattenTree(buildTree(rows.filter((r) => !excluded.has(r.id)))).map(({ node, depth }) => ({
      value: String(node.id),
      label: `${'\u3000'.repeat(depth)}${node.title}`,
    })),
  ];
}
