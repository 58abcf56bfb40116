/**
 * Reuses the float32 arrays of the fast kernels' outputs while a pool is open (training opens one per thread).
 *
 * Why: a training step keeps its whole rollout on the gradient tape, hundreds of MB of arrays made and dropped
 * every step. Fresh arrays are external memory to V8, which answers their churn with a full garbage collection
 * every ~100 ms; its marking runs on another core, so one training thread keeps about 1.2 cores busy. Arrays
 * taken back from disposed tensors and handed to the next kernel output allocate nothing.
 *
 * An array is only reused when nothing can still see it:
 * - it was made here (newFloat32) for a kernel's output, never given to the backend by other code;
 * - its values were never read out of the backend (readSync/read, which dataSync, data and array go through,
 *   return the backend's own array, so its reader may keep it);
 * - no live tensor holds it or a view of it (a contiguous slice is a view of its input; reshape shares the data).
 */
import * as tf from '@tensorflow/tfjs';
import type { DataId, MathBackendCPU } from '@tensorflow/tfjs';

type BackendValues = unknown;

/** Arrays this module made for kernel outputs, the ones it may reuse. */
const made = new WeakSet<Float32Array>();
/** For the buffers of those arrays: how many live backend entries hold the buffer (the array or a view of it). */
const holders = new WeakMap<ArrayBufferLike, number>();
/** Buffers whose values were read out of the backend: their readers may keep them, so they are never reused. */
const readOut = new WeakSet<ArrayBufferLike>();
const hooked = new WeakSet<object>();

let open: ArrayPool | null = null;

class ArrayPool {
  private readonly free = new Map<number, Float32Array[]>();
  private bytes = 0;

  constructor(private readonly capBytes: number) {}

  take(size: number): Float32Array | undefined {
    const array = this.free.get(size)?.pop();
    if (array !== undefined) this.bytes -= array.byteLength;
    return array;
  }

  give(array: Float32Array): void {
    if (this.bytes + array.byteLength > this.capBytes) return; // past the cap the garbage collector takes it
    let list = this.free.get(array.length);
    if (list === undefined) {
      list = [];
      this.free.set(array.length, list);
    }
    list.push(array);
    this.bytes += array.byteLength;
  }

  get heldBytes(): number {
    return this.bytes;
  }
}

/**
 * A zero-filled float32 array for a kernel's output (the same contract as `new Float32Array(size)`): a reused
 * one while a pool is open, else a fresh one.
 */
export function newFloat32(size: number): Float32Array {
  const reused = open?.take(size);
  if (reused !== undefined) {
    reused.fill(0);
    holders.set(reused.buffer, 0);
    return reused;
  }
  const array = new Float32Array(size);
  if (open !== null) {
    made.add(array);
    holders.set(array.buffer, 0);
  }
  return array;
}

export interface OpenArrayPool {
  /** Bytes of arrays waiting for reuse. */
  readonly heldBytes: number;
  /** Stops reuse and lets the garbage collector have the waiting arrays. */
  close(): void;
}

/**
 * Opens this thread's pool on `backend` (the pure-JS cpu backend), keeping at most `capBytes` of arrays waiting.
 * One pool per thread; opening a second closes the first.
 */
export function openArrayPool(backend: MathBackendCPU, capBytes: number): OpenArrayPool {
  hookBackend(backend);
  const pool = new ArrayPool(capBytes);
  open = pool;
  return {
    get heldBytes() {
      return pool.heldBytes;
    },
    close() {
      if (open === pool) open = null;
    },
  };
}

/** Opens this thread's pool when the active backend is the pure-JS cpu one (the native ones manage their own memory). */
export function openCpuArrayPool(capBytes: number): OpenArrayPool | null {
  return tf.getBackend() === 'cpu' ? openArrayPool(tf.backend() as MathBackendCPU, capBytes) : null;
}

function isTypedArray(values: BackendValues): values is Float32Array | Int32Array | Uint8Array {
  return ArrayBuffer.isView(values) && !(values instanceof DataView);
}

function held(values: BackendValues): void {
  if (!isTypedArray(values)) return;
  const count = holders.get(values.buffer);
  if (count !== undefined) holders.set(values.buffer, count + 1);
}

function released(values: BackendValues): void {
  if (!isTypedArray(values)) return;
  const count = holders.get(values.buffer);
  if (count === undefined) return;
  holders.set(values.buffer, count - 1);
  if (count - 1 > 0 || open === null || readOut.has(values.buffer)) return;
  if (values instanceof Float32Array && made.has(values)) open.give(values);
}

/** Wraps the four backend methods through which arrays enter, leave and are read out of the backend (once). */
function hookBackend(backend: MathBackendCPU): void {
  if (hooked.has(backend)) return;
  hooked.add(backend);
  const entry = (dataId: DataId): { values?: BackendValues } | undefined => backend.data.get(dataId);
  const write = backend.write.bind(backend);
  const move = backend.move.bind(backend);
  const readSync = backend.readSync.bind(backend);
  const disposeData = backend.disposeData.bind(backend);
  backend.write = (values, shape, dtype) => {
    const dataId = write(values, shape, dtype);
    held(values);
    return dataId;
  };
  backend.move = (dataId, values, shape, dtype, refCount) => {
    const before = entry(dataId)?.values;
    move(dataId, values, shape, dtype, refCount);
    if (before !== undefined) released(before);
    held(values);
  };
  backend.readSync = (dataId) => {
    const values = entry(dataId)?.values;
    if (isTypedArray(values)) readOut.add(values.buffer);
    return readSync(dataId);
  };
  backend.disposeData = (dataId, force) => {
    const values = entry(dataId)?.values;
    const disposed = disposeData(dataId, force);
    if (values !== undefined && !backend.data.has(dataId)) released(values);
    return disposed;
  };
}
