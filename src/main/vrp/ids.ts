import type { Instance } from '../../shared/domain.js';

/**
 * The rules on a day's ids. Two stops under one id are a problem (a plan, an export, a driver's sheet could not tell
 * them apart), and so are ids a CSV file would make one (it trims every cell). Ids that differ only by letter case
 * ("K004", "k004") are a warning: the planner keeps them apart, but a spreadsheet's lookup, a driver or a dispatcher
 * reading the sheet takes them for one order; they may be two stops all the same, so both stay.
 */

/** Ids as a CSV file gives them back: its reader trims every cell, so 'C01 ' in the day's export is read as 'C01'. */
const asReadBack = (id: string): string => id.trim();

const listed = (ids: readonly string[]): string => {
  const quoted = ids.map((id) => `'${id}'`);
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
};

export function checkIds(instance: Instance, problems: string[]): void {
  const count = new Map<string, number>();
  for (const { id } of instance.customers) count.set(id, (count.get(id) ?? 0) + 1);
  const depotId = instance.depot.id;
  const readBack = new Map<string, string[]>();
  for (const [id, n] of count) {
    if (n > 1) problems.push(`duplicate id: customer ${id} appears ${n} times: give each stop its own id`);
    if (id === depotId) problems.push(`duplicate id: customer ${id} has the depot's id: give the customer an id of its own`);
    else if (asReadBack(id) === asReadBack(depotId))
      problems.push(
        `duplicate id: customer '${id}' differs from the depot's id '${depotId}' only by spaces at their ends, which a CSV file does not keep: rename it`,
      );
    readBack.set(asReadBack(id), [...(readBack.get(asReadBack(id)) ?? []), id]);
  }
  for (const ids of readBack.values()) {
    if (ids.length < 2) continue;
    problems.push(
      `duplicate id: customer ids ${listed(ids)} differ only by spaces at their ends, which a CSV file does not keep: rename all but one`,
    );
  }
}

const CASE_TWINS = ' differ only by letter case';

/**
 * The warning for each set of customer ids that differ only by letter case ("customer ids 'K004' and 'k004' differ
 * only by letter case …"), each id named once in the order of the list; customer ids that differ from the depot's id
 * only by letter case are told with it ("customer id 'dep' and the depot's id 'DEP' …"): a driver's sheet or a
 * spreadsheet takes such a stop for the depot. Ids that are one as a CSV reads them back (the depot's among them) are
 * the problems' (checkIds), not told again here.
 */
export function caseTwinWarnings(instance: Instance): string[] {
  const depotId = asReadBack(instance.depot.id);
  const byFolded = new Map<string, Set<string>>();
  for (const { id } of instance.customers) {
    const folded = asReadBack(id).toLowerCase();
    byFolded.set(folded, (byFolded.get(folded) ?? new Set()).add(id));
  }
  return [...byFolded].flatMap(([folded, set]) => {
    const ids = [...set];
    const depotTwins = folded === depotId.toLowerCase() ? ids.filter((id) => asReadBack(id) !== depotId) : [];
    if (depotTwins.length > 0) {
      const [which, whose] = depotTwins.length > 1 ? ['customer ids', 'each customer'] : ['customer id', 'the customer'];
      const named = depotTwins.map((id) => `'${id}'`).join(', ');
      return [
        `${which} ${named} and the depot's id '${instance.depot.id}'${CASE_TWINS}, which a spreadsheet or a driver takes for the depot: give ${whose} an id of its own`,
      ];
    }
    if (new Set(ids.map(asReadBack)).size < 2) return [];
    return [
      `customer ids ${listed(ids)}${CASE_TWINS}, which a spreadsheet or a driver takes for one order: if they are different stops, rename one; if one order entered twice, remove one`,
    ];
  });
}

/**
 * The customer ids a case-twin warning names (caseTwinWarnings), for the CSV import to put it on their rows; null for any other
 * message.
 */
export function caseTwinIds(message: string, knownIds: Iterable<string>): string[] | null {
  if (!/^customer ids? /.test(message) || !message.includes(`'${CASE_TWINS},`)) return null;
  const named = message.slice(0, message.indexOf(`'${CASE_TWINS},`) + 1);
  return [...knownIds].filter((id) => named.includes(`'${id}'`));
}
