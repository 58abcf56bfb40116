import type { StoredPlan } from '../../shared/api.js';
import type { Instance, Routes } from '../../shared/domain.js';
import { inputError } from '../../shared/errors.js';
import { customersKnownTo } from '../../shared/not-served.js';
import { someOf } from '../../shared/some-of.js';

/**
 * Hand-edited routes as they are kept (a saved edit) or exported: a customer deleted from the instance since the plan
 * they are edits of (`from`) was made is dropped, as the editor no longer shows it; an id neither the instance nor that
 * plan ever had is a typo or another day's customer, and is refused rather than silently left out of the plan. A
 * route emptied by hand keeps its place, so the routes keep the numbers the sheets printed before; empty routes at the
 * end number nothing and are dropped.
 */
export function editedRoutes(instance: Instance, routes: Routes, from: StoredPlan | null): Routes {
  const now = new Set(instance.customers.map((c) => c.id));
  const before = from ? customersKnownTo(from) : new Set<string>();
  const never = [...new Set(routes.flat().filter((id) => !now.has(id) && !before.has(id)))];
  if (never.length > 0) {
    const which = from ? `“${instance.name}” has no such customer, nor had plan ${from.id}` : `“${instance.name}” has no such customer`;
    throw inputError(
      `the edited routes name ${never.length === 1 ? 'customer' : `${never.length} customers`} ${someOf(never, 5)}: ${which}; take ${never.length === 1 ? 'it' : 'them'} off the routes`,
    );
  }
  const kept = routes.map((r) => r.filter((id) => now.has(id)));
  while (kept.length > 0 && kept[kept.length - 1].length === 0) kept.pop();
  return kept;
}
