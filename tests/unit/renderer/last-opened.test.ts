import { describe, expect, it } from 'vitest';
import { forgetLastOpened, readLastOpened, rememberLastOpened } from '../../../src/renderer/state/last-opened.js';
import { memoryStorage } from './memory-storage.js';

describe('the instance and plan last on screen', () => {
  it('is remembered, read back and forgotten', () => {
    const storage = memoryStorage();
    expect(readLastOpened(storage)).toBeNull();
    const createdAt = '2026-11-27T08:00:00.000Z';
    rememberLastOpened({ instanceId: 4, createdAt, planId: 9 }, storage);
    expect(readLastOpened(storage)).toEqual({ instanceId: 4, createdAt, planId: 9 });
    rememberLastOpened({ instanceId: 5, createdAt, planId: null }, storage);
    expect(readLastOpened(storage)).toEqual({ instanceId: 5, createdAt, planId: null });
    forgetLastOpened(storage);
    expect(readLastOpened(storage)).toBeNull();
  });

  it('reads nothing from a value it did not write', () => {
    const storage = memoryStorage();
    for (const junk of ['{', '"x"', '{"instanceId":"4"}', '{"instanceId":4}', '{"planId":3}', 'null']) {
      storage.setItem('jampr.lastOpened', junk);
      expect(readLastOpened(storage), junk).toBeNull();
    }
  });
});
