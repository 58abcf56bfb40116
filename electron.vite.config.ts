import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    // The classical solver's helper threads, the trainer's threads and the model's sampling helpers start from their
    // own entries (src/main/jobs/classical-parallel.ts, src/main/jampr/train/parallel-step.ts, src/main/jampr/sampling-pool.ts).
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          'classical-helper': resolve('src/main/jobs/classical-helper.ts'),
          'train-worker': resolve('src/main/jampr/train/train-worker.ts'),
          'sampling-worker': resolve('src/main/jampr/sampling-worker.ts'),
        },
      },
    },
  },
  // A sandboxed preload cannot require packages or load ES modules: one CommonJS file with zod bundled in.
  preload: {
    plugins: [externalizeDepsPlugin({ exclude: ['zod'] })],
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react()],
    build: { rollupOptions: { input: { index: resolve('src/renderer/index.html') } } },
  },
});
