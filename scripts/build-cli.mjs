#!/usr/bin/env node
// Compiles the `jampr` command to JavaScript in out/cli/ (bin/jampr.mjs runs it): one ES module per command,
// loaded only when used, with the packages left as imports. Part of `npm run build`; takes well under a second.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// Chunk names carry content hashes: start empty so no stale chunk is left beside the new ones.
rmSync(`${root}/out/cli`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts'],
  outdir: 'out/cli',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
