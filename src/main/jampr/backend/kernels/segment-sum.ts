/**
 * Fast UnsortedSegmentSum for float32 on the cpu backend: the gradient of tf.gather. The stock kernel builds
 * an equality mask and a full-size product for every one of numSegments segments (quadratic); gathering one
 * entry per row out of a flattened [B x actions] log-probability table made it cost milliseconds per step.
 * Here each row of x is added once into its segment; ids outside [0, numSegments) are dropped, as stock does.
 */
import type { KernelFunc } from '@tensorflow/tfjs';
import { asCpu, float32Values, numericValues, sizeOf } from './cpu-tensor.js';

export function fastUnsortedSegmentSum(stock: KernelFunc): KernelFunc {
  return (args) => {
    const backend = asCpu(args.backend);
    const { x, segmentIds } = args.inputs;
    const values = float32Values(backend, x);
    const ids = numericValues(backend, segmentIds);
    const numSegments = args.attrs?.numSegments;
    if (x === undefined || segmentIds === undefined || values === null || ids === null) return stock(args);
    if (typeof numSegments !== 'number' || !Number.isInteger(numSegments) || numSegments < 0) return stock(args);
    if (segmentIds.shape.length !== 1 || x.shape.length < 1 || segmentIds.shape[0] !== x.shape[0]) return stock(args);
    const rowShape = x.shape.slice(1);
    const row = sizeOf(rowShape);
    const acc = new Float64Array(numSegments * row);
    for (let i = 0; i < ids.length; i++) {
      const segment = ids[i];
      if (!(segment >= 0 && segment < numSegments)) continue;
      const src = i * row;
      const dst = segment * row;
      for (let j = 0; j < row; j++) acc[dst + j] += values[src + j];
    }
    return backend.makeTensorInfo([numSegments, ...rowShape], 'float32', Float32Array.from(acc));
  };
}
