import { describe, expect, it } from 'vitest';
import { costWhenPlanned } from '../../../src/renderer/plan/changed-since.js';

describe('the cost a changed plan had when it was made', () => {
  it('is told where it reads differently from today, and not where the change left the cost as it was', () => {
    expect(costWhenPlanned({ plannedCost: 1234.56 }, 1300)).toBe('1,234.6');
    expect(costWhenPlanned({ plannedCost: 1234.56 }, 1234.5600001)).toBeNull();
    expect(costWhenPlanned({}, 1300)).toBeNull();
  });
});
