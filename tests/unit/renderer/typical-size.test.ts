import { describe, expect, it } from 'vitest';
import { typicalSize } from '../../../src/renderer/training/typical-size.js';

describe('the training size offered for the ticked days', () => {
  it('is their median stop count, within the sizes a model is trained at, and 20 before any is ticked', () => {
    expect(typicalSize([])).toBe(20);
    expect(typicalSize([40, 65, 52])).toBe(52);
    expect(typicalSize([40, 80])).toBe(40);
    expect(typicalSize([150, 180])).toBe(100);
    expect(typicalSize([3])).toBe(5);
  });
});
