import { describe, expect, it } from 'vitest';
import { samplingChunk } from '../../../src/main/jobs/sampling-chunk.js';

describe('sampling chunk size', () => {
  it('keeps chunks of 32 on small and mid-sized days (four for the default 128 samples) and shrinks with N² on large ones', () => {
    expect(samplingChunk(20)).toBe(32);
    expect(samplingChunk(100)).toBe(32);
    expect(samplingChunk(200)).toBe(30);
    expect(samplingChunk(2000)).toBe(1);
  });
});
