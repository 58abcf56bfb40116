import * as tf from '@tensorflow/tfjs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { ModelCard } from './card.js';
import { configMismatches, type ModelConfig, PAIR_FEATURES } from './model/config.js';
import { PAIR_BIAS } from './model/jampr-weights.js';
import { Policy } from './model/policy.js';
import type { AdamState } from './train/adam.js';
import {
  type CardJson,
  CHECKPOINT_FORMAT,
  CHECKPOINT_VERSION,
  readCard,
  readModelJson,
  readWeights,
  savedConfig,
} from './checkpoint-files.js';
import { toFloat16 } from './float16.js';

/**
 * A model folder: model.json (format, config, tensor manifest, weight dtype), weights.bin (float32, or
 * float16 for shipped models, little-endian, in manifest order), card.json (see card.ts) and, for
 * resuming, optimizer.json + optimizer.bin (always float32).
 * Files are written to a temporary name and renamed, model.json last, so a folder read at any moment
 * (or committed mid-training) holds one consistent checkpoint.
 */

interface TensorEntry {
  name: string;
  shape: number[];
}

export type WeightsDtype = 'float32' | 'float16';

interface OptimizerJson {
  step: number;
  learningRate: number;
  tensors: TensorEntry[];
}

export async function saveCheckpoint(
  dir: string,
  policy: Policy,
  card: ModelCard,
  optimizer?: AdamState,
  weightsDtype: WeightsDtype = 'float32',
): Promise<void> {
  await mkdir(dir, { recursive: true });
  if (optimizer) {
    const { manifest, bytes } = pack([...optimizer.moments]);
    await writeAtomic(join(dir, 'optimizer.bin'), bytes);
    const json: OptimizerJson = { step: optimizer.step, learningRate: optimizer.learningRate, tensors: manifest };
    await writeAtomic(join(dir, 'optimizer.json'), JSON.stringify(json));
  }
  const { manifest, bytes } = pack(policy.params.all(), weightsDtype);
  await writeAtomic(join(dir, 'weights.bin'), bytes);
  await writeAtomic(join(dir, 'card.json'), `${JSON.stringify(card, null, 2)}\n`);
  const model = { format: CHECKPOINT_FORMAT, version: CHECKPOINT_VERSION, config: policy.config, weightsDtype, tensors: manifest };
  await writeAtomic(join(dir, 'model.json'), `${JSON.stringify(model, null, 2)}\n`);
}

/** Rewrites a saved checkpoint's card.json alone (atomically, as saveCheckpoint writes it); the weights stay as they are. */
export async function saveCard(dir: string, card: CardJson): Promise<void> {
  await writeAtomic(join(dir, 'card.json'), `${JSON.stringify(card, null, 2)}\n`);
}

export interface LoadedModel {
  policy: Policy;
  card: ModelCard;
}

/**
 * Loads a model folder; `expect` lists config fields the caller needs (e.g. kind), a mismatch is an AppError('model').
 * Every file is checked (checkpoint-files.ts) before the first tensor is made.
 */
export async function loadCheckpoint(dir: string, expect: Partial<ModelConfig> = {}): Promise<LoadedModel> {
  const model = readModelJson(dir);
  const saved = savedConfig(model);
  const jampr = saved.kind === 'jampr';
  const addFleet = jampr && expect.fleetFeature === true && !saved.fleetFeature;
  const addService = jampr && expect.serviceFeature === true && !saved.serviceFeature;
  const addPair = jampr && expect.pairBias === true && !saved.pairBias;
  const config = {
    ...saved,
    fleetFeature: saved.fleetFeature || addFleet,
    serviceFeature: saved.serviceFeature || addService,
    pairBias: saved.pairBias || addPair,
  };
  const wanted = { ...config, ...expect };
  const mismatches = configMismatches(wanted, config);
  if (mismatches.length) throw new AppError('model', `the model in ${dir} does not match the requested configuration`, mismatches);
  const card = readCard(dir, saved);
  const values = readWeights(dir, model);
  const policy = new Policy(config);
  try {
    const tensors = toTensors(model.tensors, values);
    if (addFleet) addZeroInput(tensors, VEHICLE_INPUT_KERNEL);
    if (addService) addZeroInput(tensors, NODE_INPUT_KERNEL);
    if (addPair) tensors.set(PAIR_BIAS, tf.zeros([PAIR_FEATURES, 1]));
    padPairBias(tensors);
    assignAll(policy.params.all(), tensors, dir);
    policy.params.touch();
  } catch (err) {
    policy.dispose();
    throw err;
  }
  return { policy, card };
}

/**
 * Gives a model trained without the fleet (service) feature an input for it, with zero weight: the upgraded model
 * plans exactly as before until training teaches it to read the feature (the new input is the last row of the
 * vehicle (node) encoder's first layer).
 */
