import type { Evaluation, Instance } from '../../../shared/domain.js';
import { formatClock } from '../../../shared/clock.js';
import { writeCsv } from './csv-cells.js';

/**
 * CSV exports: the instance as customer CSV (readable again by parseCustomerCsv) and a plan's
 * schedule, one row per stop, for dispatchers and spreadsheets.
 */

/** A time of day: HH:MM(:SS) for clock-time instances when that is exact to the second, else plain minutes. */
function timeCell(instance: Instance, minutes: number): string | number {
  const seconds = minutes * 60;
  const exact = Math.abs(seconds - Math.round(seconds)) < 1e-6;
  return instance.clockTimes && minutes >= 0 && exact ? formatClock(minutes, true) : minutes;
}

export function writeInstanceCsv(instance: Instance): string {
  const geo = instance.coordinates?.kind === 'geo';
  const fields = ['type', 'id', geo ? 'lat' : 'x', geo ? 'lon' : 'y', 'demand', 'ready', 'due', 'service'];
  const position = (n: { x: number; y: number }) => (geo ? [n.y, n.x] : [n.x, n.y]);
  const t = (v: number) => timeCell(instance, v);
  const { depot } = instance;
  const data = [
    ['depot', depot.id, ...position(depot), 0, t(depot.ready), t(depot.due), 0],
    ...instance.customers.map((c) => ['customer', c.id, ...position(c), c.demand, t(c.ready), t(c.due), c.service]),
  ];
  return writeCsv(fields, data);
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The schedule of an evaluated plan: route (numbered as in the plan, empty routes left out), stop
 * order, customer id, arrival, wait, start, departure, early, late and load after the stop. Times are
 * HH:MM (to the minute) for clock-time instances, else minutes to two decimals; durations are minutes.
 */
export function writePlanCsv(instance: Instance, evaluation: Evaluation): string {
  const time = (v: number) => (instance.clockTimes ? formatClock(v) : round2(v));
  const fields = ['route', 'stop', 'id', 'arrival', 'wait', 'start', 'departure', 'early', 'late', 'load'];
  const data = evaluation.routes.flatMap((route, r) =>
    route.stops.map((s, k) => [
      r + 1,
      k + 1,
      s.customerId,
      time(s.arrival),
      round2(s.wait),
      time(s.start),
      time(s.departure),
      round2(s.early),
      round2(s.late),
      s.load,
    ]),
  );
  return writeCsv(fields, data);
}
