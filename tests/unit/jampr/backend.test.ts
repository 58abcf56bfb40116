import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { chooseBackend, currentBackendInfo, selectBackend } from '../../../src/main/jampr/backend/backend.js';

function missing(specifier: string): Promise<unknown> {
  return Promise.reject(Object.assign(new Error(`Cannot find package '${specifier}'`), { code: 'ERR_MODULE_NOT_FOUND' }));
}

describe('backend selection', () => {
  it('falls back to the cpu backend with fast kernels when no native package is installed', async () => {
    const info = await chooseBackend({ importPackage: missing });
    expect(info.name).toBe('cpu');
    expect(tf.getBackend()).toBe('cpu');
    expect(info.fastKernels).toContain('BatchMatMul');
    expect(info.detail).toContain('@tensorflow/tfjs-node-gpu: not installed');
    expect(info.detail).toContain('@tensorflow/tfjs-node: not installed');
  });

  it('reports a native package that loads but brings no working backend, and still falls back', async () => {
    const info = await chooseBackend({ importPackage: () => Promise.resolve({}) });
    expect(info.name).toBe('cpu');
    expect(info.detail).toMatch(/tfjs-node-gpu: failed to load \(Backend name 'tensorflow' not found/);
  });

  it('reports a native package whose library fails to load', async () => {
    const info = await chooseBackend({
      importPackage: () => Promise.reject(new Error('libtensorflow.so.2: cannot open shared object file\nmore')),
    });
    expect(info.detail).toContain('failed to load (libtensorflow.so.2: cannot open shared object file)');
  });

  it('selects once per process, logs the choice once and exposes it for `jampr info`', async () => {
    const lines: string[] = [];
    const first = await selectBackend({ log: (line) => lines.push(line) });
    const second = await selectBackend({ log: (line) => lines.push(line) });
    expect(second).toBe(first);
    expect(currentBackendInfo()).toBe(first);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`TensorFlow.js backend: ${first.name}`);
  });
});
