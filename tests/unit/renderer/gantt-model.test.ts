import { describe, expect, it } from 'vitest';
import type { Customer, RouteSummary, StopSchedule } from '../../../src/shared/domain.js';
import {
  axisLabel,
  axisTicks,
  earlyLanes,
  insertionIndex,
  routeSegments,
  type Segment,
  timelineSpan,
} from '../../../src/renderer/plan/gantt-model.js';
import { formatClock } from '../../../src/shared/clock.js';

const stop = (s: Partial<StopSchedule> & { customerId: string }): StopSchedule => ({
  arrival: 0,
  wait: 0,
  start: 0,
  departure: 0,
  early: 0,
  late: 0,
  load: 0,
  penalty: 0,
  ...s,
});
const customers = new Map<string, Customer>([
  ['a', { id: 'a', x: 0, y: 0, demand: 1, ready: 30, due: 60, service: 10 }],
  ['b', { id: 'b', x: 0, y: 0, demand: 1, ready: 0, due: 50, service: 10 }],
]);
// Depart 0, arrive at a at 20 (10 early, waits until 30), serve 30-40, arrive at b at 70 (20 late), serve 70-80, back at 95.
const route: RouteSummary = {
  stops: [
    stop({ customerId: 'a', arrival: 20, wait: 10, start: 30, departure: 40, early: 10 }),
    stop({ customerId: 'b', arrival: 70, start: 70, departure: 80, late: 20 }),
  ],
  customers: 2,
  length: 65,
  load: 2,
  duration: 95,
  returnTime: 95,
  wait: 10,
  early: 10,
  late: 20,
  cost: 0,
};

describe('timeline segments', () => {
  it('splits a route into travel, wait, service, early and late stretches in time order', () => {
    // The first stop's wait is spent at the depot: the driver leaves at 10 (as the plan panel and the sheet say).
    expect(routeSegments(route, 0, customers, 'tw1')).toEqual([
      { kind: 'depot', from: 0, to: 10, customerId: 'a' },
      { kind: 'travel', from: 10, to: 30, customerId: 'a' },
      { kind: 'service', from: 30, to: 40, customerId: 'a' },
      { kind: 'travel', from: 40, to: 70, customerId: 'b' },
      { kind: 'service', from: 70, to: 80, customerId: 'b' },
      { kind: 'late', from: 50, to: 70, customerId: 'b' },
      { kind: 'travel', from: 80, to: 95, customerId: null },
    ]);
  });

  it("draws a later stop's wait where it happens, not as early too, and a route with no first wait from the shift start", () => {
    // Depart 0, serve b at 10-20 on arrival, arrive at a at 25 (waits until its window opens at 30), serve 30-40, back at 50.
    // The plan keeps those 5 minutes as both a's wait and its earliness: under hard windows it is a wait, drawn once.
    const later: RouteSummary = {
      ...route,
      stops: [
        stop({ customerId: 'b', arrival: 10, start: 10, departure: 20 }),
        stop({ customerId: 'a', arrival: 25, wait: 5, start: 30, departure: 40, early: 5 }),
      ],
      returnTime: 50,
    };
    expect(routeSegments(later, 0, customers, 'tw1')).toEqual([
      { kind: 'travel', from: 0, to: 10, customerId: 'b' },
      { kind: 'service', from: 10, to: 20, customerId: 'b' },
      { kind: 'travel', from: 20, to: 25, customerId: 'a' },
      { kind: 'wait', from: 25, to: 30, customerId: 'a' },
      { kind: 'service', from: 30, to: 40, customerId: 'a' },
      { kind: 'travel', from: 40, to: 50, customerId: null },
    ]);
  });

  it('draws early service under soft windows, which serve on arrival', () => {
    // Depart 0, serve b at 10-20, reach a at 25, 5 minutes before its window opens, and serve it at once (25-35).
    const soft: RouteSummary = {
      ...route,
      stops: [
        stop({ customerId: 'b', arrival: 10, start: 10, departure: 20 }),
        stop({ customerId: 'a', arrival: 25, start: 25, departure: 35, early: 5 }),
      ],
      returnTime: 45,
    };
    expect(routeSegments(soft, 0, customers, 'tw3')).toContainEqual({ kind: 'early', from: 25, to: 30, customerId: 'a' });
    expect(routeSegments(soft, 0, customers, 'tw3').filter((s) => s.kind === 'wait')).toEqual([]);
  });

  it('stretches the span past the shift end when a route returns late', () => {
    expect(timelineSpan([route], { ready: 0, due: 90 })).toEqual({ start: 0, end: 95 });
  });

  it('shows a nearby shift end but does not squeeze the routes into a long, mostly unused shift', () => {
    expect(timelineSpan([route], { ready: 0, due: 120 })).toEqual({ start: 0, end: 120 });
    expect(timelineSpan([route], { ready: 0, due: 1000 })).toEqual({ start: 0, end: 95 + 95 * 0.04 });
  });

  it('inserts a dropped stop before the first stop that starts later', () => {
    expect(insertionIndex(route, 10)).toBe(0);
    expect(insertionIndex(route, 50)).toBe(1);
    expect(insertionIndex(route, 500)).toBe(2);
    expect(insertionIndex(undefined, 5)).toBe(0);
  });

  it('picks round axis ticks, whole hours for clock times', () => {
    expect(axisTicks(0, 1000, false)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(axisTicks(480, 1020, true)).toEqual([480, 540, 600, 660, 720, 780, 840, 900, 960, 1020]);
    // A night shift's axis: midnight is the next day's 00:00+1 while the shift runs on; a span's own end stays 24:00.
    const night = [1320, 1440, 1560].map((tick) => axisLabel(tick, 1800, true, (v) => formatClock(v)));
    expect(night).toEqual(['22:00', '00:00+1', '02:00+1']);
    expect(axisLabel(1440, 1440, true, (v) => formatClock(v))).toBe('24:00');
    expect(axisLabel(1440, 2000, false, String)).toBe('1440');
  });
});

describe("a row's early bars", () => {
  const early = (from: number, to: number, customerId: string): Segment => ({ kind: 'early', from, to, customerId });
  it('each take the first lane free at their start, so that none lies over another', () => {
    // a is early until 100, b (arriving at 30) until 120, c (at 60) until 90; d arrives at 110, after a's bar ends.
    const segments: Segment[] = [
      early(0, 100, 'a'),
      { kind: 'service', from: 0, to: 10, customerId: 'a' },
      early(30, 120, 'b'),
      early(60, 90, 'c'),
      early(110, 130, 'd'),
    ];
    expect(earlyLanes(segments)).toEqual({ lane: [0, 0, 1, 2, 0], lanes: 3 });
  });

  it('keep one lane where they follow each other, and a row without any has one', () => {
    expect(earlyLanes([early(0, 20, 'a'), early(20, 40, 'b')])).toEqual({ lane: [0, 0], lanes: 1 });
    expect(earlyLanes([{ kind: 'travel', from: 0, to: 5, customerId: 'a' }])).toEqual({ lane: [0], lanes: 1 });
  });
});
