#!/usr/bin/env node
// `npm run web`: builds the renderer once if it has never been built, then starts the web mode from the
// TypeScript source through tsx. Arguments pass through (--port N, --db PATH).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}/out/renderer/index.html`)) {
  console.log('building the renderer first (npx electron-vite build)...');
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) console.warn('the build failed: starting with the API only');
}
register();
await import('../src/main/web.ts');
