/**
 * The small surface the fast kernels need from the pure-JS `cpu` backend: read a tensor's flat values and
 * write a result. Kept in one place so every kernel reads data the same way.
 */
import type { KernelBackend, KernelFunc, MathBackendCPU, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs';

export type KernelArgs = Parameters<KernelFunc>[0];

/** The backend every kernel registered for 'cpu' receives. */
export function asCpu(backend: KernelArgs['backend']): MathBackendCPU {
  return backend as KernelBackend as MathBackendCPU;
}

/** The flat float32 values of a tensor, or null when it is not a plain float32 tensor (the stock kernel then handles it). */
export function float32Values(backend: MathBackendCPU, t: TensorInfo | undefined): Float32Array | null {
  if (t === undefined || t.dtype !== 'float32') return null;
  const values = backend.data.get(t.dataId).values;
  return values instanceof Float32Array ? values : null;
}

/** Flat numeric values (float32 or int32) for kernels that only move data around. */
export function numericValues(backend: MathBackendCPU, t: TensorInfo | undefined): Float32Array | Int32Array | null {
  if (t === undefined || (t.dtype !== 'float32' && t.dtype !== 'int32')) return null;
  const values = backend.data.get(t.dataId).values;
  return values instanceof Float32Array || values instanceof Int32Array ? values : null;
}

export function sizeOf(shape: readonly number[]): number {
  let size = 1;
  for (const d of shape) size *= d;
  return size;
}

/** Row-major strides: how far one step along each dimension moves in the flat array. */
export function contiguousStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length);
  for (let d = shape.length - 1, s = 1; d >= 0; d--) {
    strides[d] = s;
    s *= shape[d];
  }
  return strides;
}

export function boolAttr(attrs: NamedAttrMap | undefined, name: string): boolean {
  return attrs?.[name] === true;
}

/** A number-or-number[] attribute as an array (tfjs passes e.g. `axis` either way). */
export function numberListAttr(attrs: NamedAttrMap | undefined, name: string): number[] | null {
  const value = attrs?.[name];
  if (typeof value === 'number') return [value];
  if (Array.isArray(value) && value.every((v): v is number => typeof v === 'number')) return value;
  return null;
}

/** A list-of-pairs attribute such as PadV2's `paddings`. */
export function pairListAttr(attrs: NamedAttrMap | undefined, name: string): Array<[number, number]> | null {
  const value = attrs?.[name];
  if (!Array.isArray(value)) return null;
  const pairs: Array<[number, number]> = [];
  for (const p of value) {
    if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'number' || typeof p[1] !== 'number') return null;
    pairs.push([p[0], p[1]]);
  }
  return pairs;
}
