import type { Evaluation, Instance } from './domain.js';

/** A customer the plan leaves out, as every export lists it: who, and why (the evaluator's reason). */
export interface NotServed {
  id: string;
  name: string;
  reason: string;
}

/** The customers an evaluated plan leaves out, in the evaluator's order, each with the reason without its "customer X is not served: " lead. */
export function notServed(instance: Instance, evaluation: Pick<Evaluation, 'violations'>): NotServed[] {
  const names = new Map(instance.customers.map((c) => [c.id, c.name ?? '']));
  return evaluation.violations.flatMap((v) =>
    v.kind === 'unserved' && v.customerId !== undefined
      ? [{ id: v.customerId, name: names.get(v.customerId) ?? '', reason: v.message.replace(/^customer .*? is not served: /, '') }]
      : [],
  );
}
