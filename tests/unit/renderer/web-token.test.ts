import { describe, expect, it } from 'vitest';
import { takeWebToken, type TokenPlace } from '../../../src/renderer/api/web-token.js';

function place(search: string, stored: Record<string, string> = {}) {
  const replaced: string[] = [];
  const storage = new Map(Object.entries(stored));
  const where: TokenPlace = {
    location: { pathname: '/', search, hash: '#plan' },
    history: { state: null, replaceState: (_s, _u, url) => void replaced.push(url) },
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
  };
  return { where, replaced, storage };
}

describe('the web token in the page', () => {
  it('is taken from the address, kept for this tab and removed from the address bar', () => {
    const { where, replaced, storage } = place('?token=abc&view=map');
    expect(takeWebToken(where)).toBe('abc');
    expect(replaced).toEqual(['/?view=map#plan']);
    expect([...storage.values()]).toEqual(['abc']);
  });

  it('survives a reload from the tab storage, without touching the address', () => {
    const { where, replaced } = place('', { 'jampr.token': 'abc' });
    expect(takeWebToken(where)).toBe('abc');
    expect(replaced).toEqual([]);
  });
});
