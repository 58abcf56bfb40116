/**
 * The planning methods, one row each, as the app's method selector, the compare view and `jampr bench` offer
 * them, and how each becomes the method part of a plan request. Rows are named like the paper's table rows.
 */
import type { PlanRequest } from './api.js';
import type { DecodeStrategy, MethodName } from './domain.js';

export type MethodChoice = 'jampr-greedy' | 'jampr-sample' | 'jampr-ls' | 'am-greedy' | 'am-sample' | 'classical' | 'random';

/** The one number a method's effort is measured in, and the request field it goes to. */
export interface Effort {
  field: 'samples' | 'improveSec' | 'timeLimitSec';
  label: string;
  min: number;
  max: number;
  step: number;
  /** What the app starts with (`jampr bench` has its own flags: --samples, --improve, --time-limit). */
  default: number;
}

export interface MethodOption {
  id: MethodChoice;
  label: string;
  method: MethodName;
  decode?: DecodeStrategy;
  effort?: Effort;
}

const SAMPLES: Effort = { field: 'samples', label: 'samples', min: 1, max: 1280, step: 1, default: 128 };

export const METHOD_OPTIONS: readonly MethodOption[] = [
  { id: 'jampr-greedy', label: 'JAMPR greedy', method: 'jampr', decode: 'greedy' },
  { id: 'jampr-sample', label: 'JAMPR sampling', method: 'jampr', decode: 'sample', effort: SAMPLES },
  {
    id: 'jampr-ls',
    label: 'JAMPR + local search',
    method: 'jampr',
    decode: 'greedy',
    effort: { field: 'improveSec', label: 'LS seconds', min: 0.5, max: 120, step: 0.5, default: 5 },
  },
  { id: 'am-greedy', label: 'AM+TW', method: 'am', decode: 'greedy' },
  { id: 'am-sample', label: 'AM+TW sampling', method: 'am', decode: 'sample', effort: SAMPLES },
  {
    id: 'classical',
    label: 'Classical (construction + LS)',
    method: 'classical',
    effort: { field: 'timeLimitSec', label: 'seconds', min: 0.1, max: 120, step: 0.1, default: 2 },
  },
  { id: 'random', label: 'Random (baseline)', method: 'random' },
];

export const isMethodChoice = (id: string): id is MethodChoice => METHOD_OPTIONS.some((m) => m.id === id);

export function methodOption(id: MethodChoice): MethodOption {
  const option = METHOD_OPTIONS.find((m) => m.id === id);
  if (!option) throw new Error(`unknown method ${id}`);
  return option;
}

/**
 * Which methods read each method-specific field of a plan request. A field sent with another method is refused
 * (the API and `jampr plan`'s flags alike) rather than silently ignored: "--samples 500" with the classical solver
 * would otherwise plan as if it had not been asked.
 */
export const FIELD_METHODS = {
  decode: ['jampr', 'am'],
  samples: ['jampr', 'am', 'random'],
  improveSec: ['jampr', 'am'],
  timeLimitSec: ['classical'],
  modelId: ['jampr', 'am'],
} as const satisfies Partial<Record<keyof PlanRequest, readonly MethodName[]>>;

export type MethodField = keyof typeof FIELD_METHODS;

/** The method-specific fields set in `request` that `method` does not read, with the methods that do. */
export function unreadFields(
  method: MethodName,
  request: Partial<Record<MethodField, unknown>>,
): { field: MethodField; readBy: readonly MethodName[] }[] {
  return (Object.keys(FIELD_METHODS) as MethodField[])
    .filter((field) => request[field] !== undefined && !(FIELD_METHODS[field] as readonly MethodName[]).includes(method))
    .map((field) => ({ field, readBy: FIELD_METHODS[field] }));
}

export type MethodRequest = Pick<PlanRequest, 'method' | 'decode' | 'samples' | 'improveSec' | 'timeLimitSec'>;

/** The request part that depends on the method; `effort` is the number in the method's effort field, if it has one. */
export function methodRequest(choice: MethodChoice, effort?: number): MethodRequest {
  const { method, decode, effort: measure } = methodOption(choice);
  const request: MethodRequest = decode ? { method, decode } : { method };
  if (!measure) return request;
  const value = effort ?? measure.default;
  return { ...request, [measure.field]: measure.field === 'samples' ? Math.max(1, Math.round(value)) : value };
}

/** A stored plan's method string as a readable label ("jampr+ls" is JAMPR improved by local search; "manual"). */
export function describeMethod(method: string): string {
  const known: Record<string, string> = {
    jampr: 'JAMPR',
    'jampr+ls': 'JAMPR + local search',
    am: 'AM+TW',
    'am+ls': 'AM+TW + local search',
    classical: 'Classical',
    random: 'Random',
    manual: 'Edited by hand',
  };
  return known[method] ?? method;
}
