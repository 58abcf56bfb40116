import { describe, expect, it } from 'vitest';
import { isRendererUrl } from '../../../src/main/renderer-location.js';

const packaged = {};
const dev = { devServerUrl: 'http://localhost:5173/' };

describe('the IPC sender and navigation check', () => {
  it('accepts our built page, with or without a query or hash', () => {
    expect(isRendererUrl('app://renderer/index.html', packaged)).toBe(true);
    expect(isRendererUrl('app://renderer/index.html?x=1#plans', packaged)).toBe(true);
  });

  it('refuses another local file, a remote page and garbage', () => {
    expect(isRendererUrl('file:///opt/jampr/out/renderer/index.html', packaged)).toBe(false);
    expect(isRendererUrl('file:///tmp/evil.html', packaged)).toBe(false);
    expect(isRendererUrl('app://renderer/other.html', packaged)).toBe(false);
    expect(isRendererUrl('app://other/index.html', packaged)).toBe(false);
    expect(isRendererUrl('https://example.com/', packaged)).toBe(false);
    expect(isRendererUrl('not a url', packaged)).toBe(false);
  });

  it('accepts the dev server only in development, and only its exact origin', () => {
    expect(isRendererUrl('http://localhost:5173/src/index.html', packaged)).toBe(false);
    expect(isRendererUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isRendererUrl('http://localhost.evil.com:5173/', dev)).toBe(false);
  });
});
