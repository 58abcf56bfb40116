import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { variantNameSchema } from '../../shared/domain.js';
import { AppError } from '../../shared/errors.js';
import { describeIssues } from '../../shared/issues.js';
import { MAX_MODEL_NAME_CHARS } from '../../shared/limits.js';
import { cardFromJson, type ModelCard } from './card.js';
import { fromFloat16 } from './float16.js';
import { DEFAULT_MODEL_CONFIG, type ModelConfig, modelConfig } from './model/config.js';

/**
 * A model folder comes from anywhere (a colleague, a download), so nothing in it is trusted: model.json and
 * card.json are checked against schemas, the dimensions against MODEL_LIMITS, the byte length of weights.bin
 * against the manifest (before it is read) and every weight for being finite, all before a tensor is made.
 * No TensorFlow.js here: main checks a folder on import without loading the ML stack.
 */

/** Upper bounds on a model's dimensions: 2 to 4 times the shipped models', far below what exhausts memory. */
export const MODEL_LIMITS = {
  embedDim: 512,
  encoderLayers: 8,
  encoderHeads: 32,
  feedForwardDim: 2048,
  decoderDim: 1024,
  decoderHeads: 32,
  tourLength: 10_000,
  clip: 100,
} as const;

/** The most weights a model file may hold (the largest model within MODEL_LIMITS has about 12 million). */
export const MAX_WEIGHTS = 32_000_000;
const MAX_TENSORS = 1_000;

const limitedInt = (max: number) => z.number().int().min(1).max(max);

/**
 * The config's schema follows its fields: every number in the defaults needs a limit above, every flag is a
 * boolean, so a field added to ModelConfig is checked without touching this file. Absent fields take defaults.
 */
const configSchema = z.looseObject(
  Object.fromEntries(
    Object.entries(DEFAULT_MODEL_CONFIG).map(([key, value]) => {
      const field =
        key === 'kind'
          ? z.enum(['jampr', 'am'])
          : key === 'tourAggregation'
            ? z.enum(['depot-mean', 'paper'])
            : key === 'clip'
              ? z.number().positive().max(MODEL_LIMITS.clip)
              : typeof value === 'number'
                ? limitedInt(MODEL_LIMITS[key as keyof typeof MODEL_LIMITS] ?? 0)
                : z.boolean();
      return [key, field.optional()];
    }),
  ),
);

const tensorSchema = z.object({
  name: z.string().min(1).max(200),
  shape: z.array(z.number().int().min(1).max(MAX_WEIGHTS)).max(8),
});

/** The files a checkpoint is written as (checkpoint.ts, saveCheckpoint): model.json last, the optimizer's where kept. */
export const CHECKPOINT_FILES = ['optimizer.bin', 'optimizer.json', 'weights.bin', 'card.json', 'model.json'] as const;

export const CHECKPOINT_FORMAT = 'jampr-tfjs-checkpoint';
export const CHECKPOINT_VERSION = 1;

export const modelJsonSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  version: z.literal(CHECKPOINT_VERSION),
  config: configSchema,
  weightsDtype: z.enum(['float32', 'float16']).optional(),
  tensors: z.array(tensorSchema).min(1).max(MAX_TENSORS),
});
export type ModelJson = z.infer<typeof modelJsonSchema>;

/** card.json: the fields the app and the trainer rely on; extra fields are allowed so a card may grow. */
export const cardJsonSchema = z.looseObject({
  name: z.string().min(1).max(MAX_MODEL_NAME_CHARS),
  kind: z.enum(['jampr', 'am']),
  variant: variantNameSchema,
  size: z.number().int().positive().max(MODEL_LIMITS.tourLength),
  env: z.looseObject({ mCon: z.number().int().min(0).max(1_000), mPre: z.number().int().min(0).max(1_000).nullable() }),
  recipe: z.object({ name: z.string() }).catchall(z.union([z.string(), z.number(), z.boolean()])),
  instanceSource: z.string().optional(),
  instancesTrained: z.number().nonnegative(),
  cpuSeconds: z.number().nonnegative(),
  validation: z.looseObject({
    instances: z.number(),
    seed: z.number(),
    curve: z.array(
      z.looseObject({
        instances: z.number(),
        cpuSeconds: z.number(),
        cost: z.number(),
        epoch: z.number(),
        unserved: z.number().optional(),
      }),
    ),
    measure: z.literal('plans').optional(),
  }),
  date: z.string(),
  training: z.object({ epoch: z.number().int().nonnegative(), stepInEpoch: z.number().int().nonnegative() }).optional(),
  notes: z.string().optional(),
});
export type CardJson = z.infer<typeof cardJsonSchema>;

