/**
 * THE typed contract between the renderer and the main process, used unchanged by the Electron preload (IPC)
 * and the web mode (HTTP + server-sent events). Requests are zod schemas so both transports validate what
 * arrives; responses and events are types. Add a call here and nowhere else: preload, renderer and the HTTP
 * router are built from `CALLS`.
 */
import { z } from 'zod';
import type { AppErrorData } from './errors.js';
import { sheetsDocumentSchema } from './driver-sheet.js';
import { type Evaluation, sentInstanceSchema, sentRoutesSchema, variantNameSchema } from './domain.js';
import { idSchema as id, versionStampSchema } from './api-id.js';
import {
  type CsvPreview,
  csvImportSchema,
  type HistoryChanges,
  historyChangesSchema,
  type InstanceSummary,
  instanceSaveSchema,
  type StoredInstance,
} from './api-instances.js';
import type { DataChanged } from './api-changes.js';
import { type ModelInfo, type LearningPoint, type TrainingRun, trainingRequestSchema } from './api-models.js';
import {
  type Comparison,
  heldPlanAndDaySchema,
  heldPlanSchema,
  type PlannedPlan,
  type PlanSummary,
  planRequestSchema,
  type SavedEdit,
  type StoredPlan,
  variantRequestSchema,
} from './api-plans.js';

// The calls' requests and answers, by area; imported from here, the one contract. Every request schema is strict: a
// field the call does not know (a misspelling, "timeLimit" for timeLimitSec) is refused, never ignored.
export * from './api-changes.js';
export * from './api-instances.js';
export * from './api-models.js';
export * from './api-plans.js';

export interface AppInfo {
  version: string;
  backend: string;
  backendDetail: string;
  dbPath: string;
  transport: 'ipc' | 'http';
  /**
   * What the start has to say of the database, each a clause of its own (src/main/start-notices.ts): files set aside or
   * rescued beside it, for as long as they lie there. The window shows them, as the web mode's terminal does.
   */
  startNotes: string[];
}

// ---------- the calls ----------

const empty = z.strictObject({});
const byId = z.strictObject({ id });

/** Every call: its request schema and (phantom) response type. Curried so the schema's type is inferred. */
const call =
  <Res>() =>
  <Req extends z.ZodType>(req: Req) => ({ req, res: undefined as unknown as Res });

const routesCheck = z.strictObject({ instanceId: id, variant: variantRequestSchema, routes: sentRoutesSchema });
/**
 * `fromPlan`: the stored plan of that instance the routes are hand edits of (another instance's is refused); customers
 * added to the instance after it are said to be.
 */
const editCheck = routesCheck.extend({ fromPlan: id.optional() });
/**
 * `basedOn`: the instance's updatedAt the edits were made and scored on, as a plan request gives it: where the day was
 * saved or deleted elsewhere since, the edits are not saved ('conflict'), as a plan of that version is not made.
 */
const editSave = editCheck.extend({
  basedOn: versionStampSchema.optional(),
  /**
   * The plan the routes are hand edits of, as the window holds it, where it is no stored plan of `instanceId` (edits
   * kept with their day saved as a new day: their plan is the old day's, or went with it): what it says of the
   * customers it leaves out, and its routes, say which the edits took off by hand, as `fromPlan`'s would.
   */
  held: heldPlanSchema.optional(),
});
/** The files a plan exports as: the plan CSV (standard, or for Excel with decimal commas) and the plan JSON. */
export const planExportFormatSchema = z.enum(['csv', 'csv-decimal-comma', 'json']);
export type PlanExportFormat = z.infer<typeof planExportFormatSchema>;
/** The files a day's customers export as: the customer CSV, standard or for Excel with decimal commas (CsvDialect). */
export const instanceExportFormatSchema = z.enum(['csv', 'csv-decimal-comma']);
export type InstanceExportFormat = z.infer<typeof instanceExportFormatSchema>;
/**
 * How each export's file name ends, a plan's or a day's: the decimal-comma CSV has a name of its own, so that it
 * never lands on (or is taken for) the standard CSV of the same plan or day, which had the same name.
 */
export const EXPORT_ENDINGS: Record<PlanExportFormat, string> = {
  csv: '.csv',
  'csv-decimal-comma': '-decimal-comma.csv',
  json: '.json',
};

/**
 * Every call that names an instance or a plan by id answers alike where it names nothing stored: one deleted since (in
 * another window or tab) is refused as 'conflict', said to be deleted elsewhere; an id never stored as 'input'
 * (src/main/services/stored.ts).
 */
