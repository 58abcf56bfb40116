import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { earlyServiceNote } from '../../../src/shared/early-service.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';

// A shift from 07:00; a is 10 minutes out and opens at 09:00, b 10 minutes further and opens at 07:30.
const DAY = ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,17:00,0', 'a,0,10,1,09:00,10:00,5', 'b,0,20,1,07:30,12:00,5'];

function noteFor(variant: 'tw1' | 'tw2' | 'tw3', lines = DAY) {
  const { instance } = parseCustomerCsv(lines.join('\n'), { name: 'day', capacity: 10 });
  return earlyServiceNote(instance, makeVariant(variant), evaluatePlan(buildProblem(instance), [['a', 'b']], makeVariant(variant)));
}

describe('a soft-window plan that serves hours before windows open', () => {
  it('says how many customers are served more than an hour early, and names the policy whose drivers wait', () => {
    // Under tw3 a reaches a at 07:10, 110 minutes before it opens; b at 07:25 is 5 minutes early, not counted.
    expect(noteFor('tw3')).toBe(
      'This plan serves 1 customer more than an hour before its window opens (2 hours early in all): soft windows serve on ' +
        'arrival, earliness priced at α 0.1. Where a customer cannot take a delivery before its window, plan with partly ' +
        'soft windows (tw2), whose drivers wait.',
    );
  });

  it('says nothing where drivers wait (tw1, tw2), where no stop is an hour early, or on a day not in clock time', () => {
    expect(noteFor('tw1')).toBeNull();
    expect(noteFor('tw2')).toBeNull();
    expect(
      noteFor(
        'tw3',
        DAY.map((line) => line.replace('09:00', '07:45')),
      ),
    ).toBeNull();
    const minutes = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,600,0', 'a,0,10,1,120,180,5', 'b,0,20,1,30,300,5'];
    expect(noteFor('tw3', minutes)).toBeNull();
  });
});
