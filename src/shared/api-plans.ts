/**
 * The planning calls' side of the API contract (api.ts): what a plan, an edit check and a comparison request, and the
 * plans they answer with.
 */
import { z } from 'zod';
import { MAX_CUSTOMERS, MAX_MODEL_NAME_CHARS, MAX_PRICE, MAX_SAMPLES, MAX_SEED, MAX_TIME_LIMIT_SEC, MIN_TIME_LIMIT_SEC } from './limits.js';
import {
  decodeStrategySchema,
  type Evaluation,
  methodNameSchema,
  penaltyShapeSchema,
  priceSchema,
  type Routes,
  sentInstanceSchema,
  sentId,
  sentRoutesSchema,
  type Variant,
  variantNameSchema,
} from './domain.js';
import { idSchema as id, versionStampSchema } from './api-id.js';
import { messageNumber } from './number-text.js';

/**
 * A price per minute early or late as a request gives it: at most MAX_PRICE, the bound of `jampr`'s --alpha and --beta
 * (docs/limits.md), so a plan's cost cannot overflow to infinity. Only requests are bounded: a plan stored with a larger
 * price is still read back (domain.ts `variantSchema`).
 */
const requestPriceSchema = priceSchema.max(
  MAX_PRICE,
  `is above ${messageNumber(MAX_PRICE)}, the most a price per minute early or late may be`,
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

export const planRequestSchema = z.strictObject({
  instanceId: id,
  variant: variantRequestSchema,
  method: methodNameSchema,
  decode: decodeStrategySchema.optional(),
  samples: z.number().int().min(1).max(MAX_SAMPLES).optional(),
  /** Seconds of local search after the model's plan ("JAMPR + LS"). */
  improveSec: z.number().min(0).max(MAX_TIME_LIMIT_SEC).optional(),
  /** Time limit of the classical solver's search and of the random baseline's draws (default 5 s each). */
  timeLimitSec: z.number().min(MIN_TIME_LIMIT_SEC).max(MAX_TIME_LIMIT_SEC).optional(),
  /** 0 to MAX_SEED, as `jampr --seed` takes it (SEED_FLAG_BOUNDS, src/cli/args.ts). */
  seed: z.number().int().min(0).max(MAX_SEED).optional(),
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
  basedOn: versionStampSchema.optional(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

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
  /**
   * The time limit ended before the method could do its work: the local search had not improved the plan as far as
   * it goes, or the random baseline had not drawn all its plans; a longer limit gives a better plan (in words:
   * cutShortNote in methods.ts, which the plan's last progress event also says).
   */
  cutShort?: true;
  /** Edited by hand: the id of the plan the edits were made on (which may have been deleted since). */
  editedFrom?: number;
  /**
   * Kept from a window (plans:keep): the id of the plan it is a copy of, which was shown there with its day when that
   * day was deleted or saved over in another window (the plan itself may have been deleted since).
   */
  keptFrom?: number;
  /**
   * Kept from a window after the plan it is a copy of (`keptFrom`) was deleted: how it was made (its method and model,
   * its planning time and effort, whether a time limit cut it short, which customers were taken off its routes by hand)
   * is as that window said; its method and model were checked to be ones plans are made with here, but none of it could
   * be checked against the plan itself. Its figures are the evaluator's, as every plan's.
   */
  unverified?: true;
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

/**
 * Which side of its comparison a plan made by Compare is: A is planned, and so stored, first (the lower id); null for a
 * plan Compare did not make. The one rule for the history's label and the comparison read back from the store.
 */
export const comparisonSide = ({ id, comparedWith }: Pick<StoredPlan, 'id' | 'comparedWith'>): 'A' | 'B' | null =>
  comparedWith === undefined ? null : comparedWith > id ? 'A' : 'B';

/**
 * A plan as the window that shows it holds it, sent where the stored plan may be gone (deleted in another window, with
 * its day or alone): what made it, and its routes. Its figures are never taken from the window: they are made again
 * from the routes, on the day they are kept or exported on. `dataChanged`: on screen, it was already out of date.
 * `takenOff`, `addedAfter`: the reasons the evaluator cannot give for customers it leaves out (not-served.ts).
 */
export const heldPlanSchema = z.strictObject({
  variant: variantRequestSchema,
  // As the store names methods: "classical", "jampr-greedy+ls", "jampr-sample1280", "manual".
  method: z
    .string()
    .max(100)
    .regex(/^[a-z][a-z0-9+.-]*$/, 'is not a method name as plans are stored with ("classical", "jampr-greedy+ls")'),
  modelName: z.string().min(1).max(MAX_MODEL_NAME_CHARS).nullable(),
  routes: sentRoutesSchema,
  seconds: z.number().min(0).max(1e9),
  effort: z.number().min(0).max(MAX_SAMPLES).optional(),
  greedyKept: z.literal(true).optional(),
  cutShort: z.literal(true).optional(),
  dataChanged: z.boolean().optional(),
  /** The customers the plan leaves out because the dispatcher took them off its routes by hand, as the plan says. */
  takenOff: z.array(sentId).max(MAX_CUSTOMERS).optional(),
  /** The customers the plan leaves out because they were added to the day after it was made, as the plan says. */
  addedAfter: z.array(sentId).max(MAX_CUSTOMERS).optional(),
});
export type HeldPlan = z.infer<typeof heldPlanSchema>;

/**
 * The plan on screen and the day it is shown with (the stored version this window opened, not its unsaved edits), as
 * the window holds them: plans:export makes its file from these where they were deleted elsewhere since.
 */
export const heldPlanAndDaySchema = z.strictObject({ plan: heldPlanSchema, day: sentInstanceSchema });

/**
 * What plans:create answers: the plan stored. `dayDeleted`, in words: its day was deleted in another window while it
 * was planned, so the plan was stored with a copy of the day as it was planned (the plan's `instanceId`).
 */
export type PlannedPlan = StoredPlan & { dayDeleted?: string };

/** What plans:saveEdited answers: the plan stored. */
export type SavedEdit = StoredPlan & {
  /** In words, where the plan the edits were made on (`editedFrom`) had been deleted elsewhere when they were saved. */
  sourceDeleted?: string;
};

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
