import { formatMoment } from '../../shared/clock.js';
import { kmDriven, type RouteSummary, type Variant, type VariantName } from '../../shared/domain.js';
import { inputError } from '../../shared/errors.js';
import { someOf } from '../../shared/some-of.js';
import { earlyService } from '../../shared/stop-as-driven.js';
import { CSV_BOM } from '../../shared/text-decoding.js';
import { evaluatePlan } from '../../main/vrp/evaluate.js';
import { writePlanCsv } from '../../main/vrp/io/csv-write.js';
import { type PlanRoutes, parsePlanRoutes, planFleet, variantPrices } from '../../main/vrp/io/json.js';
import { fleetShortWarning } from '../../main/vrp/validate.js';
import { demandOverFleetText } from '../../main/vrp/unserved.js';
import type { Instance, Routes, Violation } from '../../shared/domain.js';
import { checkPolicyFlags, parseFlags, variantFlags, variantFromFlags } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { checkWritable, csvDialect, outputFormat, readTextFile, writeTextFile } from '../files.js';
import { FLEET_FLAGS, instanceFlags, instanceFlagValues } from '../load.js';
import { printWarning } from '../print-warning.js';
import { fleetDifference, fleetText, loadWithRecordedFleet } from '../recorded-fleet.js';
import { usageError } from '../usage.js';

/**
 * On a clock-time day each stop's times also as HH:MM, beside the minutes since midnight that stay for scripts
 * (`+1` marks the next day, as everywhere else).
 */
function withClockTimes(route: RouteSummary): RouteSummary & { returnAt: string } {
  return {
    ...route,
    stops: route.stops.map((stop) => ({
      ...stop,
      arrivalAt: formatMoment(stop.arrival),
      startAt: formatMoment(stop.start),
      departureAt: formatMoment(stop.departure),
    })),
    returnAt: formatMoment(route.returnTime),
  };
}

/**
 * A route's earliness, and its stops', as the plan JSON and CSV and every view tell it (earlyService): under a policy
 * that waits the time before a window opens is the route's wait, told once as the wait, not also as early service.
 */
function toldEarly(route: RouteSummary, variant: VariantName): RouteSummary {
  return {
    ...route,
    early: earlyService(variant, route.early),
    stops: route.stops.map((stop) => ({ ...stop, early: earlyService(variant, stop.early) })),
  };
}

/**
 * Scores a plan file with the evaluator (check mode): totals, feasibility and every violation as JSON; exits
 * with EXIT.infeasible when the plan breaks a rule or leaves a customer unserved.
 */