export const CALLS = {
  'app:info': call<AppInfo>()(empty),
  /** The history: every stored day, the last saved first (`historyOrder`, src/shared/history-changes.ts). */
  'instances:list': call<InstanceSummary[]>()(empty),
  /** The history's days changed since an earlier answer's `seq`, or all of them (HistoryChanges): what the windows keep theirs by. */
  'instances:changes': call<HistoryChanges>()(historyChangesSchema),
  'instances:get': call<StoredInstance>()(byId),
  /** Create (no id) or update (id) an instance, where it was not changed elsewhere since `basedOn`; validated by the routing core first. */
  'instances:save': call<StoredInstance>()(instanceSaveSchema),
  /**
   * Deletes the instance with its plans (`plans`: how many went with it). One deleted already (elsewhere, or by this
   * call repeated) answers `deleted: false`; an id no instance ever had is refused, as `instances:get` refuses it.
   */
  'instances:delete': call<{ deleted: boolean; plans: number }>()(byId),
  /**
   * Every rule the instance breaks, as a save would list them, and beside them the warnings (customers no vehicle can
   * reach in time, or whose order no vehicle carries), which stop no save; nothing is stored. The editor checks each
   * edit with it, so a broken rule or a customer out of reach shows in its row at once, each beside the others, and
   * the rules stay in one place (src/main/vrp/validate.ts).
   */
  'instances:validate': call<{ problems: string[]; warnings: string[] }>()(z.strictObject({ instance: z.unknown() })),
  /** Parses and validates a CSV without storing anything. */
  'instances:previewCsv': call<CsvPreview>()(csvImportSchema),
  /** Parses, validates and stores a CSV as a new instance: all or nothing. */
  'instances:importCsv': call<StoredInstance>()(csvImportSchema),
  /**
   * The stored instance as CSV; with `instance`, that one instead (the editor's unsaved version, refused where it breaks
   * a rule). `csv-decimal-comma`: for Excel in a language that writes decimals with a comma, as the plan CSV's.
   */
  'instances:exportCsv': call<{ fileName: string; text: string }>()(
    z.strictObject({ id, instance: sentInstanceSchema.optional(), format: instanceExportFormatSchema.optional() }),
  ),
  /**
   * Plans with any method and stores the plan; progress arrives as 'plan:progress' events. A day deleted elsewhere
   * while it was planned does not lose the plan: it is stored with a copy of the day as planned, and said (`dayDeleted`).
   */
  'plans:create': call<PlannedPlan>()(planRequestSchema),
  /** Cancels the plan or comparison with that `jobId`; without one, every plan and comparison in progress. */
  'plans:cancel': call<{ cancelled: boolean }>()(z.strictObject({ jobId: z.string().min(1).max(100).optional() })),
  'plans:list': call<PlanSummary[]>()(z.strictObject({ instanceId: id })),
  'plans:get': call<StoredPlan>()(byId),
  /** As instances:delete: one deleted already answers `deleted: false`; an id no plan ever had is refused. */
  'plans:delete': call<{ deleted: boolean }>()(byId),
  /** Scores edited routes in check mode: violations are returned, never thrown. */
  'plans:check': call<Evaluation>()(editCheck),
  /**
   * Stores edited routes as a new plan (method "manual"). Where `fromPlan` was deleted elsewhere since, the edits are
   * kept all the same, as a plan of their day, and the answer says so (`sourceDeleted`).
   */
  'plans:saveEdited': call<SavedEdit>()(editSave),
  /**
   * A plan a window holds (`plan`, the stored plan `id` as shown), stored as a plan of `instanceId`: the day on screen
   * just kept as a new day, its own day having been deleted or saved over in another window. Where plan `id` is still
   * stored, the copy is made from it (the routes sent must be its routes): made, named, timed and scored as it was. Where
   * it was deleted, the copy is made from `plan`: its method must be one plans are made with here, with a model of its
   * kind where it names one registered here (one deleted since is taken by its name), and the copy says it is `unverified`; its figures are made by the evaluator on `madeOn`, the day the window showed the plan
   * with. Either way, where the new day plans otherwise (stored with unsaved changes), the plan is out of date there.
   */
  'plans:keep': call<StoredPlan>()(
    z.strictObject({ instanceId: id, basedOn: versionStampSchema.optional(), id, plan: heldPlanSchema, madeOn: sentInstanceSchema }),
  ),
  /**
   * A stored plan as CSV or JSON; with `routes`, its hand-edited routes (as on screen), scored as Check does, on the
   * day `instanceId` (the plan's: another day's is refused) under `variant` (default: the plan's). Where the plan was
   * deleted elsewhere since, the edits are exported from these alone. `dayUnsaved`: the day on screen has changes not
   * saved yet, which the plan's figures do not include: the file says it is out of date, as the driver sheets do
   * (changedSincePlanned, as for a plan whose day was saved with changes since). `csv-decimal-comma`: the plan CSV for
   * Excel in a language that writes decimals with a comma (`;` between columns, `12,5`: CsvDialect). `held`: the plan
   * and its day as the window holds them: where the stored ones were deleted elsewhere since, the file is made from these.
   */
  'plans:export': call<{ fileName: string; text: string }>()(
    z
      .strictObject({
        id,
        format: planExportFormatSchema,
        routes: sentRoutesSchema.optional(),
        instanceId: id.optional(),
        variant: variantRequestSchema.optional(),
        dayUnsaved: z.boolean().optional(),
        held: heldPlanAndDaySchema.optional(),
      })
      // Alone they would be ignored: a stored plan is exported on its own day under its own policy.
      .refine((r) => r.routes !== undefined || (r.instanceId === undefined && r.variant === undefined), {
        path: ['routes'],
        message: 'instanceId and variant name the day and policy of edited routes: send them with routes, or leave them out',
      }),
  ),
  /**
   * Driver sheets (one route's or all) as a PDF, laid out from the sheets the renderer shows; the file as base64, and
   * the stops whose name or address holds characters the PDF's font cannot print (printed as U+FFFD marks).
   */
  'sheets:pdf': call<{ fileName: string; base64: string; unprintable: { id: string; name: string }[] }>()(sheetsDocumentSchema),
  /** Two plans of one instance by exactly the same method request, under two policies. */
  'compare:variants': call<Comparison>()(
    planRequestSchema.omit({ variant: true }).extend({ a: variantRequestSchema, b: variantRequestSchema }),
  ),
  /**
   * The day's latest comparison, from its stored plans (the newest pair that name each other, `comparedWith`; A is the
   * one planned first), each checked against the day as it is now as `plans:get` does; null where the day has none
   * whole (never compared, or one side deleted). Plans nothing: the Compare tab shows it after a reload.
   */
  'compare:latest': call<Comparison | null>()(z.strictObject({ instanceId: id })),
  'models:list': call<ModelInfo[]>()(empty),
  /**
   * The dispatcher's choice: the model plans every size of its policy (`activeFor: 'all'`), no other model of the policy
   * staying active. A retraining run's verdict activates its model for the size bands it was judged on only
   * (src/shared/model-choice.ts), which the model active there gives up: one activated by hand is then active for the
   * policy's other bands (`activeFor: [50]`).
   */
  'models:activate': call<ModelInfo>()(byId),
  /** Back to automatic model choice for a method and policy: no model is active, each day takes the shipped model nearest in size. */
  'models:automatic': call<ModelInfo[]>()(z.strictObject({ method: z.enum(['jampr', 'am']), variant: variantNameSchema })),
  /**
   * Removes a model trained or imported here (a shipped one is refused); an active one leaves its policy to the
   * automatic choice. A folder the app trained into is deleted with it; an imported folder stays where it is.
   */
  'models:delete': call<ModelInfo[]>()(byId),
  /** Registers a checkpoint folder on disk as a model. */
  'models:import': call<ModelInfo>()(z.strictObject({ folder: z.string().min(1) })),
  'training:start': call<TrainingRun>()(trainingRequestSchema),
  'training:cancel': call<TrainingRun>()(byId),
  'training:status': call<TrainingRun>()(byId),
  'training:list': call<TrainingRun[]>()(empty),
} as const;

