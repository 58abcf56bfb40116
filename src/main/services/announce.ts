/**
 * Which calls change stored data, and how each change is announced ('data:changed', src/shared/api-changes.ts): the
 * one list, read from a call's request and its answer once it succeeded, so that no service has to remember to tell
 * the other windows. A call that failed changed nothing, and one that changed nothing (a delete repeated) says nothing.
 */
import type { CallName, CallResponse, DataChange, StoredInstance, StoredPlan } from '../../shared/api.js';
import type { ParsedRequest as Request } from './registry.js';

type Announcers = { [C in CallName]?: (request: Request<C>, answer: CallResponse<C>) => DataChange[] };

const daySaved = (day: StoredInstance): DataChange => ({
  what: 'instance-saved',
  id: day.id,
  name: day.instance.name,
  updatedAt: day.updatedAt,
});
const planSaved = (plan: StoredPlan): DataChange => ({ what: 'plan-saved', id: plan.id, instanceId: plan.instanceId });
const modelsChanged = (): DataChange[] => [{ what: 'models-changed' }];

const ANNOUNCED: Announcers = {
  'instances:save': (_, day) => [daySaved(day)],
  'instances:importCsv': (_, day) => [daySaved(day)],
  'instances:delete': ({ id }, { deleted, plans }) => (deleted ? [{ what: 'instance-deleted', id, plans }] : []),
  'plans:create': (_, plan) => [planSaved(plan)],
  'plans:saveEdited': (_, plan) => [planSaved(plan)],
  'plans:keep': (_, plan) => [planSaved(plan)],
  'compare:variants': (_, { a, b }) => [planSaved(a), planSaved(b)],
  'plans:delete': ({ id }, { deleted }) => (deleted ? [{ what: 'plan-deleted', id }] : []),
  'models:activate': modelsChanged,
  'models:automatic': modelsChanged,
  'models:import': modelsChanged,
  'models:delete': modelsChanged,
  'training:start': (_, run) => [{ what: 'training-started', id: run.id }],
};

/** The changes a call that succeeded made (none for a call that only reads). */
export function changesMadeBy<C extends CallName>(name: C, request: Request<C>, answer: CallResponse<C>): DataChange[] {
  const announcer = ANNOUNCED[name] as ((request: Request<C>, answer: CallResponse<C>) => DataChange[]) | undefined;
  return announcer ? announcer(request, answer) : [];
}
