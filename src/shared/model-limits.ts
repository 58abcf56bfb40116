import { messageNumber, timeInText } from './number-text.js';
import { carriedCustomers, type Evaluation, type Instance, makeVariant, type RouteSummary, type Variant } from './domain.js';
import { MAX_MODEL_CUSTOMERS, SLOW_MODEL_CUSTOMERS } from './limits.js';
import { type MethodChoice, methodOption, usesModel } from './methods.js';

/**
 * Days of longer stops than the learned models were trained on (docs/model.md, "The network"). The paper's generator
 * serves every stop for 1 % of the shift and the city days the models were fine-tuned on for at most about 3 %; most
 * shipped models do not read service times at all (docs/model.md names the one that does). On days of longer stops
 * their greedy plans cost about twice the classical solver's (bench/RESULTS.md section 8, eleventh and nineteenth
 * rounds). One rule, read by the plan view and `jampr plan`.
 */
export const TRAINED_SERVICE_SHARE = 0.03;

/** A sentence for the dispatcher when the day's stops take longer than the models were trained on, else null. */
export function serviceTimeNotice(instance: Instance): string | null {
  const { customers, depot } = instance;
  const shift = depot.due - depot.ready;
  if (customers.length === 0 || !(shift > 0)) return null;
  const mean = customers.reduce((a, c) => a + c.service, 0) / customers.length;
  if (mean / shift <= TRAINED_SERVICE_SHARE) return null;
  const unit = instance.clockTimes || instance.coordinates?.kind === 'geo' ? ' min' : '';
  return (
    `This day's stops take ${Math.round(mean)}${unit} on average (${((100 * mean) / shift).toFixed(1)} % of the shift), ` +
    `longer than the learned models were mostly trained on (up to ${100 * TRAINED_SERVICE_SHARE} %): ` +
    'their plans may cost about twice what the classical solver or JAMPR + local search find.'
  );
}

/**
 * The models learn a policy's standard prices (every training run, the app's included, uses them): a plan for other
 * prices (α, β, a quadratic penalty) is priced by them but not made for them.
 */
export function priceNotice(variant: Variant): string | null {
  const standard = makeVariant(variant.name);
  const same =
    variant.alpha === standard.alpha &&
    variant.penalty === standard.penalty &&
    ('beta' in variant ? variant.beta : undefined) === ('beta' in standard ? standard.beta : undefined);
  if (same) return null;
  const beta = 'beta' in standard ? `, β ${standard.beta}` : '';
  return (
    `The learned models were trained on this policy's standard prices (α ${standard.alpha}${beta}, ${standard.penalty} penalties): ` +
    'their plans do not weigh the prices set here, though the cost shown does; JAMPR + local search or the classical solver plan for them.'
  );
}

/**
 * Under soft windows a learned plan can leave vehicles idle, or send them home early, while its other routes run on
 * late (the model, trained on fleets the demand fills, reads a roomy fleet as room to spare; the environment's shift
 * rule holds that back only while a vehicle is still at the depot): a route back more than half a shift after the
 * shift ends, or customers served a whole shift late in all, beside an unused vehicle or one back a quarter of the
 * shift before the end, says so. Customers a whole shift late in all with every vehicle busy to the end say so too,
 * naming both causes, since a fleet too small for the windows looks the same.
 */
export function spreadNotice(instance: Instance, evaluation: Pick<Evaluation, 'routes'>): string | null {
  const { depot } = instance;
  const shift = depot.due - depot.ready;
  if (!(shift > 0)) return null;
  // A route with a leg longer than the shift drives to a stop out of every plan's reach (a latitude's sign lost, a
  // stop in another country): its lateness is the data's, which the import warned about, not the model's spread.
  const routes = evaluation.routes.filter((r) => r.customers > 0 && !hasLegLongerThan(r, depot.ready, shift));
  if (routes.length === 0) return null;
  const lateness = routes.reduce((a, r) => a + r.late, 0);
  const last = routes.reduce((a, r) => (r.returnTime > a.returnTime ? r : a));
  const backLate = last.returnTime > depot.due + shift / 2;
  if (!backLate && !(lateness > shift)) return null;
  const first = routes.reduce((a, r) => (r.returnTime < a.returnTime ? r : a));
  const unused = instance.vehicles - evaluation.routes.filter((r) => r.customers > 0).length;
  const early = first.returnTime < depot.due - shift / 4;
  const minutes = instance.clockTimes || instance.coordinates?.kind === 'geo';
  const lateInAll = `serves its customers ${minutes ? `${messageNumber(Math.round(lateness / 60))} hours` : messageNumber(Math.round(lateness))} late in all`;
  if (unused <= 0 && !early) {
    // Every vehicle busy to the end: the fleet may be short for these windows, which no method mends, so only name both.
    if (!(lateness > shift)) return null;
    return (
      `This plan ${lateInAll} with every vehicle busy: the fleet may be too small for these windows, or the learned ` +
      'model ordered the day badly; JAMPR + local search or the classical solver show which.'
    );
  }
  // Whole figures: a route hours past the shift needs no decimals to tell it. A return is a moment, written as the
  // schedule writes it: midnight begins the next day (00:00+1), where the shift's end closes the first (24:00).
  const t = (v: number, moment = false) => timeInText(instance.clockTimes ? v : Math.round(v), instance.clockTimes, moment);
  const late = backLate
    ? `has a route back at the depot at ${t(last.returnTime, true)}, long after the shift ends at ${t(depot.due)}`
    : lateInAll;
  const idle =
    unused > 0 ? `${unused} ${unused === 1 ? 'vehicle is' : 'vehicles are'} not used` : `a route is back at ${t(first.returnTime, true)}`;
  return (
    `This plan ${late}, while ${idle}: the learned model spread this day's work badly over the fleet; ` +
    'JAMPR + local search or the classical solver plan it far better.'
  );
}

