/**
 * zod's findings as sentences a dispatcher can act on: "demand -1 is negative for customer 4: write 0 or more". The
 * schemas in domain.ts give the predicate and what to do ("is negative: write 0 or more"); this names the field, shows
 * the value and says whose it is. A finding
 * in zod's own words ("Too small: expected number to be >=0") is worded here from what it found, saying what is
 * allowed: "variant.alpha -1 is too small: it may be 0 or more". The one formatter wherever the API, the readers and
 * the model-folder check turn a schema's findings into messages.
 */
import type { z } from 'zod';
import { MAX_ID_CHARS } from './limits.js';

type Key = PropertyKey;

/** How fields are named in sentences; node fields read "x", "demand"..., instance fields read as below. */
const LABELS: Record<string, string> = {
  ready: 'ready time',
  due: 'due time',
  service: 'service time',
  capacity: 'vehicle capacity',
  vehicles: 'number of vehicles',
  speedKmh: 'travel speed',
  kind: 'coordinates kind',
};
const UNITS: Record<string, string> = { speedKmh: ' km/h' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const valueAt = (input: unknown, path: readonly Key[]): unknown =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<Key, unknown>)[key] : undefined), input);

/** Of a text longer than this, a message shows the start: a megabyte pasted into a name is not echoed back whole. */
const SHOWN_TEXT = 40;
export const clipped = (text: string): string => (text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT)}…` : text);

export const showValue = (v: unknown): string =>
  typeof v === 'string' ? `'${clipped(v)}'` : isRecord(v) || Array.isArray(v) ? clipped(JSON.stringify(v)) : String(v);

const pathText = (path: readonly Key[]): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');

/**
 * Where a finding is in a plan document: a route and a stop counted from 1, as a dispatcher counts them ("routes,
 * item 2, stop 3"), where a path would say "routes[1][2]"; its other fields by their paths ("fleet.vehicles").
 */
function planPlace(path: readonly Key[]): string {
  if (path[0] !== 'routes' || typeof path[1] !== 'number') return pathText(path);
  const stop = typeof path[2] === 'number' ? [`stop ${path[2] + 1}`] : [];
  return ['routes', `item ${path[1] + 1}`, ...stop].join(', ');
}

/** "customer 17" (or "customer #3" while its id is unusable), "depot D", or '' outside a node. */
function ownerOf(input: unknown, path: readonly Key[]): { owner: string; instance: unknown } {
  const at = path.findIndex((p) => p === 'customers' || p === 'depot');
  // The list of customers, or the depot itself ("depot is missing"), is not inside a node.
  const outside = at < 0 || (path[at] === 'customers' ? typeof path[at + 1] !== 'number' : at === path.length - 1);
  if (outside) return { owner: '', instance: valueAt(input, path) };
  const instance = valueAt(input, path.slice(0, at));
  const isCustomer = path[at] === 'customers';
  const node = valueAt(input, path.slice(0, isCustomer ? at + 2 : at + 1));
  // An id too long to be one (a pasted cell) names no one: the node is named by its place instead.
  const usable = (id: string) => id.trim() !== '' && id.length <= MAX_ID_CHARS;
  const id = isRecord(node) && (typeof node.id === 'string' || typeof node.id === 'number') && usable(String(node.id)) ? node.id : '';
  if (isCustomer) return { owner: id !== '' ? `customer ${id}` : `customer #${Number(path[at + 1]) + 1}`, instance };
  return { owner: id !== '' ? `depot ${id}` : 'the depot', instance };
}

function labelOf(key: Key | undefined, inNode: boolean, geo: boolean, whole: string): string {
  if (key === undefined) return whole;
  if (typeof key === 'number') return `item ${key + 1}`;
  if (inNode && geo && key === 'x') return 'longitude';
  if (inNode && geo && key === 'y') return 'latitude';
  if (!inNode && key === 'name') return 'instance name';
  if (key === 'instance') return 'the instance';
  return LABELS[String(key)] ?? String(key);
}

/**
 * Whether the field at `path` is an instance's, named as the dispatcher knows it ("vehicle capacity", "instance name"),
 * or another document's (a request's own fields, a model file's), named by its path ("variant.alpha", "seed").
 */
const inInstance = (path: readonly Key[], whole: string): boolean =>
  whole === 'the instance' || whole === 'the document' || (path[0] === 'instance' && whole !== 'the plan');

/** A value zod names in a finding (a bound, an allowed option), as a sentence shows it. */
const shown = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'bigint' ? v.toString() : showValue(v));

