/**
 * THE typed contract between the renderer and the main process, used unchanged by the Electron preload (IPC)
 * and the web mode (HTTP + server-sent events). Requests are zod schemas so both transports validate what
 * arrives; responses and events are types. Add a call here and nowhere else: preload, renderer and the HTTP
 * router are built from `CALLS`.
 */
import {
  MAX_APP_TRAINING_SIZE,
  MAX_PRICE,
  MAX_SAMPLES,
  MAX_TIME_LIMIT_SEC,
  MIN_TIME_LIMIT_SEC,
  MAX_TRAINING_MINUTES,
  MIN_TRAINING_MINUTES,
  MIN_TRAINING_SIZE,
} from './limits.js';
import { z } from 'zod';
import type { AppErrorData } from './errors.js';
import { sheetsDocumentSchema } from './driver-sheet.js';
import {
  decodeStrategySchema,
  instanceSchema,
  methodNameSchema,
  penaltyShapeSchema,
  priceSchema,
  routesSchema,
  variantNameSchema,
  type Coordinates,
  type Evaluation,
  type Instance,
  type Routes,
  type Variant,
  type VariantName,
} from './domain.js';

// ---------- request schemas ----------
// Strict: a field the call does not know (a misspelling, "timeLimit" for timeLimitSec) is refused, never ignored.

/**
 * A price per minute early or late as a request gives it: at most MAX_PRICE, the bound of `jampr`'s --alpha and --beta
 * (docs/limits.md), so a plan's cost cannot overflow to infinity. Only requests are bounded: a plan stored with a larger
 * price is still read back (domain.ts `variantSchema`).
 */
const requestPriceSchema = priceSchema.max(
  MAX_PRICE,
  `is above ${MAX_PRICE.toLocaleString('en-US')}, the most a price per minute early or late may be`,
);

/**
 * A preset and the parameters it overrides. tw1 has no lateness price: a beta sent with it is refused, as `jampr`'s
 * --beta is, rather than dropped (the caller meant a price that would not apply).
 */
export const variantRequestSchema = z
  .strictObject({
    name: variantNameSchema,
    alpha: requestPriceSchema.optional(),
    beta: requestPriceSchema.optional(),
    penalty: penaltyShapeSchema.optional(),
  })
  .refine((v) => v.name !== 'tw1' || v.beta === undefined, {
    path: ['beta'],
    message: 'beta prices lateness, which hard windows (tw1) do not allow: drop it, or use tw2 or tw3',
  });
export type VariantRequest = z.infer<typeof variantRequestSchema>;

const id = z.number().int().positive();

