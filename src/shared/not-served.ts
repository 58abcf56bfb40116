import type { Evaluation, Instance, Routes, Violation } from './domain.js';

/** A customer the plan leaves out, as every export lists it: who, and why (the evaluator's reason). */
export interface NotServed {
  id: string;
  name: string;
  /** The whole reason, the customer's figures included (a row of the CSV, a cell's title). */
  reason: string;
  /** The customer's own figures, which `reason` ends with in parentheses; absent where the reason has none. */
  figures?: string;
}

/**
 * Why a customer is left out, as the evaluator says it: the reason customers left out alike share, and the customer's
 * own figures (its demand, the room left), written after it in parentheses. Customers are grouped by the reason alone:
 * by the whole text, a day of twelve customers left out for want of time fell into seven groups, one per demand.
 */
export interface UnservedWhy {
  reason: string;
  figures?: string;
}

/** The reason in words, the figures after it: "… none has room left for its demand (demand 5; the most free on one vehicle is 4)". */
export const unservedWhyText = ({ reason, figures }: UnservedWhy): string => (figures ? `${reason} (${figures})` : reason);

/** The reason customers left out alike share: the whole reason without the customer's figures. */
export function sharedReason({ reason, figures }: Pick<NotServed, 'reason' | 'figures'>): string {
  const own = figures ? ` (${figures})` : '';
  return own && reason.endsWith(own) ? reason.slice(0, -own.length) : reason;
}

type Unserved = Violation & { customerId: string };

const isUnserved = (v: Violation): v is Unserved => v.kind === 'unserved' && v.customerId !== undefined;

/**
 * The reasons the evaluator cannot give, which a plan knows better than today's data (services/plans.ts
 * `withReasonsFrom`): the dispatcher took the customer off its route by hand, or the customer was added to the day after
 * the plan was made. A plan stores them in its evaluation as it stores the evaluator's.
 */
export const TAKEN_OFF = 'it was taken off its route by hand';
export const ADDED_AFTER = 'it was added after this plan was made (plan again to include it)';

/** The customers an evaluated plan leaves out for one of its own reasons (TAKEN_OFF, ADDED_AFTER), in its order. */
export const leftOutBecause = (evaluation: Pick<Evaluation, 'violations'>, reason: string): string[] =>
  evaluation.violations.filter((v): v is Unserved => isUnserved(v) && v.message.endsWith(reason)).map((v) => v.customerId);

/** The ids of the customers an evaluated plan leaves out, in the evaluator's order. */
export const unservedIds = (evaluation: Pick<Evaluation, 'violations'>): string[] =>
  evaluation.violations.filter(isUnserved).map((v) => v.customerId);

/** The customers an evaluated plan knew: those on its routes and those it already left out. */
export const customersKnownTo = (plan: { routes: Routes; evaluation: Pick<Evaluation, 'violations'> }): Set<string> =>
  new Set([...plan.routes.flat(), ...unservedIds(plan.evaluation)]);

/** How many customers an evaluated plan leaves out (a plain count: it ranks sampled plans, thousands a day). */
export function unservedCount(evaluation: Pick<Evaluation, 'violations'>): number {
  let count = 0;
  for (const v of evaluation.violations) if (v.kind === 'unserved') count++;
  return count;
}

/** What a plan breaks: the rules broken, and apart from them the customers left out. */
export function brokenCounts(evaluation: Pick<Evaluation, 'violations'>): { broken: number; unserved: number } {
  const unserved = unservedCount(evaluation);
  return { broken: evaluation.violations.length - unserved, unserved };
}

/**
 * What a plan breaks in words ("1 not served", "2 violations · 1 not served"; "" for nothing): a customer no vehicle
 * can reach in time is left out by the best plan there is, which breaks no rule.
 */
export function brokenText({ broken, unserved }: { broken: number; unserved: number }): string {
  const parts = [
    ...(broken > 0 ? [`${broken} violation${broken === 1 ? '' : 's'}`] : []),
    ...(unserved > 0 ? [`${unserved} not served`] : []),
  ];
  return parts.join(' · ');
}

/** The customers an evaluated plan leaves out, in the evaluator's order, each with the reason without its "customer X is not served: " lead. */
export function notServed(instance: Instance, evaluation: Pick<Evaluation, 'violations'>): NotServed[] {
  const names = new Map(instance.customers.map((c) => [c.id, c.name ?? '']));
  return evaluation.violations.filter(isUnserved).map((v) => ({
    id: v.customerId,
    name: names.get(v.customerId) ?? '',
    reason: v.message.replace(/^customer .*? is not served: /, ''),
    ...(v.figures ? { figures: v.figures } : {}),
  }));
}

/** How many customers of one reason the plan's panel lists before it counts the rest (not-served-list.tsx). */
export const SHOWN_PER_REASON = 30;

/** The customers left out for one reason, in the evaluator's order; each customer's own figures are its `figures`. */
export interface NotServedGroup {
  /** The reason they share (sharedReason), without any one customer's figures. */
  reason: string;
  customers: NotServed[];
}

/**
 * The customers left out, one group per reason, in the order each reason first comes: a day short of capacity leaves
 * dozens out for the same long reason, which is said once above their ids rather than once per customer, each with its
 * own figures (its demand) in its row.
 */
export function groupByReason(unserved: NotServed[]): NotServedGroup[] {
  const groups = new Map<string, NotServed[]>();
  for (const customer of unserved) {
    const reason = sharedReason(customer);
    const group = groups.get(reason);
    if (group) group.push(customer);
    else groups.set(reason, [customer]);
  }
  return [...groups].map(([reason, customers]) => ({ reason, customers }));
}

/** A reason's heading on the printed sheets (the browser's print and the PDF alike): the reason, and how many it leaves out. */
export function reasonHeading({ reason, customers }: NotServedGroup): string {
  return `${reason} · ${customers.length} customer${customers.length === 1 ? '' : 's'}`;
}
