import { describe, expect, it } from 'vitest';
import type { BankCategory } from '@vbuilder/shared';
import { buildTree, categoryOptions, flatten, subtreeIds } from './category-tree.ts';

const at = '2026-11-01T00:00:00.000Z';
const cat = (id: string, name: string, parentId: string | null = null): BankCategory => ({
  id,
  name,
  parentId,
  questionCount: 0,
  createdAt: at,
  updatedAt: at,
});

describe('category tree', () => {
  const list = [cat('a', 'Science'), cat('b', 'Physics', 'a'), cat('c', 'Optics', 'b'), cat('d', 'Maths')];

  it('nests the flat list and names each category by its path', () => {
    const tree = buildTree(list);
    expect(tree.map((n) => n.category.name)).toEqual(['Science', 'Maths']);
    expect(flatten(tree).map((n) => `${n.depth}:${n.category.name}`)).toEqual([
      '0:Science',
      '1:Physics',
      '2:Optics',
      '0:Maths',
    ]);
    expect(subtreeIds(tree[0]!)).toEqual(['a', 'b', 'c']);
    expect(categoryOptions(list, ['b', 'c'])).toEqual([
      { value: 'a', label: 'Science' },
      { value: 'd', label: 'Maths' },
    ]);
    expect(categoryOptions(list)[2]).toEqual({ value: 'c', label: 'Science › Physics › Optics' });
  });
});