export type CallName = keyof typeof CALLS;
export type CallRequest<C extends CallName> = z.input<(typeof CALLS)[C]['req']>;
export type CallResponse<C extends CallName> = (typeof CALLS)[C]['res'];
export const CALL_NAMES = Object.keys(CALLS) as CallName[];
export const isCallName = (name: string): name is CallName => Object.hasOwn(CALLS, name);

/** What crosses a transport for every call: a value or an error as data, never a thrown exception. */
export type CallResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

// ---------- events (main -> renderer) ----------

export interface ApiEvents {
  /** `indeterminate`: no share of the work can be told yet (jobs/protocol.ts, Progress); the message says what goes on. */
  'plan:progress': { fraction: number; message: string; indeterminate?: boolean; jobId?: string };
  /** A learning-curve point, or only what the run is doing where it trains no step (`phase`). */
  'training:progress': { runId: number; point?: LearningPoint; fraction: number; phase?: string };
  'training:finished': { run: TrainingRun };
  /** Stored data a call changed (api-changes.ts): every window and tab hears it, the one that made it included. */
  'data:changed': DataChanged;
  error: AppErrorData;
  /**
   * The web mode lost its event stream to the server (false: stopped or unreachable) or found it again (true). Raised
   * by the web mode's transport itself; the desktop app's main process never goes away under its window.
   */
  connection: { connected: boolean };
}
export type EventName = keyof ApiEvents;
export const EVENT_NAMES: EventName[] = ['plan:progress', 'training:progress', 'training:finished', 'data:changed', 'error', 'connection'];

/** The API surface the renderer sees (window.api in Electron, an HTTP client in web mode). */
export interface Api {
  /** This window's id, sent with its calls: the changes it made itself come back with it as `by` ('data:changed'). */
  readonly windowId: string;
  call<C extends CallName>(name: C, request: CallRequest<C>): Promise<CallResponse<C>>;
  on<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
}

/**
 * What a transport carries: each call answers with a CallResult, because a thrown error loses its kind on the
 * way through IPC. The Electron preload exposes exactly this as `window.api`; the renderer wraps a Bridge into
 * the `Api` above, which rejects with an AppError.
 */
export interface Bridge {
  /** Sent with every call (api-changes.ts). */
  readonly windowId: string;
  call<C extends CallName>(name: C, request: CallRequest<C>): Promise<CallResult<CallResponse<C>>>;
  on<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
}
