/**
 * Swaps hot kernels of the pure-JS `cpu` backend for faster Float32Array versions (tf.unregisterKernel +
 * tf.registerKernel). Each fast kernel receives the stock kernel function and hands it every case it does
 * not cover, so results and error messages stay those of tfjs. Gradients need nothing extra: tfjs computes
 * them by running kernels, which are then these.
 */
import * as tf from '@tensorflow/tfjs';
import { fastBatchMatMul } from './kernels/batch-matmul.js';
import { fastBinary } from './kernels/binary.js';
import { fastFusedMatMul } from './kernels/fused-matmul.js';
import { fastGatherV2 } from './kernels/gather.js';
import { fastMean, fastSum } from './kernels/reduce.js';
import { fastUnsortedSegmentSum } from './kernels/segment-sum.js';
import { fastPadV2, fastSlice, fastSplitV } from './kernels/slice.js';
import { fastSoftmax } from './kernels/softmax.js';
import { fastTranspose } from './kernels/transpose.js';
import { fastUnary } from './kernels/unary.js';

type KernelFactory = (stock: tf.KernelFunc) => tf.KernelFunc;

/** The replaced kernels, by tfjs kernel name. Each was measured to be a bottleneck with the stock version. */
const FAST_KERNELS: ReadonlyArray<readonly [string, KernelFactory]> = [
  [tf.BatchMatMul, fastBatchMatMul],
  [tf._FusedMatMul, fastFusedMatMul],
  [tf.Add, fastBinary('add')],
  [tf.Sub, fastBinary('sub')],
  [tf.Multiply, fastBinary('mul')],
  [tf.RealDiv, fastBinary('div')],
  [tf.Transpose, fastTranspose],
  [tf.Sum, fastSum],
  [tf.Mean, fastMean],
  [tf.Softmax, fastSoftmax],
  [tf.Slice, fastSlice],
  [tf.SplitV, fastSplitV],
  [tf.PadV2, fastPadV2],
  [tf.GatherV2, fastGatherV2],
  [tf.UnsortedSegmentSum, fastUnsortedSegmentSum],
  [tf.Tanh, fastUnary('tanh')],
  [tf.Exp, fastUnary('exp')],
  [tf.Log, fastUnary('log')],
  [tf.Relu, fastUnary('relu')],
  [tf.Sigmoid, fastUnary('sigmoid')],
  [tf.Sqrt, fastUnary('sqrt')],
];

const BACKEND = 'cpu';

/** Stock configs of the kernels currently replaced; empty when the stock kernels are in place. */
const stockConfigs = new Map<string, tf.KernelConfig>();

/** Registers the fast kernels on the 'cpu' backend (idempotent). Returns the names of the replaced kernels. */
export function registerFastCpuKernels(): string[] {
  for (const [name, factory] of FAST_KERNELS) {
    if (stockConfigs.has(name)) continue;
    const stock = tf.getKernel(name, BACKEND);
    if (stock === undefined) continue;
    tf.unregisterKernel(name, BACKEND);
    tf.registerKernel({ ...stock, kernelFunc: factory(stock.kernelFunc) });
    stockConfigs.set(name, stock);
  }
  return [...stockConfigs.keys()];
}

/** Puts the stock kernels back (tests compare against them). */
export function unregisterFastCpuKernels(): void {
  for (const [name, stock] of stockConfigs) {
    tf.unregisterKernel(name, BACKEND);
    tf.registerKernel(stock);
  }
  stockConfigs.clear();
}

export function fastCpuKernelNames(): string[] {
  return [...stockConfigs.keys()];
}
