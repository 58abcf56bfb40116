/** A customer CSV's window times put on one clock, once every row is read (csv.ts). */
import { overnight, startOfDay } from '../../../shared/clock.js';
import type { Customer, Depot } from '../../../shared/domain.js';
import type { PartialCustomer } from '../validate.js';
import { type ClockUse, offDayWindows } from './csv-clock.js';

/** Which window times a customer row left blank: they are the shift's (open from its start, until its end). */
export interface OpenWindow {
  ready: boolean;
  due: boolean;
}

/**
 * The file's times on one clock: a customer's blank window cells take the depot's hours, dated times count from
 * midnight of the day the depot opens, and a night shift's times after midnight are the next day's. Dated and plain
 * times mixed cannot be put on one clock: that is reported, and the rules between times (a window per customer closed
 * before the shift) wait until it is fixed. (Times saved as fractions of a day are refused before: csv-day-fractions.ts.)
 */
export function onOneClock(
  depot: Depot,
  read: Customer[],
  openWindows: OpenWindow[],
  partialRows: { customer: PartialCustomer }[],
  clock: ClockUse,
  problems: string[],
): { depot: Depot; customers: Customer[]; unclocked: boolean } {
  // Blank cells first, so that they move with the depot's hours below; they keep following the shift afterwards.
  const customers = read.map((c, i) => ({
    ...c,
    ready: openWindows[i].ready ? depot.ready : c.ready,
    due: openWindows[i].due ? depot.due : c.due,
    ...(openWindows[i].ready ? { opensWithShift: true } : {}),
    ...(openWindows[i].due ? { closesWithShift: true } : {}),
  }));
  if (clock.dated > 0 && clock.undated > 0) {
    // The fewer are likely the slips: name the first of them.
    const example = clock.undated <= clock.dated ? `${clock.firstUndated} has none` : `${clock.firstDated} has one`;
    problems.push(
      `${clock.dated} times carry a date and ${clock.undated} do not (${example}): write every time with its date (2026-11-27 08:00) or none (08:00)`,
    );
    return { depot, customers, unclocked: true };
  }
  if (clock.dated > 0) {
    const base = startOfDay(depot.ready);
    problems.push(...offDayWindows(depot, customers));
    const fromBase = <T extends { ready?: number; due?: number }>(n: T): T => ({
      ...n,
      ...(n.ready !== undefined ? { ready: n.ready - base } : {}),
      ...(n.due !== undefined ? { due: n.due - base } : {}),
    });
    for (const partial of partialRows) partial.customer = fromBase(partial.customer);
    return { depot: fromBase(depot), customers: customers.map(fromBase), unclocked: false };
  }
  if (!clock.used) return { depot, customers, unclocked: false };
  const night = overnight(depot, customers);
  // A blank cell is the shift's edge itself, wherever the night placed the depot's hours (not a time to place).
  const shift = night.nodes.map((c, i) => ({
    ...c,
    ...(openWindows[i].ready ? { ready: night.depot.ready } : {}),
    ...(openWindows[i].due ? { due: night.depot.due } : {}),
  }));
  return { depot: night.depot, customers: shift, unclocked: false };
}
