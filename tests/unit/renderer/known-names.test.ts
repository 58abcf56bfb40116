import { describe, expect, it } from 'vitest';
import { apiFromBridge } from '../../../src/renderer/api/from-bridge.js';
import { asErrorData } from '../../../src/renderer/hooks/use-notices.js';
import { type KnownNames, knownNames, namedAsKnown, rememberDays, rememberPlans } from '../../../src/renderer/state/known-names.js';
import type { AppErrorData } from '../../../src/shared/errors.js';

const fresh = (): KnownNames => ({ days: new Map(), planDays: new Map() });
const dayGone: AppErrorData = {
  kind: 'conflict',
  message: 'the instance with id 6 was deleted elsewhere after it was opened here; nothing was exported',
  missing: { what: 'day', id: 6, words: 'the instance with id 6' },
};

describe('a refusal naming a day gone by its id', () => {
  it('says the name this window knew the day by, deleted since or not', () => {
    const known = fresh();
    rememberDays([{ id: 6, name: 'Tuesday Hamburg' }], known);
    expect(namedAsKnown(dayGone, known).message).toBe(
      '“Tuesday Hamburg” was deleted elsewhere after it was opened here; nothing was exported',
    );
    const asShown = { ...dayGone, message: 'this instance was deleted in another window since it was opened here; nothing was planned' };
    expect(namedAsKnown({ ...asShown, missing: { what: 'day', id: 6, words: 'this instance' } }, known).message).toBe(
      '“Tuesday Hamburg” was deleted in another window since it was opened here; nothing was planned',
    );
  });

  it('calls a plan gone a plan of its day, where this window knew which', () => {
    const known = fresh();
    rememberDays([{ id: 6, name: 'Tuesday Hamburg' }], known);
    rememberPlans([{ id: 12, instanceId: 6 }], known);
    const planGone: AppErrorData = {
      kind: 'conflict',
      message: 'the plan with id 12 was deleted elsewhere after it was opened here',
      missing: { what: 'plan', id: 12, words: 'the plan with id 12' },
    };
    expect(namedAsKnown(planGone, known).message).toBe('a plan of “Tuesday Hamburg” was deleted elsewhere after it was opened here');
    expect(namedAsKnown({ ...planGone, missing: { what: 'plan', id: 13, words: 'the plan with id 12' } }, known)).toEqual({
      ...planGone,
      missing: { what: 'plan', id: 13, words: 'the plan with id 12' },
    });
  });

  it('names the chosen days a training start found deleted, by the names this window knew them by', () => {
    const known = fresh();
    rememberDays(
      [
        { id: 6, name: 'Monday' },
        { id: 9, name: 'Tuesday Hamburg' },
      ],
      known,
    );
    const daysGone: AppErrorData = {
      kind: 'conflict',
      message: '3 of the chosen days were deleted since the list was shown (id 6, 7, 9): choose the days again',
      missing: { what: 'days', ids: [6, 7, 9], words: 'id 6, 7, 9' },
    };
    expect(namedAsKnown(daysGone, known).message).toBe(
      '3 of the chosen days were deleted since the list was shown (“Monday”, id 7, “Tuesday Hamburg”): choose the days again',
    );
    expect(namedAsKnown(daysGone, fresh())).toEqual(daysGone);
  });

  it('is left as the server worded it where this window never knew the day', () => {
    expect(namedAsKnown(dayGone, fresh())).toEqual(dayGone);
  });

  it('reaches the banner named, through the renderer’s own API over a bridge that answers with the refusal', async () => {
    rememberDays([{ id: 6, name: 'Tuesday Hamburg' }], knownNames);
    const api = apiFromBridge({
      windowId: 'test-window',
      call: async () => ({ ok: false, error: dayGone }),
      on: () => () => {},
    });
    const refused = await api.call('instances:get', { id: 6 }).catch((err: unknown) => err);
    expect(asErrorData(refused)).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/^“Tuesday Hamburg” was deleted elsewhere/),
    });
  });
});
