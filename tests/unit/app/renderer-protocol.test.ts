import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/content-security.js';
import { RENDERER_PAGE } from '../../../src/main/renderer-location.js';
import { rendererResponse } from '../../../src/main/renderer-protocol.js';

const root = mkdtempSync(join(tmpdir(), 'jampr-protocol-'));
const dir = join(root, 'renderer');
mkdirSync(join(dir, 'assets'), { recursive: true });
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(root, 'secret.txt'), 'secret');

describe('the app:// protocol of the desktop renderer', () => {
  it('serves the page with the Content-Security-Policy and its assets with their types', async () => {
    const page = await rendererResponse(RENDERER_PAGE, dir);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>t</title>');
    const script = await rendererResponse('app://renderer/assets/app.js', dir);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toBe('console.log(1)');
  });

  it('answers 404 outside the renderer folder, for another host and for a missing file', async () => {
    for (const url of [
      'app://renderer/../secret.txt',
      'app://renderer/%2e%2e/secret.txt',
      'app://renderer/..%2Fsecret.txt',
      'app://renderer/assets/%00app.js',
      'app://renderer/%E0%A4%A',
      'app://other/index.html',
      'app://renderer/missing.js',
    ]) {
      expect((await rendererResponse(url, dir)).status, url).toBe(404);
    }
  });
});
