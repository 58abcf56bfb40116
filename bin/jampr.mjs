#!/usr/bin/env node
// The `jampr` command: runs the compiled CLI in out/cli/ (`npm run build`, which ./scripts/setup.sh runs).
import { existsSync } from 'node:fs';

const main = new URL('../out/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('jampr: the command is not built yet: run `npm run build` (or ./scripts/setup.sh) first\n');
  process.exit(1);
}
await import(main.href);
