import { describe, expect, it } from 'vitest';
import { noticeTitle } from '../../../src/renderer/panels/notice-title.js';

describe("a banner's heading", () => {
  it('names the error by its kind, an unexpected one as such', () => {
    expect(noticeTitle({ kind: 'internal' })).toBe('Unexpected error');
    expect(noticeTitle({ kind: 'input' })).toBe('Input problem');
  });

  it('is the notice’s own where it names itself (a lost connection is no unexpected error)', () => {
    expect(noticeTitle({ kind: 'internal', title: 'Connection lost' })).toBe('Connection lost');
  });
});
