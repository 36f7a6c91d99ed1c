import { describe, expect, it } from 'vitest';
import { buildTree, descendantIds, filterWithAncestors, flattenTree, parentOptions } from './tree';

const rows = [
  { id: 1, parent_id: 0, title: 'a' },
  { id: 2, parent_id: 1, title: 'a1' },
  { id: 3, parent_id: 2, title: 'a1x' },
  { id: 4, parent_id: 0, title: 'b' },
  { id: 5, parent_id: 99, title: 'orphan' },
];

describe('category and navigation trees', () => {
  it('nests rows under their parents and keeps orphans as roots', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.id)).toEqual([1, 4, 5]);
    expect(tree[0]?.children?.[0]?.children?.[0]?.id).toBe(3);
  });

  it('never loses rows of a cycle', () => {
    const tree = buildTree([
      { id: 1, parent_id: 2 },
      { id: 2, parent_id: 1 },
    ]);
    expect(
      flattenTree(tree)
        .map((x) => x.node.id)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('lists a node and its descendants, which may not become its parent', () => {
    expect([...descendantIds(rows, 1)].sort()).toEqual([1, 2, 3]);
    expect([...descendantIds(rows, 4)]).toEqual([4]);
  });

  it('flattens depth-first with depths', () => {
    expect(flattenTree(buildTree(rows)).map((x) => `${x.node.id}:${x.depth}`)).toEqual([
      '1:0',
      '2:1',
      '3:2',
      '4:0',
      '5:0',
    ]);
  });

  it('keeps the ancestors of matching rows when filtering', () => {
    expect(filterWithAncestors(rows, (r) => r.title === 'a1x').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterWithAncestors(rows, (r) => r.title === 'nothing')).toEqual([]);
  });

  it('offers the top level and every row but the moved one and its subtree as parents', () => {
    expect(parentOptions(rows, 'top').map((o) => o.label)).toEqual([
      'top',
      'a',
      '\u3000a1',
      '\u3000\u3000a1x',
      'b',
      'orphan',
    ]);
    expect(parentOptions(rows, 'top', 2).map((o) => o.value)).toEqual(['0', '1', '4', '5']);
  });
});
