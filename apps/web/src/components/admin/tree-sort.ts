/**
 * Drag-and-drop order of tree rows (categories): a row moves up or down among its siblings only; moving it under
 * another parent stays in the edit form. Rows come in the server's order (`sort desc` within a parent), so the order
 * of siblings in the list is their displayed order.
 */
import { arrayMove } from '@dnd-kit/sortable';
import { flattenTree, type TreeNode, type TreeRow } from './tree';

export interface SortableTreeRow extends TreeRow {
  sort: number;
}

/** What the server takes (`category.sort`): the complete new order of one parent's children. */
export interface SiblingOrder {
  parentId: number;
  ids: number[];
}

/**
 * The new order of the siblings of `activeId` once it is dropped on `overId`, as `arrayMove` would place it: null
 * when nothing moves, a row is unknown or the two rows have different parents (not a valid target).
 */
export function siblingOrder<T extends TreeRow>(
  rows: readonly T[],
  activeId: number,
  overId: number,
): SiblingOrder | null {
  const active = rows.find((r) => r.id === activeId);
  const over = rows.find((r) => r.id === overId);
  if (!active || !over || active.id === over.id || active.parent_id !== over.parent_id) return null;
  const ids = rows.filter((r) => r.parent_id === active.parent_id).map((r) => r.id);
  return { parentId: active.parent_id, ids: arrayMove(ids, ids.indexOf(activeId), ids.indexOf(overId)) };
}

/**
 * The rows as the server will list them after `order` is saved (the optimistic update): the siblings take their new
 * places among the slots they held, with the `sort` the server gives them (first = count, last = 1); every other row
 * keeps its place and its fields.
 */
export function applySiblingOrder<T extends SortableTreeRow>(rows: readonly T[], order: SiblingOrder): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const moving = new Set(order.ids);
  const queue = order.ids.map((id, index) => ({ id, sort: order.ids.length - index }));
  return rows.map((row) => {
    if (row.parent_id !== order.parentId || !moving.has(row.id)) return row;
    const next = queue.shift();
    const moved = next ? byId.get(next.id) : undefined;
    return moved && next ? { ...moved, sort: next.sort } : row;
  });
}

/** Where a drop would land, drawn as a line on one edge of one row. */
export interface DropIndicator {
  id: number;
  edge: 'top' | 'bottom';
}

/**
 * The line that shows where `activeId` lands when dropped on `overId`: above the target when moving up; when moving
 * down, below the target's last visible descendant, since the moved row comes after the target's whole subtree.
 */
export function dropIndicator<T extends TreeRow>(
  tree: readonly TreeNode<T>[],
  activeId: number,
  overId: number,
  isExpanded: (id: number) => boolean,
): DropIndicator | null {
  const nodes = flattenTree(tree).map((x) => x.node);
  const active = nodes.findIndex((n) => n.id === activeId);
  const over = nodes.findIndex((n) => n.id === overId);
  const target = nodes[over];
  if (active < 0 || !target || active === over || nodes[active]?.parent_id !== target.parent_id) return null;
  if (over < active) return { id: target.id, edge: 'top' };
  let last: TreeNode<T> = target;
  while (last.children?.length && isExpanded(last.id)) last = last.children[last.children.length - 1] as TreeNode<T>;
  return { id: last.id, edge: 'bottom' };
}

/** How many rows share each row's parent (a row without siblings has nothing to reorder). */
export function siblingCounts<T extends TreeRow>(tree: readonly TreeNode<T>[]): Map<number, number> {
  const out = new Map<number, number>();
  const visit = (nodes: readonly TreeNode<T>[]) => {
    for (const n of nodes) {
      out.set(n.id, nodes.length);
      if (n.children) visit(n.children);
    }
  };
  visit(tree);
  return out;
}