function parsed<S extends z.ZodType>(schema: S, json: unknown, path: string): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  // Worded as every schema finding is (issues.ts), at most ten of them: a file of another kind breaks every field.
  const details = describeIssues(result.error, json, 'the file').slice(0, 10);
  throw new AppError('model', `${path} is not a valid model file`, details);
}

function readJson(dir: string, file: string): unknown {
  const path = join(dir, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // A folder mistyped is named as missing, not as a folder that lacks a file.
    throw new AppError(
      'model',
      existsSync(dir) ? `${dir} is not a model folder: it has no readable ${file}` : `the model folder ${dir} does not exist`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new AppError('model', `${path} is not valid JSON: ${(err as Error).message}`);
  }
}

export const readModelJson = (dir: string): ModelJson => parsed(modelJsonSchema, readJson(dir, 'model.json'), join(dir, 'model.json'));
export const readCardJson = (dir: string): CardJson => parsed(cardJsonSchema, readJson(dir, 'card.json'), join(dir, 'card.json'));

/**
 * The configuration the weights were saved with. Checkpoints from before the fleet or service feature or the pair bias
 * existed have no such field: they were made without it.
 */
export function savedConfig(model: ModelJson): ModelConfig {
  const stored = model.config as Partial<ModelConfig>;
  return modelConfig({
    ...stored,
    fleetFeature: stored.fleetFeature ?? false,
    serviceFeature: stored.serviceFeature ?? false,
    pairBias: stored.pairBias ?? false,
  });
}

/** A folder's card, checked and converted (card.ts), with the configuration its model.json was saved with. */
export const readCard = (dir: string, config: ModelConfig): ModelCard => cardFromJson(readCardJson(dir), config, dir);

/** Values the manifest lists, refused above MAX_WEIGHTS before anything is allocated. */
export function manifestSize(model: ModelJson, dir: string): number {
  let total = 0;
  for (const t of model.tensors) total += t.shape.reduce((a, b) => a * b, 1);
  if (total > MAX_WEIGHTS) {
    throw new AppError('model', `the model in ${dir} lists ${total} weights, more than the limit of ${MAX_WEIGHTS}`);
  }
  return total;
}

/**
 * weights.bin as numbers, after its byte length was compared with the manifest (a wrong file is never read
 * whole) and every value was found finite; all-zero weights are no trained model either.
 */
export function readWeights(dir: string, model: ModelJson): Float32Array {
  const path = join(dir, 'weights.bin');
  const dtype = model.weightsDtype ?? 'float32';
  const bytesPer = dtype === 'float16' ? 2 : 4;
  const expected = manifestSize(model, dir) * bytesPer;
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new AppError('model', `${dir} is not a model folder: it has no readable weights.bin`);
  }
  if (size !== expected) {
    throw new AppError('model', `${path} has ${size} bytes but the manifest needs ${expected} (${expected / bytesPer} ${dtype} values)`);
  }
  const bytes = readFileSync(path);
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const values = dtype === 'float16' ? fromFloat16(new Uint16Array(copy)) : new Float32Array(copy);
  let nonZero = false;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      throw new AppError('model', `${path} holds a value that is not a finite number (${values[i]} at position ${i})`);
    }
    if (values[i] !== 0) nonZero = true;
  }
  if (!nonZero) throw new AppError('model', `${path} holds only zeros: it is not a trained model`);
  return values;
}

/** Checks a whole folder without making tensors: for import, before a model is registered. */
export function checkModelFolder(dir: string): { model: ModelJson; card: ModelCard } {
  const json = readCardJson(dir);
  const model = readModelJson(dir);
  const card = cardFromJson(json, savedConfig(model), dir);
  readWeights(dir, model);
  return { model, card };
}
