#!/usr/bin/env node
// The `jampr` command: runs the TypeScript CLI from source through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
