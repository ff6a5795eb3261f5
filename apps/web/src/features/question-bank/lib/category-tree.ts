import type { BankCategory } from '@vbuilder/shared';

export interface CategoryNode {
  category: BankCategory;
  depth: number;
  /** The names from the top level down to this one. */
  path: string[];
  children: CategoryNode[];
}

/** The flat list as a tree (siblings in the server's order: by name). */
export function buildTree(categories: readonly BankCategory[]): CategoryNode[] {
  const byParent = new Map<string | null, BankCategory[]>();
  for (const c of categories) {
    const key = c.parentId && categories.some((p) => p.id === c.parentId) ? c.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), c]);
  }
  const grow = (parentId: string | null, depth: number, path: string[]): CategoryNode[] =>
    (byParent.get(parentId) ?? []).map((category) => {
      const own = [...path, category.name];
      return { category, depth, path: own, children: grow(category.id, depth + 1, own) };
    });
  return grow(null, 0, []);
}

/** Every node, depth first (the order the tree shows them). */
export function flatten(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** A category and all its subcategories' ids. */
export function subtreeIds(node: CategoryNode): string[] {
  return [node.category.id, ...node.children.flatMap(subtreeIds)];
}

/** Select options naming each category by its path ('Science › Physics'). */
export function categoryOptions(categories: readonly BankCategory[], exclude: readonly string[] = []) {
  return flatten(buildTree(categories))
    .filter((node) => !exclude.includes(node.category.id))
    .map((node) => ({ value: node.category.id, label: node.path.join(' › ') }));
}
