import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { defaultPolicy } from '../../../src/renderer/plan/time-window-policy.js';
import {
  INITIAL_SETTINGS,
  type PlanSettings,
  readOwnSettings,
  rememberOwnSettings,
  sameSettings,
  settingsOfPlan,
  withMethod,
} from '../../../src/renderer/state/plan-settings.js';
import { memoryStorage } from './memory-storage.js';

describe("the Plan bar's settings", () => {
  it("takes a plan's policy, method and effort, and keeps the method of a hand-edited plan", () => {
    expect(settingsOfPlan({ variant: makeVariant('tw3'), method: 'jampr-sample64' }, INITIAL_SETTINGS)).toEqual({
      policy: defaultPolicy('tw3'),
      method: 'jampr-sample',
      effort: 64,
    });
    expect(settingsOfPlan({ variant: makeVariant('tw1'), method: 'manual' }, INITIAL_SETTINGS)).toEqual(INITIAL_SETTINGS);
    // A method without a stored effort starts from its default; the same method keeps the number in the field.
    expect(settingsOfPlan({ variant: makeVariant('tw1'), method: 'jampr-greedy+ls' }, INITIAL_SETTINGS).effort).toBe(5);
    expect(settingsOfPlan({ variant: makeVariant('tw1'), method: 'classical' }, { ...INITIAL_SETTINGS, effort: 7 }).effort).toBe(7);
  });

  it('tells settings that plan alike from ones that do not, an effort the method does not read apart', () => {
    expect(sameSettings(INITIAL_SETTINGS, { ...INITIAL_SETTINGS, policy: defaultPolicy('tw3') })).toBe(false);
    expect(sameSettings(INITIAL_SETTINGS, { ...INITIAL_SETTINGS, effort: 3 })).toBe(false);
    const greedy = withMethod(INITIAL_SETTINGS, 'jampr-greedy');
    expect(sameSettings(greedy, { ...greedy, effort: 9 })).toBe(true);
    // Under hard windows the lateness price is kept for later, not sent.
    expect(sameSettings(INITIAL_SETTINGS, { ...INITIAL_SETTINGS, policy: { ...INITIAL_SETTINGS.policy, beta: 9 } })).toBe(true);
  });

  it("keeps the dispatcher's own choice across a reload, and starts from the defaults where what is kept is not a choice", () => {
    const storage = memoryStorage();
    expect(readOwnSettings(storage)).toEqual(INITIAL_SETTINGS);
    const soft: PlanSettings = { policy: { name: 'tw3', alpha: 0.2, beta: 3 }, method: 'jampr-sample', effort: 64 };
    rememberOwnSettings(soft, storage);
    expect(readOwnSettings(storage)).toEqual(soft);
    const keptAs = (value: unknown) => {
      storage.setItem('jampr.planSettings', typeof value === 'string' ? value : JSON.stringify(value));
      return readOwnSettings(storage);
    };
    expect(keptAs('{not json')).toEqual(INITIAL_SETTINGS);
    expect(keptAs({ ...soft, policy: { ...soft.policy, name: 'tw9' } })).toEqual(INITIAL_SETTINGS);
    expect(keptAs({ ...soft, policy: { ...soft.policy, alpha: -1 } })).toEqual(INITIAL_SETTINGS);
    expect(keptAs({ ...soft, policy: { ...soft.policy, beta: '3' } })).toEqual(INITIAL_SETTINGS);
    expect(keptAs({ ...soft, method: 'ortools' })).toEqual(INITIAL_SETTINGS);
    // Above the sampling field's most (1280 samples).
    expect(keptAs({ ...soft, effort: 5000 })).toEqual(INITIAL_SETTINGS);
    expect(keptAs(null)).toEqual(INITIAL_SETTINGS);
  });
});
