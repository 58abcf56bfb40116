/**
 * Fast GatherV2 for float32/int32 on the cpu backend: the stock kernel converts every output element to a
 * multi-index and back; here each gathered slice (everything after the gather axis) is copied as one row.
 * Out-of-range indices go to the stock kernel, which reports them.
 */
import { backend_util, type KernelFunc } from '@tensorflow/tfjs';
import { asCpu, numericValues } from './cpu-tensor.js';
import { newFloat32 } from '../array-pool.js';

export function fastGatherV2(stock: KernelFunc): KernelFunc {
  return (args) => {
    const backend = asCpu(args.backend);
    const { x, indices } = args.inputs;
    const values = numericValues(backend, x);
    const index = numericValues(backend, indices);
    const axisAttr = args.attrs?.axis;
    const batchDims = args.attrs?.batchDims ?? 0;
    if (x === undefined || indices === undefined || values === null || index === null) return stock(args);
    if (typeof axisAttr !== 'number' || typeof batchDims !== 'number') return stock(args);
    const axis = axisAttr < 0 ? axisAttr + x.shape.length : axisAttr;
    const dimSize = x.shape[axis];
    for (let i = 0; i < index.length; i++) {
      if (!(index[i] >= 0 && index[i] < dimSize)) return stock(args);
    }
    const info = backend_util.segment_util.collectGatherOpShapeInfo(x, indices, axis, batchDims);
    const { batchSize, outerSize, sliceSize } = info;
    const perBatch = index.length / batchSize;
    const out =
      values instanceof Float32Array
        ? newFloat32(batchSize * outerSize * perBatch * sliceSize)
        : new Int32Array(batchSize * outerSize * perBatch * sliceSize);
    let o = 0;
    for (let b = 0; b < batchSize; b++) {
      for (let outer = 0; outer < outerSize; outer++) {
        const base = (b * outerSize + outer) * dimSize * sliceSize;
        for (let i = 0; i < perBatch; i++) {
          const src = base + index[b * perBatch + i] * sliceSize;
          for (let s = 0; s < sliceSize; s++) out[o + s] = values[src + s];
          o += sliceSize;
        }
      }
    }
    return backend.makeTensorInfo(info.outputShape, x.dtype, out);
  };
}
