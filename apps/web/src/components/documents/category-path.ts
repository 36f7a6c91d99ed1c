/**
 * Category paths of the cascading select (moredoc-facts §2.2: a document is linked to every category of the chosen
 * path, so the upload and edit forms send the whole path `[parent, child, …]`).
 */
export interface CategoryTreeNode {
  id: number;
  title: string;
  children: CategoryTreeNode[];
}

/** The nodes from a root down to `id`, or [] when the tree does not hold it. */
export function findPath<T extends CategoryTreeNode>(tree: readonly T[], id: number): T[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = findPath(node.children as T[], id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/**
 * The cascade value for a document's linked categories: the path of the deepest linked category (the others are
 * its ancestors when the document was filed through a cascade).
 */
export function deepestPath(tree: readonly CategoryTreeNode[], ids: readonly number[]): number[] {
  let best: number[] = [];
  for (const id of ids) {
    const path = findPath(tree, id).map((n) => n.id);
    if (path.length > best.length) best = path;
  }
  return best;
}

/**
 * The options of each level of the cascade for the chosen path: the roots, then the children of each chosen node
 * that has any. Stops at the first choice the tree no longer holds.
 */
export function cascadeLevels<T extends CategoryTreeNode>(tree: readonly T[], path: readonly number[]): T[][] {
  const levels: T[][] = [tree as T[]];
  let options: readonly T[] = tree;
  for (const id of path) {
    const chosen = options.find((n) => n.id === id);
    if (!chosen || chosen.children.length === 0) break;
    options = chosen.children as T[];
    levels.push(options as T[]);
  }
  return levels;
}

/** A new path after choosing `id` at `level` (0 = top); `null` clears that level and everything below it. */
export function choosePath(path: readonly number[], level: number, id: number | null): number[] {
  const head = path.slice(0, level);
  return id === null ? head : [...head, id];
}

/** Keeps only the part of a path that still exists in the tree (a category was deleted or disabled meanwhile). */
export function validPath(tree: readonly CategoryTreeNode[], path: readonly number[]): number[] {
  const out: number[] = [];
  let options: readonly CategoryTreeNode[] = tree;
  for (const id of path) {
    const node = options.find((n) => n.id === id);
    if (!node) break;
    out.push(id);
    options = node.children;
  }
  return out;
}

/** Depth-first list of the tree with each node's depth, for indented selects. */
export function flattenCategoryTree<T extends CategoryTreeNode>(
  tree: readonly T[],
  depth = 0,
): { node: T; depth: number }[] {
  return tree.flatMap((node) => [{ node, depth }, ...flattenCategoryTree(node.children as T[], depth + 1)]);
}

/** The titles of a path joined for display (`教育资料 / 高中教育`). */
export function pathTitle(tree: readonly CategoryTreeNode[], id: number, separator = ' / '): string {
  return findPath(tree, id)
    .map((n) => n.title)
    .join(separator);
}
