import { describe, expect, it } from 'vitest';
import { defaultGroupId } from './default-group.ts';

const group = (groupId: number, ...statuses: string[]) => ({
  groupId,
  pending: statuses.map((status) => ({ status })),
});

describe('defaultGroupId', () => {
  it('opens Pending on the group with an item in progress (mid-workflow: the step to resume)', () => {
    const groups = [group(7, '000', '000'), group(8, '000', '001')];
    expect(defaultGroupId(groups, 'pending')).toBe(8);
  });

  it('opens on the first group otherwise, and on other tabs', () => {
    expect(defaultGroupId([group(7, '000'), group(8, '000')], 'pending')).toBe(7);
    expect(defaultGroupId([group(7), group(8, '001')], 'completed')).toBe(7);
    expect(defaultGroupId([], 'pending')).toBeNull();
  });
});