/** Whether a route drives longer than `limit` between two of its stops (from the depot leaving at `start` included). */
function hasLegLongerThan(route: Pick<RouteSummary, 'stops'>, start: number, limit: number): boolean {
  let left = start;
  for (const stop of route.stops) {
    if (stop.arrival - left > limit) return true;
    left = stop.departure;
  }
  return false;
}

/** Everything a learned plan (not improved by the local search) should say about itself, in this order. */
export function learnedPlanNotices(instance: Instance, variant: Variant, evaluation: Pick<Evaluation, 'routes'>): string[] {
  return [serviceTimeNotice(instance), priceNotice(variant), spreadNotice(instance, evaluation)].filter((n): n is string => n !== null);
}

/** Why a learned model may not plan a day of `customers` stops (MAX_MODEL_CUSTOMERS), else null. */
export function modelSizeRefusal(customers: number): string | null {
  if (customers <= MAX_MODEL_CUSTOMERS) return null;
  return (
    `the learned models plan at most ${messageNumber(MAX_MODEL_CUSTOMERS)} customers and this day has ` +
    `${messageNumber(customers)} (at that size a greedy plan takes tens of minutes): ` +
    'plan it with the classical solver'
  );
}

/** A sentence for the dispatcher before a learned model plans a large day (SLOW_MODEL_CUSTOMERS), else null. */
export function modelSpeedNotice(customers: number): string | null {
  if (customers < SLOW_MODEL_CUSTOMERS) return null;
  const refusal = modelSizeRefusal(customers);
  if (refusal) return `${refusal[0].toUpperCase()}${refusal.slice(1)}.`;
  return (
    `A learned model places one stop at a time: on a day of ${messageNumber(customers)} stops it takes ` +
    'minutes, not seconds (the classical solver keeps to its time limit). You can cancel it.'
  );
}

/**
 * Sampling's work grows with the plans drawn times the square of the stops (every plan places every stop, each step
 * over every pair): from this much (640 plans of 100 stops, about a minute on two cores; 128 plans of 110 stops took
 * 13 s, bench/RESULTS.md section 8) the dispatcher is told it takes minutes.
 */
const SLOW_SAMPLING_WORK = 640 * 100 ** 2;

/**
 * Sampling work (plans × stops², as above) from which a run may last longer than the default 5 s time limit
 * (DEFAULT_TIME_LIMIT_SEC), a rule of thumb: 64 plans of 100 stops (640,000) took 22 s with the model loaded on two
 * busy cores, 128 plans of 110 stops (1.5 million) 13 s (bench/RESULTS.md section 8), some 30,000 to 120,000 a
 * second. At the slower end 5 s is about 150,000: a little under it is taken, a line too many costing less than a
 * silent wait. `jampr plan` off a terminal says from here that its plan has begun and Ctrl-C cancels it.
 */
export const SAMPLING_WORK_OVER_5_S = 100_000;

/** Whether sampling `samples` plans of a day of `customers` stops may take longer than 5 s (SAMPLING_WORK_OVER_5_S). */
export const samplingMayTakeOver5s = (samples: number, customers: number): boolean => samples * customers ** 2 >= SAMPLING_WORK_OVER_5_S;

/** A sentence before sampling `samples` plans of a day of `customers` stops where that takes minutes, else null. */
export function samplingSpeedNotice(samples: number, customers: number): string | null {
  if (samples * customers ** 2 < SLOW_SAMPLING_WORK) return null;
  return (
    `Sampling ${messageNumber(samples)} plans of ${messageNumber(customers)} stops takes minutes, not seconds ` +
    '(each plan places every stop); fewer samples, JAMPR greedy or JAMPR + local search answer sooner. You can cancel it.'
  );
}

/**
 * The notice before a learned model plans `instance` (`samples`: the plans it draws, where it samples), else null: a
 * large day first, then many samples. It counts the customers the model plans (carriedCustomers): an order bigger than
 * a vehicle is left out of the plan, and a day of 99 such customers and one too big is sampled as 99. One rule for the
 * app and `jampr plan`.
 */
export function learnedSpeedNotice(instance: Instance, samples?: number): string | null {
  const customers = carriedCustomers(instance).length;
  return modelSpeedNotice(customers) ?? (samples === undefined ? null : samplingSpeedNotice(samples, customers));
}

/** The speed notice where the chosen method plans with a learned model, else null (`effort`: its samples, if it samples). */
export function methodSpeedNotice(method: MethodChoice, instance: Instance, effort?: number): string | null {
  if (!usesModel(method)) return null;
  return learnedSpeedNotice(instance, methodOption(method).decode === 'sample' ? effort : undefined);
}
