import { AppError } from '../../../shared/errors.js';

/**
 * The model's shape (docs/model.md, "The network"; choices in docs/decisions.md). The defaults are the paper's dimensions; tests use
 * smaller ones. `kind` picks JAMPR or the AM+TW baseline, which share the node encoder.
 */
export type ModelKind = 'jampr' | 'am';
/** 'depot-mean': mean of g_s over the tour plus the depot (product default); 'paper': (1/L)·Σ over the tour. */
export type TourAggregation = 'depot-mean' | 'paper';

export interface ModelConfig {
  kind: ModelKind;
  /** d: node embedding width; a vehicle embedding is [g_v ; tour] with d/2 each. */
  embedDim: number;
  encoderLayers: number;
  encoderHeads: number;
  feedForwardDim: number;
  decoderDim: number;
  decoderHeads: number;
  /** C in logit = C·tanh(·). */
  clip: number;
  /** (Q−ℓ)/Q as a 6th vehicle feature (the product's deviation from the paper). */
  loadFeature: boolean;
  /**
   * A vehicle feature saying how much of the fleet's remaining capacity the remaining demand needs: what a
   * dispatcher's fixed fleet adds to the paper's world, where K = N and the fleet never runs short.
   * Checkpoints written before it existed load with it off.
   */
  fleetFeature: boolean;
  /**
   * Each stop's service time as a 6th node feature (in the model frame, /100 like the coordinates): the paper's
   * generator gives every stop the same service, a dispatcher's stops take 3 to 60 minutes. Checkpoints written
   * before it existed load with it off; training them adds it with zero weight.
   */
  serviceFeature: boolean;
  /**
   * A learned linear term on each action's travel, early arrival, lateness and slack (pair-features.ts) added to
   * its logit. Checkpoints written before it existed load with it off; training them adds it with zero weight.
   */
  pairBias: boolean;
  tourAggregation: TourAggregation;
  /** L of the paper's tour aggregation: the training N. */
  tourLength: number;
}

export const DEFAULT_MODEL_CONFIG: ModelConfig = {
  kind: 'jampr',
  embedDim: 128,
  encoderLayers: 3,
  encoderHeads: 8,
  feedForwardDim: 512,
  decoderDim: 256,
  decoderHeads: 8,
  clip: 10,
  loadFeature: true,
  fleetFeature: true,
  serviceFeature: true,
  pairBias: true,
  tourAggregation: 'depot-mean',
  tourLength: 20,
};

export function modelConfig(overrides: Partial<ModelConfig> = {}): ModelConfig {
  const config = { ...DEFAULT_MODEL_CONFIG, ...overrides };
  const problems = configProblems(config);
  if (problems.length) throw new AppError('model', 'invalid model configuration', problems);
  return config;
}

function configProblems(c: ModelConfig): string[] {
  const out: string[] = [];
  const positiveInt = (v: number) => Number.isInteger(v) && v > 0;
  for (const key of ['embedDim', 'encoderLayers', 'encoderHeads', 'feedForwardDim', 'decoderDim', 'decoderHeads', 'tourLength'] as const) {
    if (!positiveInt(c[key])) out.push(`${key} must be a positive integer, got ${c[key]}`);
  }
  if (c.embedDim % 2 !== 0) out.push(`embedDim must be even (a vehicle embedding is two halves), got ${c.embedDim}`);
  if (c.embedDim % c.encoderHeads !== 0) out.push(`embedDim ${c.embedDim} is not divisible by encoderHeads ${c.encoderHeads}`);
  if (c.decoderDim % c.decoderHeads !== 0) out.push(`decoderDim ${c.decoderDim} is not divisible by decoderHeads ${c.decoderHeads}`);
  if (!(c.clip > 0)) out.push(`clip must be positive, got ${c.clip}`);
  if (c.kind !== 'jampr' && c.kind !== 'am') out.push(`kind must be jampr or am, got ${String(c.kind)}`);
  if (c.tourAggregation !== 'depot-mean' && c.tourAggregation !== 'paper') out.push(`unknown tourAggregation ${String(c.tourAggregation)}`);
  return out;
}

/** The fields that must agree between a checkpoint and the model it is loaded into. */
export function configMismatches(expected: ModelConfig, found: ModelConfig): string[] {
  return (Object.keys(DEFAULT_MODEL_CONFIG) as (keyof ModelConfig)[])
    .filter((key) => expected[key] !== found[key])
    .map((key) => `${key}: expected ${String(expected[key])}, checkpoint has ${String(found[key])}`);
}

/** Node features per node and vehicle features per vehicle. */
export const nodeFeatureCount = (c: ModelConfig): number => 5 + (c.serviceFeature ? 1 : 0);
/** What the pair bias reads of each joint action (pair-features.ts): travel, early arrival, lateness, slack. */
export const PAIR_QUANTITIES = 4;
/** Features per joint action: the quantities, then the same scaled by the day's fleet tightness. */
export const PAIR_FEATURES = 2 * PAIR_QUANTITIES;
export const vehicleFeatureCount = (c: ModelConfig): number => 5 + (c.loadFeature ? 1 : 0) + (c.fleetFeature ? 1 : 0);
