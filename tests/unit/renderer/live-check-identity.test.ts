import { describe, expect, it } from 'vitest';
import { keptNotices, type Notice } from '../../../src/renderer/hooks/use-notices.js';
import { shownCheck } from '../../../src/renderer/state/use-live-problems.js';
import { blankInstance } from '../../../src/renderer/state/draft.js';

/**
 * What the Plan view's effects depend on keeps its identity while nothing changed: a live check that found no problem
 * dismissed a refused save's notice after every drawing, each dismissal made a new (equal) list of notices, which drew
 * the page again, for ever.
 */
describe('no redraw without a change', () => {
  const notice = (id: number, action: string): Notice => ({ id, action, kind: 'input', message: `${action} refused` });

  it('keeps the very list of notices when a dismissal removes none, and a new one when it removes one', () => {
    const list = [notice(1, 'Save instance'), notice(2, 'Import CSV')];
    expect(keptNotices(list, (n) => n.action !== 'Plan')).toBe(list);
    expect(keptNotices(list, (n) => n.action !== 'Import CSV')).toEqual([list[0]]);
  });

  it('shows the same check object for the same answer, drawing after drawing, and none for another instance', () => {
    const draft = { ...blankInstance('Monday'), customers: [{ id: 'C1', x: 1, y: 1, demand: 1, ready: 0, due: 100, service: 5 }] };
    const answer = { key: '7', problems: [], warnings: [] };
    expect(shownCheck(answer, draft, '7')).toBe(answer);
    expect(shownCheck(answer, draft, '7')).toBe(shownCheck(answer, draft, '7'));
    expect(shownCheck(answer, draft, 'new')).toBeNull();
    expect(shownCheck(answer, { ...draft, customers: [] }, '7')).toBeNull();
  });
});