/** What zod's `expected` types read as. */
const TYPES: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'a text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/**
 * The predicate of a finding zod worded itself (its messages start in upper case, the schemas' own in lower case),
 * from what it found: what the value is, and what is allowed instead. Null for a finding a schema worded.
 */
function zodPredicate(issue: z.core.$ZodIssue): string | null {
  if (!/^[A-Z]/.test(issue.message)) return null;
  switch (issue.code) {
    case 'invalid_type':
      return `is not ${TYPES[issue.expected] ?? `a ${issue.expected}`}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `is not ${shown(issue.values[0])}` : `is not one of ${issue.values.map(shown).join(', ')}`;
    case 'too_small': {
      const n = shown(issue.minimum);
      if (issue.origin === 'string')
        return n === '1' ? 'is empty: it needs at least 1 character' : `is too short: it needs at least ${n} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `has too few items: it needs at least ${n}`;
      return `is too small: ${issue.inclusive === false ? `it must be more than ${n}` : `it may be ${n} or more`}`;
    }
    case 'too_big': {
      const n = shown(issue.maximum);
      if (issue.origin === 'string') return `is too long: it may have ${n} characters at most`;
      if (issue.origin === 'array' || issue.origin === 'set') return `has too many items: it may have ${n} at most`;
      return `is too large: ${issue.inclusive === false ? `it must be less than ${n}` : `it may be ${n} at most`}`;
    }
    case 'not_multiple_of':
      return `is not a multiple of ${shown(issue.divisor)}`;
    case 'invalid_format':
      return issue.format === 'regex' ? `is not in the form it must have (${issue.pattern})` : `is not a valid ${issue.format}`;
    case 'invalid_union':
      return 'matches none of the forms it may have';
    default:
      return 'is not valid';
  }
}

/** A value's cell in the user's file: the column as the file names it, and the cell as written. */
export interface QuotedCell {
  column: string;
  text: string;
}

/**
 * One sentence per finding; `whole` names the parsed value itself ("the instance", "the request", "the plan").
 * `cellAt`: the cell of the user's file a value was read from (the CSV import), which its sentence quotes as written,
 * under the column's own header, in place of the number read back: "column Menge: demand '-2,5' is negative …".
 */
export function describeIssues(
  error: z.ZodError,
  input: unknown,
  whole: string,
  cellAt?: (path: readonly Key[]) => QuotedCell | undefined,
): string[] {
  // One sentence for each field a strict object does not know.
  const sentences = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => unknownField(input, issue.path, key, whole)) : [sentence(issue)],
  );
  // A value can fail two checks with one message (-1.5 is neither whole nor positive).
  return [...new Set(sentences)];

  function sentence(issue: z.core.$ZodIssue): string {
    const { path, message } = issue;
    // A schema message that is already a sentence ("the instance has no customers").
    if (message.startsWith('the ')) return message;
    const value = valueAt(input, path);
    const { owner, instance } = ownerOf(input, path);
    const geo = isRecord(instance) && isRecord(instance.coordinates) && instance.coordinates.kind === 'geo';
    const key = path.at(-1);
    const place = whole === 'the plan' ? planPlace(path) : pathText(path);
    const label = owner !== '' || inInstance(path, whole) ? labelOf(key, owner !== '', geo, whole) : place || whole;
    const forOwner = owner ? ` for ${owner}` : '';
    if (value === undefined && issue.code === 'invalid_type') return `${label} is missing${forOwner}`;
    // The schemas' own predicates ("is negative") start in lower case; zod's findings are worded from what they found.
    const predicate = /^(is|are) /.test(message) ? message : zodPredicate(issue);
    if (predicate) {
      const unit = typeof key === 'string' ? (UNITS[key] ?? '') : '';
      const cell = path.length > 0 ? cellAt?.(path) : undefined;
      const at = cell ? ` '${clipped(cell.text)}'` : path.length > 0 ? ` ${showValue(value)}${unit}` : '';
      // Whose value it is goes with what is wrong, before what to do: "is negative for customer 3: write 0 or more".
      const cut = predicate.indexOf(': ');
      const [what, todo] = cut < 0 ? [predicate, ''] : [predicate.slice(0, cut), predicate.slice(cut)];
      return `${cell ? `column ${cell.column}: ` : ''}${label}${at} ${what}${forOwner}${todo}`;
    }
    return `${pathText(path) || whole}${owner ? ` (${owner})` : ''}: ${message}`;
  }
}

/** "openWithShift is not a field of customer 7 (at customers[2].openWithShift): …": refused, as it would be dropped unread. */
function unknownField(input: unknown, path: readonly Key[], key: string, whole: string): string {
  const { owner } = ownerOf(input, [...path, key]);
  const of = owner || (path.length > 0 ? labelOf(path.at(-1), false, false, whole) : whole);
  return `${clipped(key)} is not a field of ${of} (at ${pathText([...path, clipped(key)])}): it would be ignored; check its spelling, or leave it out`;
}
