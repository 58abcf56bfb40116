import { describe, expect, it } from 'vitest';
import { samplingChunk } from '../../../src/main/jobs/sampling-chunk.js';

describe('sampling chunk size', () => {
  it('keeps the full batch of 320 on small days and shrinks with N² on large ones', () => {
    expect(samplingChunk(20)).toBe(320);
    expect(samplingChunk(50)).toBe(320);
    expect(samplingChunk(100)).toBe(120);
    expect(samplingChunk(200)).toBe(30);
    expect(samplingChunk(2000)).toBe(1);
  });
});
