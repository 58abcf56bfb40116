import type { KeyValueStore } from '../../../src/renderer/state/last-opened.js';

/** A store of its own per test, kept in memory (the renderer's is the browser's localStorage). */
export function memoryStorage(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