export async function run(argv: string[]): Promise<void> {
  // No default policy here: without --variant the plan's own (a plan document names it) is the one to score it by.
  const flags = {
    ...instanceFlags,
    ...variantFlags,
    variant: { type: 'string' },
    stops: { type: 'boolean' },
    out: { type: 'string' },
    'decimal-comma': { type: 'boolean' },
  } as const;
  const { values, positionals } = parseFlags('eval', argv, flags, 2);
  if (positionals.length < 2) throw usageError('eval needs an INSTANCE file and a PLAN.json');
  // The plan CSV of the routes as scored: a plan edited by hand gets its drivers' schedule without a replan.
  if (values.out !== undefined) {
    outputFormat(values.out, { '.csv': 'csv' }, 'csv');
    checkWritable(values.out, positionals.slice(0, 2));
  }
  const dialect = csvDialect(values['decimal-comma'], values.out === undefined ? undefined : 'csv');
  // The flags first, as plan checks them before its instance file: a bad plan file would hide a mistake in them.
  checkPolicyFlags(values);
  instanceFlagValues(values);
  const plan = parsePlanRoutes(planJsonText(positionals[1], positionals[0]), `the plan file ${positionals[1]}`);
  const readWarnings: string[] = [];
  const { problem, taken } = loadWithRecordedFleet(positionals[0], values, plan.fleet, (w) => readWarnings.push(w));
  for (const warning of readWarnings) printWarning(tellFleetShort(warning, problem.instance, plan.routes, values));
  if (taken.length > 0) {
    const flags = taken.map((k) => `--${FLEET_FLAGS[k]}`).join(', ');
    process.stderr.write(
      `jampr: note: scored with ${fleetText(planFleet(problem.instance), taken)}, as the plan file records its fleet (${flags} to score with another)\n`,
    );
  }
  const name = values.variant ?? plan.variant ?? 'tw1';
  // The plan's own prices where it names them and the flags do not (a tw1 plan's alpha 0 stays 0).
  const own = plan.variant === name ? { alpha: plan.alpha, beta: plan.beta, penalty: plan.penalty } : {};
  // A lateness price in the plan file means nothing under hard windows: said, not blamed on a flag never given.
  const ownBeta = name === 'tw1' ? undefined : own.beta;
  if (name === 'tw1' && own.beta !== undefined)
    printWarning(`the plan file gives beta ${own.beta}, which hard windows (tw1) do not price: ignored`);
  const variant = variantFromFlags({ ...values, variant: name }, 'score', { ...own, beta: ownBeta });
  if (values.variant !== undefined && plan.variant !== undefined && plan.variant !== variant.name)
    printWarning(
      `the plan was made under ${plan.variant}; it is scored under ${variant.name} (its own prices: alpha ${variant.alpha}${'beta' in variant ? `, beta ${variant.beta}` : ''}, ${variant.penalty}), as --variant asks`,
    );
  const scoredBy: Partial<Record<'alpha' | 'beta' | 'penalty', number | string>> = variant;
  const changed = (['alpha', 'beta', 'penalty'] as const).filter(
    (f) => own[f] !== undefined && values[f] !== undefined && own[f] !== scoredBy[f],
  );
  if (changed.length > 0) {
    const list = (of: Partial<Record<string, unknown>>) => changed.map((f) => `${f} ${of[f]}`).join(', ');
    printWarning(`the plan was made with ${list(own)}; it is scored with ${list(scoredBy)}, as the flags ask`);
  }
  const otherDay = plan.instance !== undefined && plan.instance !== problem.instance.name;
  if (otherDay) printWarning(`the plan was made for the instance ${plan.instance}, not ${problem.instance.name}`);
  const fleetChange = plan.fleet && fleetDifference(plan.fleet, planFleet(problem.instance));
  if (fleetChange) printWarning(`the plan was made for ${fleetChange}: it is scored with the latter, as the instance and flags give it`);
  const evaluation = evaluatePlan(problem, plan.routes, variant);
  // On another day or fleet, warned of above, the routes cost other than the file says whether or not anyone edited them.
  const stale = !otherDay && !fleetChange && staleCost(plan, variant, evaluation.cost);
  if (stale) printWarning(stale);
  const { routes: evaluated, ...evaluatedTotals } = evaluation;
  const totals = { ...evaluatedTotals, early: earlyService(variant.name, evaluatedTotals.early) };
  const scheduled = evaluated.map((route) => toldEarly(route, variant.name));
  const geo = problem.instance.coordinates?.kind === 'geo' ? problem.instance.coordinates : null;
  const scored = { ...variantPrices(variant), ...totals, ...(geo ? { distanceKm: kmDriven(totals.distance, geo.speedKmh) } : {}) };
  if (values.out !== undefined)
    writeTextFile(values.out, `${CSV_BOM}${writePlanCsv(problem.instance, evaluation, variant.name, { dialect })}`);
  const out = values.stops
    ? { ...scored, routes: problem.instance.clockTimes ? scheduled.map(withClockTimes) : scheduled }
    : { ...scored, routes: scheduled.map(({ stops: _stops, ...r }) => r) };
  console.log(JSON.stringify(out, null, 2));
  // As `jampr plan` does: the exit code says that a rule is broken, stderr says which.
  const stops = plan.routes.reduce((sum, route) => sum + route.length, 0);
  for (const line of violationLines(evaluation.violations, stops, problem.instance.depot.id)) console.error(`violation: ${line}`);
  if (!evaluation.feasible) process.exitCode = EXIT.infeasible;
}

/**
 * A plan document whose routes cost other than it says, priced as it was made: its totals were written before its
 * routes were edited (by hand, in a script). Said, so that its old figures are not taken for the plan's.
 */