export const VEHICLE_INPUT_KERNEL = 'jampr/gv/0/kernel';
export const NODE_INPUT_KERNEL = 'encoder/embed/kernel';
function addZeroInput(values: Map<string, tf.Tensor>, name: string): void {
  const kernel = values.get(name);
  if (!kernel) return;
  values.set(
    name,
    tf.tidy(() => tf.concat([kernel, tf.zeros([1, kernel.shape[1] ?? 0])], 0)),
  );
  kernel.dispose();
}

/**
 * Models saved before the pair bias had its fleet-tightness half have four weights: the new ones start at zero,
 * where they change nothing.
 */
function padPairBias(values: Map<string, tf.Tensor>): void {
  const theta = values.get(PAIR_BIAS);
  if (!theta || theta.shape[0] === PAIR_FEATURES) return;
  const missing = PAIR_FEATURES - (theta.shape[0] ?? 0);
  values.set(
    PAIR_BIAS,
    tf.tidy(() => tf.concat([theta, tf.zeros([missing, 1])], 0)),
  );
  theta.dispose();
}

/** The saved optimizer state, or null when the folder has none. The caller disposes the tensors. */
export async function loadOptimizerState(dir: string): Promise<AdamState | null> {
  let json: OptimizerJson;
  try {
    json = JSON.parse(await readFile(join(dir, 'optimizer.json'), 'utf8')) as OptimizerJson;
  } catch {
    return null;
  }
  const tensors = unpack(json.tensors, await readBytes(dir, 'optimizer.bin'), dir);
  return { step: json.step, learningRate: json.learningRate, moments: tensors };
}

/** Copies a model folder without its optimizer state, e.g. as a float16 model to ship. */
export async function exportCheckpoint(fromDir: string, toDir: string, weightsDtype: WeightsDtype): Promise<void> {
  const { policy, card } = await loadCheckpoint(fromDir);
  try {
    await saveCheckpoint(toDir, policy, card, undefined, weightsDtype);
  } finally {
    policy.dispose();
  }
}

function pack(named: [string, tf.Tensor][], dtype: WeightsDtype = 'float32'): { manifest: TensorEntry[]; bytes: Uint8Array } {
  const manifest = named.map(([name, t]) => ({ name, shape: t.shape }));
  const total = named.reduce((a, [, t]) => a + t.size, 0);
  const all = new Float32Array(total);
  let offset = 0;
  for (const [, t] of named) {
    all.set(t.dataSync() as Float32Array, offset);
    offset += t.size;
  }
  return { manifest, bytes: new Uint8Array(dtype === 'float16' ? toFloat16(all).buffer : all.buffer) };
}

function unpack(manifest: TensorEntry[], bytes: Uint8Array, dir: string): Map<string, tf.Tensor> {
  const floats = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const expected = manifest.reduce((a, e) => a + e.shape.reduce((x, y) => x * y, 1), 0);
  if (floats.length !== expected) {
    throw new AppError('model', `the weights in ${dir} hold ${floats.length} values but the manifest lists ${expected}`);
  }
  return toTensors(manifest, floats);
}

function toTensors(manifest: TensorEntry[], floats: Float32Array): Map<string, tf.Tensor> {
  const out = new Map<string, tf.Tensor>();
  let offset = 0;
  for (const e of manifest) {
    const size = e.shape.reduce((x, y) => x * y, 1);
    out.set(e.name, tf.tensor(floats.subarray(offset, offset + size), e.shape));
    offset += size;
  }
  return out;
}

function assignAll(targets: [string, tf.Variable][], values: Map<string, tf.Tensor>, dir: string): void {
  const problems: string[] = [];
  for (const [name, v] of targets) {
    const t = values.get(name);
    if (!t) problems.push(`missing tensor ${name}`);
    else if (t.shape.join('x') !== v.shape.join('x'))
      problems.push(`${name}: expected shape ${v.shape.join('x')}, file has ${t.shape.join('x')}`);
  }
  for (const name of values.keys()) if (!targets.some(([n]) => n === name)) problems.push(`unexpected tensor ${name}`);
  if (problems.length) {
    tf.dispose([...values.values()]);
    throw new AppError('model', `the weights in ${dir} do not fit the model`, problems);
  }
  for (const [name, v] of targets) v.assign(values.get(name) as tf.Tensor);
  tf.dispose([...values.values()]);
}

async function readBytes(dir: string, file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(join(dir, file)));
  } catch {
    throw new AppError('model', `no ${file} in the model folder ${dir}`);
  }
}

async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await writeFile(`${path}.tmp`, data);
  await rename(`${path}.tmp`, path);
}
