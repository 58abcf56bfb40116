/**
 * Fast Slice, SplitV and PadV2 (the gradient of slice) for float32/int32 on the cpu backend. All three copy
 * a box of elements between two row-major arrays; the stock kernels do it one multi-index per element, which
 * made a split on the last axis cost tens of milliseconds. Here whole rows are copied.
 */
import { backend_util, slice_util, type KernelFunc, type TensorInfo } from '@tensorflow/tfjs';
import { asCpu, contiguousStrides, numberListAttr, numericValues, pairListAttr, sizeOf, type KernelArgs } from './cpu-tensor.js';
import { newFloat32 } from '../array-pool.js';

type Values = Float32Array | Int32Array;

/**
 * Copies the box `box` from src (starting at srcOff, strides srcStrides) to dst (dstOff, dstStrides); the last
 * dimension is contiguous in both. Dimensions contiguous in both arrays are merged so rows are as long as possible.
 */
function copyBox(
  box: readonly number[],
  src: Values,
  srcOff: number,
  srcStrides: readonly number[],
  dst: Values,
  dstOff: number,
  dstStrides: readonly number[],
): void {
  if (sizeOf(box) === 0) return;
  const dims: number[] = [];
  const ss: number[] = [];
  const ds: number[] = [];
  box.forEach((size, d) => {
    if (size === 1) return;
    const last = dims.length - 1;
    if (last >= 0 && ss[last] === srcStrides[d] * size && ds[last] === dstStrides[d] * size) {
      dims[last] *= size;
      ss[last] = srcStrides[d];
      ds[last] = dstStrides[d];
    } else {
      dims.push(size);
      ss.push(srcStrides[d]);
      ds.push(dstStrides[d]);
    }
  });
  if (dims.length === 0) {
    dst[dstOff] = src[srcOff];
    return;
  }
  const rank = dims.length;
  const n = dims[rank - 1];
  const rows = sizeOf(dims) / n;
  const index = new Array<number>(rank).fill(0);
  let si = srcOff;
  let di = dstOff;
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < n; i++) dst[di + i] = src[si + i];
    for (let d = rank - 2; d >= 0; d--) {
      si += ss[d];
      di += ds[d];
      if (++index[d] < dims[d]) break;
      si -= ss[d] * dims[d];
      di -= ds[d] * dims[d];
      index[d] = 0;
    }
  }
}

function emptyLike(x: Values, size: number): Values {
  return x instanceof Float32Array ? newFloat32(size) : new Int32Array(size);
}

function sliceValues(x: Values, shape: readonly number[], begin: readonly number[], size: readonly number[]): Values {
  const strides = contiguousStrides(shape);
  const offset = begin.reduce((sum, b, d) => sum + b * strides[d], 0);
  if (slice_util.isSliceContinous([...shape], [...begin], [...size])) {
    return x.subarray(offset, offset + sizeOf(size)); // a view, as the stock kernel returns
  }
  const out = emptyLike(x, sizeOf(size));
  copyBox(size, x, offset, strides, out, 0, contiguousStrides(size));
  return out;
}

/** Validated begin/size of a slice, or null to let the stock kernel handle (and report) it. */
function sliceParams(x: TensorInfo, begin: number[], size: number[]): { begin: number[]; size: number[] } | null {
  const [b, s] = slice_util.parseSliceParams(x, begin, size);
  const valid =
    b.length === x.shape.length && s.length === x.shape.length && b.every((v, d) => v >= 0 && s[d] >= 0 && v + s[d] <= x.shape[d]);
  return valid ? { begin: b, size: s } : null;
}

function sliceInfo(args: KernelArgs, x: TensorInfo, values: Values, begin: number[], size: number[]): TensorInfo {
  return asCpu(args.backend).makeTensorInfo(size, x.dtype, sliceValues(values, x.shape, begin, size));
}

export function fastSlice(stock: KernelFunc): KernelFunc {
  return (args) => {
    const { x } = args.inputs;
    const values = numericValues(asCpu(args.backend), x);
    const begin = numberListAttr(args.attrs, 'begin');
    const size = numberListAttr(args.attrs, 'size');
    if (x === undefined || values === null || begin === null || size === null) return stock(args);
    const params = sliceParams(x, begin, size);
    return params === null ? stock(args) : sliceInfo(args, x, values, params.begin, params.size);
  };
}

export function fastSplitV(stock: KernelFunc): KernelFunc {
  return (args) => {
    const { x } = args.inputs;
    const values = numericValues(asCpu(args.backend), x);
    const count = args.attrs?.numOrSizeSplits;
    const splits = typeof count === 'number' ? count : numberListAttr(args.attrs, 'numOrSizeSplits');
    const axisAttr = args.attrs?.axis;
    if (x === undefined || values === null || splits === null || typeof axisAttr !== 'number') return stock(args);
    const axis = axisAttr < 0 ? axisAttr + x.shape.length : axisAttr;
    const sizes = backend_util.prepareSplitSize(x, splits, axis);
    const begin = new Array<number>(x.shape.length).fill(0);
    return sizes.map((s) => {
      const size = [...x.shape];
      size[axis] = s;
      const part = sliceInfo(args, x, values, [...begin], size);
      begin[axis] += s;
      return part;
    });
  };
}

export function fastPadV2(stock: KernelFunc): KernelFunc {
  return (args) => {
    const { x } = args.inputs;
    const values = numericValues(asCpu(args.backend), x);
    const paddings = pairListAttr(args.attrs, 'paddings');
    const constant = args.attrs?.constantValue ?? 0;
    if (x === undefined || values === null || paddings === null || typeof constant !== 'number') return stock(args);
    if (paddings.length !== x.shape.length || paddings.some(([lo, hi]) => lo < 0 || hi < 0)) return stock(args);
    const before = paddings.map(([lo]) => lo);
    const outShape = x.shape.map((d, i) => paddings[i][0] + d + paddings[i][1]);
    const out = emptyLike(values, sizeOf(outShape));
    if (constant !== 0) out.fill(constant);
    const outStrides = contiguousStrides(outShape);
    const offset = before.reduce((sum, b, d) => sum + b * outStrides[d], 0);
    copyBox(x.shape, values, 0, contiguousStrides(x.shape), out, offset, outStrides);
    return asCpu(args.backend).makeTensorInfo(outShape, x.dtype, out);
  };
}
