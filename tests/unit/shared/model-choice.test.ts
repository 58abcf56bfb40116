import { describe, expect, it } from 'vitest';
import {
  type ActiveFor,
  activeDaysWords,
  bandWords,
  type ListedModel,
  modelThatPlans,
  sizeBand,
  sizeBands,
  someDaysWords,
} from '../../../src/shared/model-choice.js';

const model = (name: string, size: number, builtIn: boolean, activeFor: ActiveFor = null, variant = 'tw1'): ListedModel => ({
  name,
  activeFor,
  builtIn,
  card: { method: 'jampr', variant, size },
});
const shipped = [model('jampr-tw1-n20', 20, true), model('jampr-tw1-n50', 50, true)];
const plans = (models: ListedModel[], size: number) => modelThatPlans(models, 'jampr', 'tw1', size)?.name;

describe('the size bands of a policy', () => {
  it('are the shipped models’ sizes: days under 35 customers are the N=20 band, the others the N=50 band', () => {
    expect([1, 25, 34].map((n) => sizeBand(shipped, 'jampr', 'tw1', n))).toEqual([20, 20, 20]);
    expect([35, 60, 1000].map((n) => sizeBand(shipped, 'jampr', 'tw1', n))).toEqual([50, 50, 50]);
    // A model trained here at 31 stops draws no band of its own beside the shipped ones, active or not.
    const retrained = [...shipped, model('mine', 31, false, [20])];
    expect(sizeBand(retrained, 'jampr', 'tw1', 31)).toBe(20);
    expect(sizeBand(retrained, 'jampr', 'tw1', 40)).toBe(50);
    // Another policy's models are no band of this one; none at all, no band.
    expect(sizeBand(shipped, 'jampr', 'tw2', 25)).toBeUndefined();
  });

  it('are said in words the rule draws', () => {
    expect(bandWords(shipped, 'jampr', 'tw1', 20)).toBe('under 35 customers');
    expect(bandWords(shipped, 'jampr', 'tw1', 50)).toBe('of 35 customers or more');
    const three = [...shipped, model('jampr-tw1-n100', 100, true)];
    expect(bandWords(three, 'jampr', 'tw1', 50)).toBe('of 35–74 customers');
    expect(bandWords([model('only', 20, true)], 'jampr', 'tw1', 20)).toBe('of every size');
  });

  it('are listed smallest first: the shipped sizes, else those of every model of the policy', () => {
    expect(
      sizeBands([model('jampr-tw1-n50', 50, true), model('mine', 31, false), model('jampr-tw1-n20', 20, true)], 'jampr', 'tw1'),
    ).toEqual([20, 50]);
    expect(sizeBands([model('a', 40, false), model('b', 25, false), model('c', 40, false)], 'jampr', 'tw1')).toEqual([25, 40]);
    expect(sizeBands(shipped, 'jampr', 'tw2')).toEqual([]);
  });
});

describe('the model that plans a day', () => {
  it('is the shipped model nearest in size where none is active', () => {
    expect(plans([...shipped, model('mine', 31, false)], 25)).toBe('jampr-tw1-n20');
    expect(plans([...shipped, model('mine', 31, false)], 60)).toBe('jampr-tw1-n50');
  });

  it('is a model activated for a size band on that band’s days only: the other band keeps its model', () => {
    const models = [...shipped, model('mine', 31, false, [20])];
    expect(plans(models, 25)).toBe('mine');
    expect(plans(models, 34)).toBe('mine');
    expect(plans(models, 35)).toBe('jampr-tw1-n50');
    expect(plans(models, 60)).toBe('jampr-tw1-n50');
    expect(activeDaysWords(models, models[2])).toBe('days under 35 customers');
    // What the Models table, the verdict and its "As of now" write after "active for": nothing where every size.
    expect(someDaysWords(models, models[2])).toBe('days under 35 customers');
    expect(someDaysWords(models, models[0])).toBeNull();
    expect(someDaysWords([...shipped, model('chosen', 31, false, 'all')], model('chosen', 31, false, 'all'))).toBeNull();
    expect(someDaysWords(shipped, model('both', 31, false, [20, 50]))).toBeNull();
  });

  it('is a model activated by hand on days of every size, except a band another model was activated for since', () => {
    const byHand = [...shipped, model('chosen', 31, false, 'all')];
    expect([10, 25, 60, 400].map((n) => plans(byHand, n))).toEqual(['chosen', 'chosen', 'chosen', 'chosen']);
    expect(activeDaysWords(byHand, byHand[2])).toBe('days of every size');
    const bigDaysRetrained = [...byHand, model('big', 60, false, [50])];
    expect(plans(bigDaysRetrained, 25)).toBe('chosen');
    expect(plans(bigDaysRetrained, 60)).toBe('big');
    expect(activeDaysWords(bigDaysRetrained, bigDaysRetrained[3])).toBe('days of 35 customers or more');
  });

  it('is one model on both bands where it was activated for both, and each band’s own where two were', () => {
    const both = [...shipped, model('mine', 40, false, [20, 50])];
    expect([25, 60].map((n) => plans(both, n))).toEqual(['mine', 'mine']);
    expect(activeDaysWords(both, both[2])).toBe('days of every size');
    const two = [...shipped, model('small', 25, false, [20]), model('large', 60, false, [50])];
    expect([25, 60].map((n) => plans(two, n))).toEqual(['small', 'large']);
  });

  it('is chosen within the policy asked: a model active for tw2 plans no tw1 day', () => {
    const models = [...shipped, model('tw2-mine', 25, false, 'all', 'tw2')];
    expect(plans(models, 25)).toBe('jampr-tw1-n20');
    expect(activeDaysWords(models, models[0])).toBeNull();
  });
});