function staleCost(plan: PlanRoutes, variant: Variant, cost: number): string | null {
  if (plan.cost === undefined || plan.variant !== variant.name) return null;
  const samePrices = plan.alpha === variant.alpha && plan.beta === ('beta' in variant ? variant.beta : undefined);
  if (!samePrices || plan.penalty !== variant.penalty) return null;
  if (Math.abs(plan.cost - cost) <= 1e-6 * Math.max(1, Math.abs(cost))) return null;
  return `the plan file says its routes cost ${plan.cost.toFixed(2)}, but they cost ${cost.toFixed(2)} under the same policy: were they edited since it was written? The figures here are the routes' own`;
}

/**
 * The instance's warning that the fleet carries less than the day's demand says "every plan leaves customers unserved":
 * of a plan that serves them all with more vehicles than the fleet has, what is wrong is the vehicles it uses.
 */
function tellFleetShort(warning: string, instance: Instance, routes: Routes, values: Record<string, unknown>): string {
  const used = routes.filter((r) => r.length > 0).length;
  if (warning !== fleetShortWarning(instance) || used <= instance.vehicles) return warning;
  const by = values.vehicles !== undefined ? ' (as --vehicles gives it)' : '';
  const short = demandOverFleetText(
    instance.customers.map((c) => c.demand),
    instance.vehicles,
    instance.capacity,
  );
  return `the plan uses ${used} vehicles but the fleet has ${instance.vehicles}${by}, and ${short}`;
}

/** Unknown stops and customers not served, named one by one up to this many (the JSON lists every one). */
const NAMED = 5;

/**
 * The violations as stderr lines. A plan made for another day lists dozens of stops this day does not have, and
 * leaves out dozens of its customers: beyond NAMED each kind is a few lines and a count, rather than a line each
 * burying the others.
 */
function violationLines(violations: readonly Violation[], stops: number, depotId: string): string[] {
  const unknown = violations.filter((v) => v.kind === 'unknown-customer' && v.customerId !== depotId);
  const unserved = violations.filter((v) => v.kind === 'unserved');
  const others = violations.filter((v) => !unknown.includes(v) && !unserved.includes(v)).map((v) => v.message);
  return [...unknownLines(unknown, stops), ...others, ...unservedLines(unserved)];
}

function unknownLines(unknown: readonly Violation[], stops: number): string[] {
  if (unknown.length <= NAMED) return unknown.map((v) => v.message);
  const listed = someOf(
    unknown.map((v) => `'${v.customerId}'`),
    NAMED,
  );
  return [
    unknown.length === stops
      ? `none of the plan's ${stops} stops is a customer of this instance (${listed}): the plan is for another day`
      : `${unknown.length} of the plan's ${stops} stops are not customers of this instance: ${listed}`,
  ];
}

function unservedLines(unserved: readonly Violation[]): string[] {
  if (unserved.length <= NAMED) return unserved.map((v) => v.message);
  return [
    ...unserved.slice(0, NAMED).map((v) => v.message),
    `and ${unserved.length - NAMED} more ${unserved.length - NAMED === 1 ? 'customer' : 'customers'} not served (the JSON's violations list every one)`,
  ];
}

/**
 * The plan file's text; a plan CSV (what `plan --out x.csv` writes, for people) is named as such, with the way on, and
 * any other text that is no JSON document (a customer table, the two files given the other way round) by its file,
 * not by the place JSON parsing stopped.
 */
function planJsonText(path: string, instancePath: string): string {
  const text = readTextFile(path, 'plan file');
  if (/^\uFEFF?route,stop,/.test(text))
    throw inputError(`the plan file ${path} is a plan CSV: eval reads the plan JSON (write it with jampr plan --out plan.json)`);
  if (!/^\uFEFF?\s*[[{]/.test(text)) {
    const way = holdsRoutes(instancePath)
      ? `the instance comes first, then the plan (jampr eval ${path} ${instancePath})`
      : 'eval reads the plan JSON (write it with jampr plan --out plan.json)';
    throw inputError(`the plan file ${path} is not JSON: ${way}`);
  }
  return text;
}

/** Whether the file is a plan document (an object with routes, or a bare list of routes): given as the instance. */
function holdsRoutes(path: string): boolean {
  try {
    const doc: unknown = JSON.parse(readTextFile(path, 'instance file').replace(/^\uFEFF/, ''));
    return Array.isArray(doc) || (typeof doc === 'object' && doc !== null && 'routes' in doc);
  } catch {
    return false;
  }
}
