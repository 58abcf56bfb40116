import { describe, expect, it } from 'vitest';
import { METHOD_OPTIONS, methodRequest, unreadFields } from '../../../src/shared/methods.js';

describe('unreadFields', () => {
  it('passes every request the app builds for its method choices', () => {
    for (const option of METHOD_OPTIONS) {
      const request = methodRequest(option.id, option.effort?.default);
      expect(unreadFields(request.method, request)).toEqual([]);
    }
  });

  it('names the fields a method does not read, with the methods that read them', () => {
    expect(unreadFields('classical', { samples: 64, decode: 'sample', timeLimitSec: 2 })).toEqual([
      { field: 'decode', readBy: ['jampr', 'am'] },
      { field: 'samples', readBy: ['jampr', 'am', 'random'] },
    ]);
    expect(unreadFields('random', { samples: 500, timeLimitSec: 2 })).toEqual([]);
    expect(unreadFields('jampr', { modelId: 3, improveSec: 2, timeLimitSec: 1 })).toEqual([
      { field: 'timeLimitSec', readBy: ['classical', 'random'] },
    ]);
  });
});
