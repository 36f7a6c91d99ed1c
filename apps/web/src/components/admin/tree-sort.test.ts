import { describe, expect, it } from 'vitest';
import { buildTree } from './tree';
import { applySiblingOrder, dropIndicator, siblingCounts, siblingOrder } from './tree-sort';

// In the server's order: parent, then sort desc.
const rows = [
  { id: 1, parent_id: 0, sort: 9, title: 'a' },
  { id: 4, parent_id: 0, sort: 5, title: 'b' },
  { id: 6, parent_id: 0, sort: 1, title: 'c' },
  { id: 2, parent_id: 1, sort: 2, title: 'a1' },
  { id: 3, parent_id: 1, sort: 1, title: 'a2' },
  { id: 5, parent_id: 2, sort: 0, title: 'a1x' },
];
const tree = buildTree(rows);
const allExpanded = () => true;

describe('drag-and-drop order of tree rows', () => {
  it('moves a row down or up among its siblings', () => {
    expect(siblingOrder(rows, 1, 6)).toEqual({ parentId: 0, ids: [4, 6, 1] });
    expect(siblingOrder(rows, 6, 4)).toEqual({ parentId: 0, ids: [1, 6, 4] });
    expect(siblingOrder(rows, 3, 2)).toEqual({ parentId: 1, ids: [3, 2] });
  });

  it('refuses rows of another parent, unknown rows and a drop on itself', () => {
    expect(siblingOrder(rows, 1, 2)).toBeNull();
    expect(siblingOrder(rows, 3, 5)).toBeNull();
    expect(siblingOrder(rows, 1, 99)).toBeNull();
    expect(siblingOrder(rows, 4, 4)).toBeNull();
  });

  it('applies an order the way the server will list it, leaving other rows alone', () => {
    const order = siblingOrder(rows, 1, 6);
    if (!order) throw new Error('expected an order');
    const next = applySiblingOrder(rows, order);
    expect(next.map((r) => r.id)).toEqual([4, 6, 1, 2, 3, 5]);
    expect(next.filter((r) => r.parent_id === 0).map((r) => r.sort)).toEqual([3, 2, 1]);
    expect(next.find((r) => r.id === 2)).toBe(rows[3]);
    expect(next.find((r) => r.id === 1)?.title).toBe('a');
    expect(buildTree(next)[2]?.children?.map((c) => c.id)).toEqual([2, 3]);
    // The input is not changed (it is the query cache's snapshot, restored when the server refuses).
    expect(rows.map((r) => r.id)).toEqual([1, 4, 6, 2, 3, 5]);
  });

  it('draws the drop line above the target moving up, below its visible subtree moving down', () => {
    expect(dropIndicator(tree, 6, 4, allExpanded)).toEqual({ id: 4, edge: 'top' });
    expect(dropIndicator(tree, 4, 1, allExpanded)).toEqual({ id: 1, edge: 'top' });
    expect(dropIndicator(tree, 1, 4, allExpanded)).toEqual({ id: 4, edge: 'bottom' });
    expect(dropIndicator(tree, 2, 3, allExpanded)).toEqual({ id: 3, edge: 'bottom' });
    // Moving b below a: the line sits under a's last visible descendant.
    const bFirst = buildTree([rows[1], rows[0], rows[2], rows[3], rows[4], rows[5]] as typeof rows);
    expect(dropIndicator(bFirst, 4, 1, allExpanded)).toEqual({ id: 3, edge: 'bottom' });
    expect(dropIndicator(bFirst, 4, 1, (id) => id !== 1)).toEqual({ id: 1, edge: 'bottom' });
    expect(dropIndicator(tree, 1, 2, allExpanded)).toBeNull();
    expect(dropIndicator(tree, 1, 1, allExpanded)).toBeNull();
  });

  it('counts the siblings of every row', () => {
    expect(Object.fromEntries(siblingCounts(tree))).toEqual({ 1: 3, 4: 3, 6: 3, 2: 2, 3: 2, 5: 1 });
  });
});
