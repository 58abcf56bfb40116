import { describe, expect, it } from 'vitest';
import { planRequestSchema } from '../../../src/shared/api.js';
import {
  cutShortNote,
  describeMethod,
  describePlanMethod,
  greedyKeptNote,
  isMethodChoice,
  isModelAlone,
  METHOD_OPTIONS,
  methodChoiceOf,
  methodFlagsFor,
  methodLabel,
  methodRequest,
  requestEffort,
} from '../../../src/shared/methods.js';

describe('the method table', () => {
  it('turns every method choice into a request the contract accepts, with and without an effort', () => {
    for (const option of METHOD_OPTIONS) {
      for (const effort of [undefined, option.effort?.max]) {
        const request = { instanceId: 1, variant: { name: 'tw3' }, ...methodRequest(option.id, effort) };
        expect(planRequestSchema.safeParse(request).success, option.id).toBe(true);
      }
    }
  });

  it('maps the rows to methods, decode strategies, samples, local search and time limits', () => {
    expect(methodRequest('jampr-sample', 64.4)).toEqual({ method: 'jampr', decode: 'sample', samples: 64 });
    expect(methodRequest('am-sample')).toEqual({ method: 'am', decode: 'sample', samples: 128 });
    expect(methodRequest('jampr-ls', 3)).toEqual({ method: 'jampr', decode: 'greedy', improveSec: 3 });
    expect(methodRequest('classical', 1.5)).toEqual({ method: 'classical', timeLimitSec: 1.5 });
    expect(methodRequest('random', 7)).toEqual({ method: 'random' });
  });

  it('knows its row names and nothing else', () => {
    expect(METHOD_OPTIONS.every((m) => isMethodChoice(m.id))).toBe(true);
    expect(isMethodChoice('jampr')).toBe(false);
  });

  it('names a plan by its decoding, and reads the name back for the plan view and history', () => {
    const named = (choice: Parameters<typeof methodRequest>[0], effort?: number) => {
      const r = methodRequest(choice, effort);
      return methodLabel(r.method, r.decode, r.samples, r.improveSec);
    };
    expect(named('jampr-greedy')).toBe('jampr-greedy');
    expect(named('jampr-sample', 64)).toBe('jampr-sample64');
    expect(named('jampr-ls', 2)).toBe('jampr-greedy+ls');
    expect(named('classical', 2)).toBe('classical');
    expect(describeMethod(named('jampr-greedy'))).toBe('JAMPR greedy');
    expect(describeMethod(named('jampr-sample', 64))).toBe('JAMPR sampling 64');
    expect(describeMethod(named('am-sample', 32))).toBe('AM+TW sampling 32');
    expect(describeMethod(named('jampr-ls', 2))).toBe('JAMPR + local search');
    expect(describeMethod('jampr-sample128+ls')).toBe('JAMPR sampling 128 + local search');
    // Plans stored before the decoding was part of the name.
    expect(describeMethod('jampr')).toBe('JAMPR');
    expect(describeMethod('jampr+ls')).toBe('JAMPR + local search');
    expect(describeMethod('manual')).toBe('Edited by hand');
    // The model-alone notice is for plans the local search did not touch.
    expect(['jampr', 'jampr-greedy', 'am-sample32'].every(isModelAlone)).toBe(true);
    expect(['jampr+ls', 'jampr-greedy+ls', 'classical', 'manual'].some(isModelAlone)).toBe(false);
  });

  it('names the model that made a plan beside its method, and no model for the others', () => {
    expect(describePlanMethod({ method: 'jampr-greedy', modelName: 'week-tw1' })).toBe('JAMPR greedy (week-tw1)');
    expect(describePlanMethod({ method: 'jampr-greedy+ls', effort: 5, modelName: 'jampr-tw1-n50' })).toBe(
      'JAMPR + local search, 5 s (jampr-tw1-n50)',
    );
    expect(describePlanMethod({ method: 'classical', effort: 2, modelName: null })).toBe('Classical, 2 s');
  });

  it('reads a stored plan back as the choice that plans it again', () => {
    for (const option of METHOD_OPTIONS) {
      const r = methodRequest(option.id, option.effort?.default);
      const made = methodChoiceOf(methodLabel(r.method, r.decode, r.samples, r.improveSec));
      expect(made?.choice, option.id).toBe(option.id);
      if (r.samples !== undefined) expect(made?.samples, option.id).toBe(r.samples);
    }
    // What the app does not offer, and hand edits, leave the controls alone.
    expect(methodChoiceOf('jampr-sample128+ls')).toBeNull();
    expect(methodChoiceOf('manual')).toBeNull();
  });

  it("keeps the effort a request gave its method's field, and names plans with their seconds of search", () => {
    for (const option of METHOD_OPTIONS) {
      const r = methodRequest(option.id, option.effort?.max);
      const label = methodLabel(r.method, r.decode, r.samples, r.improveSec);
      expect(requestEffort(label, r), option.id).toBe(option.effort?.max);
    }
    // A field the method does not read is not its effort (the API refuses such requests before this).
    expect(requestEffort('jampr-greedy', { timeLimitSec: 3 })).toBeUndefined();
    expect(requestEffort('classical', {})).toBeUndefined();
    expect(describeMethod('classical', 2)).toBe('Classical, 2 s');
    expect(describeMethod('jampr-greedy+ls', 0.5)).toBe('JAMPR + local search, 0.5 s');
    // Samples are in the label already; unknown efforts and hand edits read as before.
    expect(describeMethod('jampr-sample64', 64)).toBe('JAMPR sampling 64');
    expect(describeMethod('classical')).toBe('Classical');
    expect(describeMethod('manual', 3)).toBe('Edited by hand');
  });

  it('gives the jampr plan flags for a method named as plans and the app name it', () => {
    expect(methodFlagsFor('jampr-greedy')).toBe('--method jampr');
    expect(methodFlagsFor('am-sample')).toBe('--method am --samples 1280');
    expect(methodFlagsFor('jampr-sample128+ls')).toBe('--method jampr --samples 128 --improve SECONDS');
    expect(methodFlagsFor('jampr-ls')).toBe('--method jampr --improve SECONDS');
    for (const name of ['jampr', 'classical', 'random', 'jampr-fast']) expect(methodFlagsFor(name), name).toBeNull();
  });

  it('says why a sampled plan is a greedy one in the words of the model that planned it', () => {
    const am = greedyKeptNote('am-sample2', 2);
    expect(am).toContain('none of the 2 sampled plans beat');
    expect(am).toContain('AM+TW greedy plans the first view only');
    expect(am).not.toContain('JAMPR');
    // The CLI names the method alone; a stored plan by its label.
    expect(greedyKeptNote('am', 2)).toBe(am);
    expect(greedyKeptNote('jampr-sample2', 2)).toContain('JAMPR greedy plans the first view only');
    expect(greedyKeptNote('jampr')).toMatch(/^none of the sampled plans beat .* JAMPR greedy plans the first view only/);
    // One sample (--samples 1) is no "none of the 1".
    expect(greedyKeptNote('jampr', 1)).toMatch(/^the one sampled plan did not beat the best of the model's greedy plans \(/);
  });

  it('says what a time limit cut short, in the words of the method, with what it knows of the limit', () => {
    expect(cutShortNote('classical', { limitSec: 3 })).toMatch(
      /^the time limit of 3 s ended before the search could improve the plan as far as it goes: .* plan again with a longer time limit$/,
    );
    expect(cutShortNote('classical')).toMatch(/^the time limit ended before/);
    // Where the fit to the fleet was hurried too, or alone (a stored plan knows neither: the note above).
    const fleet = { routes: 38, vehicles: 25 };
    const fit =
      'the 13 of its 38 routes to give up for the fleet of 25 vehicles could be chosen with care (those with the fewest stops went, which may leave more customers unserved)';
    expect(cutShortNote('classical', { limitSec: 1, fleet: { ...fleet, searched: false } })).toBe(
      `the time limit of 1 s ended before the search could improve the plan as far as it goes, and before ${fit}: the plan is little better than the construction's first one; plan again with a longer time limit`,
    );
    expect(cutShortNote('classical', { limitSec: 60, fleet: { ...fleet, searched: true } })).toBe(
      `the time limit of 60 s ended before ${fit}: plan again with a longer time limit`,
    );
    expect(cutShortNote('jampr-greedy+ls', { limitSec: 2, fleet: { ...fleet, searched: true } })).toBe(
      `the 2 s of local search ended before ${fit}: give the local search more seconds`,
    );
    expect(cutShortNote('jampr-greedy+ls', { limitSec: 2 })).toBe(
      "the 2 s of local search ended before the search could improve the model's plan as far as it goes: give the local search more seconds",
    );
    expect(cutShortNote('random', { limitSec: 1, drawn: 40, samples: 1000 })).toMatch(
      /^the time limit of 1 s ended after 40 of 1000 random plans: /,
    );
    // A stored plan knows neither how many were drawn nor, from the app, the limit (random has no effort field).
    expect(cutShortNote('random')).toMatch(
      /^the time limit ended before all its random plans were drawn: the plan is the best of those drawn/,
    );
  });
});
