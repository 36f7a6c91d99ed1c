import { describe, expect, it } from 'vitest';
import {
  type CategoryTreeNode,
  cascadeLevels,
  choosePath,
  deepestPath,
  findPath,
  flattenCategoryTree,
  pathTitle,
  validPath,
} from './category-path';

const node = (id: number, title: string, children: CategoryTreeNode[] = []): CategoryTreeNode => ({
  id,
  title,
  children,
});
const tree = [
  node(1, '教育资料', [node(11, '高中教育', [node(111, '数学')]), node(12, '大学教育')]),
  node(2, '实用文档'),
];

describe('category paths of the cascade', () => {
  it('finds the path from a root to a category', () => {
    expect(findPath(tree, 111).map((n) => n.id)).toEqual([1, 11, 111]);
    expect(findPath(tree, 2).map((n) => n.id)).toEqual([2]);
    expect(findPath(tree, 99)).toEqual([]);
  });

  it('takes the deepest linked category as the value of a document', () => {
    // A document filed under 数学 is linked to the whole path, in any order.
    expect(deepestPath(tree, [11, 111, 1])).toEqual([1, 11, 111]);
    expect(deepestPath(tree, [12])).toEqual([1, 12]);
    expect(deepestPath(tree, [404])).toEqual([]);
    expect(deepestPath(tree, [])).toEqual([]);
  });

  it('offers the children of each chosen level', () => {
    expect(cascadeLevels(tree, []).map((l) => l.map((n) => n.id))).toEqual([[1, 2]]);
    expect(cascadeLevels(tree, [1]).map((l) => l.map((n) => n.id))).toEqual([
      [1, 2],
      [11, 12],
    ]);
    expect(cascadeLevels(tree, [1, 11, 111]).map((l) => l.length)).toEqual([2, 2, 1]);
    // A leaf adds no level; an unknown choice stops the cascade.
    expect(cascadeLevels(tree, [2])).toHaveLength(1);
    expect(cascadeLevels(tree, [404, 11])).toHaveLength(1);
  });

  it('replaces the levels below a new choice', () => {
    expect(choosePath([1, 11, 111], 1, 12)).toEqual([1, 12]);
    expect(choosePath([1, 11], 0, 2)).toEqual([2]);
    expect(choosePath([1, 11, 111], 1, null)).toEqual([1]);
    expect(choosePath([], 0, 1)).toEqual([1]);
  });

  it('drops the part of a path the tree no longer holds', () => {
    expect(validPath(tree, [1, 11, 111])).toEqual([1, 11, 111]);
    expect(validPath(tree, [1, 404, 111])).toEqual([1]);
    expect(validPath(tree, [2, 11])).toEqual([2]);
  });

  it('flattens with depths and names a path', () => {
    expect(flattenCategoryTree(tree).map(({ node: n, depth }) => `${depth}:${n.id}`)).toEqual([
      '0:1',
      '1:11',
      '2:111',
      '1:12',
      '0:2',
    ]);
    expect(pathTitle(tree, 111)).toBe('教育资料 / 高中教育 / 数学');
  });
});