export const planRequestSchema = z.strictObject({
  instanceId: id,
  variant: variantRequestSchema,
  method: methodNameSchema,
  decode: decodeStrategySchema.optional(),
  samples: z.number().int().min(1).max(MAX_SAMPLES).optional(),
  /** Seconds of local search after the model's plan ("JAMPR + LS"). */
  improveSec: z.number().min(0).max(MAX_TIME_LIMIT_SEC).optional(),
  /** Time limit of the classical solver. */
  timeLimitSec: z.number().min(MIN_TIME_LIMIT_SEC).max(MAX_TIME_LIMIT_SEC).optional(),
  seed: z.number().int().optional(),
  /** A stored model; default: the active model matching the variant and size. */
  modelId: id.optional(),
  /**
   * The caller's name for this run: its progress events carry it and `plans:cancel` with it stops this run only,
   * so windows (or browser tabs) planning at once see and cancel their own.
   */
  jobId: z.string().min(1).max(100).optional(),
  /**
   * The instance's `updatedAt` as the caller shows it: where it was saved or deleted elsewhere since, the plan is
   * refused ('conflict'), so a window never plans a version other than the one on its screen.
   */
  basedOn: z.string().optional(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

export const csvImportSchema = z.strictObject({
  fileName: z.string(),
  text: z.string(),
  vehicles: z.number().int().positive().optional(),
  capacity: z.number().positive().optional(),
  speedKmh: z.number().positive().optional(),
});

export const trainingRequestSchema = z
  .strictObject({
    variant: variantNameSchema,
    size: z.number().int().min(MIN_TRAINING_SIZE).max(MAX_APP_TRAINING_SIZE),
    /** Stored instances to learn from (perturbed copies); empty = the generator's distribution. */
    instanceIds: z.array(id),
    minutes: z.number().min(MIN_TRAINING_MINUTES).max(MAX_TRAINING_MINUTES),
    /** Start from this model, a JAMPR model of this policy (default: the model that plans this policy and size today). */
    fromModelId: id.optional(),
    /** Start from untrained weights instead (only when asked). */
    fromScratch: z.boolean().optional(),
    name: z.string().min(1).optional(),
  })
  // Both asked for: one would be ignored without a word.
  .refine((r) => !(r.fromScratch && r.fromModelId !== undefined), {
    path: ['fromScratch'],
    message: 'the request gives both fromScratch and fromModelId: a run starts from untrained weights or from a model, not both; drop one',
  });
export type TrainingRequest = z.infer<typeof trainingRequestSchema>;

// ---------- response types ----------

export interface InstanceSummary {
  id: number;
  name: string;
  customers: number;
  vehicles: number;
  capacity: number;
  /** What the plans' figures are measured in (renderer/units.ts): lat/lon and its speed, clock times. */
  coordinates?: Coordinates;
  clockTimes?: boolean;
  source: string | null;
  createdAt: string;
  updatedAt: string;
  plans: number;
}

export interface StoredInstance {
  id: number;
  instance: Instance;
  source: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CsvPreview {
  fileName: string;
  /** Field -> CSV header it was read from. */
  columns: Record<string, string>;
  rows: number;
  instance: Instance;
  /** Read as written, but perhaps not meant so (e.g. "7.30" in a file without HH:MM times): shown before importing. */
  warnings: string[];
}

export interface StoredPlan {
  id: number;
  instanceId: number;
  variant: Variant;
  method: string;
  modelName: string | null;
  routes: Routes;
  /** Scored against the instance as it is now (plans:get), whatever it was when the plan was made. */
  evaluation: Evaluation;
  seconds: number;
  /** What the method's effort field held (methods.ts: seconds of search, samples), where it has one. */
  effort?: number;
  /** Sampled plans were drawn and none beat the model's greedy plans: this plan is the best of those. */
  greedyKept?: true;
  /** Edited by hand: the id of the plan the edits were made on (which may have been deleted since). */
  editedFrom?: number;
  createdAt: string;
  /**
   * The instance was changed after the plan was made in a way that changes the plan's figures (a window, a stop,
   * the fleet): `evaluation` is the plan checked against today's data, not what it scored when it was made.
   */
  dataChanged?: boolean;
  /** Where `dataChanged`: the cost the plan had when it was made (shown beside today's). */
  plannedCost?: number;
  /** Made by Compare: the id of the plan it was compared with (the other policy's, same method and seed). */
  comparedWith?: number;
}

export type PlanSummary = Omit<StoredPlan, 'routes' | 'evaluation'> & {
  cost: number;
  vehicles: number;
  distance: number;
  late: number;
  feasible: boolean;
  /** Rules the plan breaks, customers left out apart (as `brokenText` words a plan's status). */
  broken: number;
  /** Customers the plan leaves out. */
  unserved: number;
};

export interface CustomerDiff {
  customerId: string;
  /** False where that plan leaves the customer out (its lateness and earliness are then 0). */
  servedA: boolean;
  servedB: boolean;
  /** Lateness / earliness in plan a and plan b. */
  lateA: number;
  lateB: number;
  earlyA: number;
  earlyB: number;
}

export interface Comparison {
  a: StoredPlan;
  b: StoredPlan;
  /** b minus a, per KPI. */
  delta: { cost: number; vehicles: number; distance: number; wait: number; early: number; late: number };
  /** Customers served late or early, or not served, in either plan; in the order of their ids. */
  customers: CustomerDiff[];
}

/** What the app shows of a model's card.json (the card on disk is `ModelCard` in src/main/jampr/card.ts). */
export interface ModelSummary {
  name: string;
  method: 'jampr' | 'am';
  variant: VariantName;
  size: number;
  recipe: string;
  instancesSeen: number;
  cpuSeconds: number;
  validationCost: number | null;
  createdAt: string;
  [extra: string]: unknown;
}

export interface ModelInfo {
  id: number;
  name: string;
  folder: string;
  card: ModelSummary;
  active: boolean;
  builtIn: boolean;
}

export interface LearningPoint {
  instancesSeen: number;
  elapsedSec: number;
  /** Null on a run's first point, drawn before its first step: the validation cost the run starts from. */
  meanCost: number | null;
  baselineCost: number | null;
  validationCost: number | null;
}

export type TrainingStatus = 'running' | 'done' | 'cancelled' | 'failed';

export interface TrainingRun {
  id: number;
  config: TrainingRequest;
  status: TrainingStatus;
  points: LearningPoint[];
  modelId: number | null;
  error: string | null;
  /** What happened to the new model: activated or not, and the held-out comparison that decided it. */
  verdict: string | null;
  /** The name of the model the run kept (null: none, or a run stored before names were kept); modelId is null once it is deleted. */
  keptModel: string | null;
  createdAt: string;
}

export interface AppInfo {
  version: string;
  backend: string;
  backendDetail: string;
  dbPath: string;
  transport: 'ipc' | 'http';
}

// ---------- the calls ----------

const empty = z.strictObject({});
const byId = z.strictObject({ id });

/** Every call: its request schema and (phantom) response type. Curried so the schema's type is inferred. */
const call =
  <Res>() =>
  <Req extends z.ZodType>(req: Req) => ({ req, res: undefined as unknown as Res });

const routesCheck = z.strictObject({ instanceId: id, variant: variantRequestSchema, routes: routesSchema });
/**
 * `fromPlan`: the stored plan of that instance the routes are hand edits of (another instance's is refused); customers
 * added to the instance after it are said to be.
 */
const editCheck = routesCheck.extend({ fromPlan: id.optional() });

export const CALLS = {
  'app:info': call<AppInfo>()(empty),
  'instances:list': call<InstanceSummary[]>()(empty),
  'instances:get': call<StoredInstance>()(byId),
  /** Create (no id) or update (id) an instance; validated by the routing core first. */
  /**
   * `basedOn`: the updatedAt of the stored instance the edits start from; the save is refused (kind 'conflict',
   * nothing stored) where it was saved or deleted elsewhere since, so one window never overwrites another's edits.
   */
  'instances:save': call<StoredInstance>()(z.strictObject({ id: id.optional(), basedOn: z.string().optional(), instance: instanceSchema })),
  /** Deletes the instance with its plans (`plans`: how many went with it). */
  'instances:delete': call<{ deleted: boolean; plans: number }>()(byId),
  /**
   * Every rule the instance breaks, as a save would list them, and, when it breaks none, the warnings (customers no
   * vehicle can reach in time); nothing is stored. The editor checks each edit with it, so a broken rule or a
   * customer out of reach shows in the row at once and the rules stay in one place (src/main/vrp/validate.ts).
   */
  'instances:validate': call<{ problems: string[]; warnings: string[] }>()(z.strictObject({ instance: z.unknown() })),
  /** Parses and validates a CSV without storing anything. */
  'instances:previewCsv': call<CsvPreview>()(csvImportSchema),
  /** Parses, validates and stores a CSV as a new instance: all or nothing. */
  'instances:importCsv': call<StoredInstance>()(csvImportSchema),
  /** The stored instance as CSV; with `instance`, that one instead (the editor's unsaved version, refused where it breaks a rule). */
  'instances:exportCsv': call<{ fileName: string; text: string }>()(z.strictObject({ id, instance: instanceSchema.optional() })),
  /** Plans with any method and stores the plan; progress arrives as 'plan:progress' events. */
  'plans:create': call<StoredPlan>()(planRequestSchema),
  /** Cancels the plan or comparison with that `jobId`; without one, every plan and comparison in progress. */
  'plans:cancel': call<{ cancelled: boolean }>()(z.strictObject({ jobId: z.string().min(1).max(100).optional() })),
  'plans:list': call<PlanSummary[]>()(z.strictObject({ instanceId: id })),
  'plans:get': call<StoredPlan>()(byId),
  'plans:delete': call<{ deleted: boolean }>()(byId),
  /** Scores edited routes in check mode: violations are returned, never thrown. */
  'plans:check': call<Evaluation>()(editCheck),
  /** Stores edited routes as a new plan (method "manual"). */
  'plans:saveEdited': call<StoredPlan>()(editCheck),
  /** A stored plan as CSV or JSON; with `routes`, its hand-edited routes (as on screen), scored as Check does. */
  'plans:export': call<{ fileName: string; text: string }>()(
    z.strictObject({ id, format: z.enum(['csv', 'json']), routes: routesSchema.optional() }),
  ),
  /** Driver sheets (one route's or all) as a PDF, laid out from the sheets the renderer shows; the file as base64. */
  'sheets:pdf': call<{ fileName: string; base64: string }>()(sheetsDocumentSchema),
  /** Two plans of one instance by exactly the same method request, under two policies. */
  'compare:variants': call<Comparison>()(
    planRequestSchema.omit({ variant: true }).extend({ a: variantRequestSchema, b: variantRequestSchema }),
  ),
  'models:list': call<ModelInfo[]>()(empty),
  'models:activate': call<ModelInfo>()(byId),
  /** Back to automatic model choice for a method and policy: no model is active, plans take the nearest trained size. */
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
  'plan:progress': { fraction: number; message: string; jobId?: string };
  /** A learning-curve point, or only what the run is doing where it trains no step (`phase`). */
  'training:progress': { runId: number; point?: LearningPoint; fraction: number; phase?: string };
  'training:finished': { run: TrainingRun };
  error: AppErrorData;
  /**
   * The web mode lost its event stream to the server (false: stopped or unreachable) or found it again (true). Raised
   * by the web mode's transport itself; the desktop app's main process never goes away under its window.
   */
  connection: { connected: boolean };
}
export type EventName = keyof ApiEvents;
export const EVENT_NAMES: EventName[] = ['plan:progress', 'training:progress', 'training:finished', 'error', 'connection'];

/** The API surface the renderer sees (window.api in Electron, an HTTP client in web mode). */
export interface Api {
  call<C extends CallName>(name: C, request: CallRequest<C>): Promise<CallResponse<C>>;
  on<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
}

/**
 * What a transport carries: each call answers with a CallResult, because a thrown error loses its kind on the
 * way through IPC. The Electron preload exposes exactly this as `window.api`; the renderer wraps a Bridge into
 * the `Api` above, which rejects with an AppError.
 */
export interface Bridge {
  call<C extends CallName>(name: C, request: CallRequest<C>): Promise<CallResult<CallResponse<C>>>;
  on<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
}
