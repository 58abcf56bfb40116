#!/usr/bin/env node
// `npm run web`: starts the web mode from the TypeScript source through tsx. Arguments pass through (--port N,
// --db PATH); once they are read, the renderer is built if it never was (src/main/web.ts).
import { register } from 'tsx/esm/api';

register();
await import('../src/main/web.ts');
