import { describe, expect, it } from 'vitest';
import { DEPARTMENT_MAX_DEPTH, ORGANIZATION_MESSAGES as MSG, departmentDeleteProblem, depthOf, jobDeleteProblem, moveProblem, organizationEditProblem, subtreeIds } from './organization';

// 总部(1) › 运营部(2) › 市场组(3); 城东店(4)
const tree = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: null },
];

describe('department moves', () => {
  it('refuses a department under itself or any of its descendants, and allows everywhere else', () => {
    expect([...subtreeIds(tree, 1)].sort()).toEqual([1, 2, 3]);
    expect(moveProblem(tree, 1, 1)).toBe(MSG.intoItself);
    expect(moveProblem(tree, 1, 3)).toBe(MSG.intoItself);
    expect(moveProblem(tree, 2, 4)).toBeNull();
    expect(moveProblem(tree, 3, null)).toBeNull();
    expect(moveProblem(tree, 4, 3)).toBeNull();
  });

  it('keeps the tree at most DEPARTMENT_MAX_DEPTH levels deep, counting the moved subtree', () => {
    const chain = Array.from({ length: DEPARTMENT_MAX_DEPTH }, (_, index) => ({ id: index + 1, parentId: index === 0 ? null : index }));
    expect(depthOf(chain, DEPARTMENT_MAX_DEPTH)).toBe(DEPARTMENT_MAX_DEPTH);
    const withPair = [...chain, { id: 100, parentId: null }, { id: 101, parentId: 100 }];
    expect(moveProblem(withPair, 100, DEPARTMENT_MAX_DEPTH - 2)).toBeNull();
    expect(moveProblem(withPair, 100, DEPARTMENT_MAX_DEPTH - 1)).toBe(MSG.tooDeep);
  });
});

describe('what may be deleted and by whom', () => {
  it('deletes a department only without sub-departments and staff, a position only when custom and unheld', () => {
    expect(departmentDeleteProblem({ childCount: 2, staffCount: 0 })).toBe(MSG.hasChildren(2));
    expect(departmentDeleteProblem({ childCount: 0, staffCount: 1 })).toBe(MSG.hasStaff(1));
    expect(departmentDeleteProblem({ childCount: 0, staffCount: 0 })).toBeNull();
    expect(jobDeleteProblem({ builtIn: true, staffCount: 0 })).toBe(MSG.jobBuiltIn);
    expect(jobDeleteProblem({ builtIn: false, staffCount: 3 })).toBe(MSG.jobInUse(3));
    expect(jobDeleteProblem({ builtIn: false, staffCount: 0 })).toBeNull();
  });

  it('lets only chain-wide admins shape the organisation', () => {
    expect(organizationEditProblem({ isAdmin: true, dataScope: 1 })).toBeNull();
    expect(organizationEditProblem({ isAdmin: true, dataScope: 2 })).toBe(MSG.chainWide);
    expect(organizationEditProblem({ isAdmin: false, dataScope: 1 })).toBe(MSG.notAdmin);
  });
});
