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
  // Besides the command, the entries that run in worker threads: the ML worker that `jampr plan` plans on and the
  // thread `jampr bench --speed` measures on (so that Ctrl-C is heard while they are busy), the classical solver's
  // helper searches, the trainer's threads and the model's sampling helpers (each started from its own file next to
  // main.js).
  entryPoints: {
    main: 'src/cli/main.ts',
    'ml-worker': 'src/main/ml-worker.ts',
    'speed-worker': 'src/cli/speed-worker.ts',
    'classical-helper': 'src/main/jobs/classical-helper.ts',
    'train-worker': 'src/main/jampr/train/train-worker.ts',
    'sampling-worker': 'src/main/jampr/sampling-worker.ts',
  },
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
