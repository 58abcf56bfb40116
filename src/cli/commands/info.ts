import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { selectBackend } from '../../main/jampr/backend/backend.js';
import { parseFlags } from '../args.js';

const MODELS_DIR = join(import.meta.dirname, '..', '..', '..', 'resources', 'models');

/** Versions, the TensorFlow.js backend this machine gets, and the shipped models. */
export async function run(argv: string[]): Promise<void> {
  parseFlags(argv, {});
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string };
  const backend = await selectBackend({ log: () => {} });
  const models = existsSync(MODELS_DIR)
    ? readdirSync(MODELS_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(MODELS_DIR, d.name, 'card.json')))
        .map((d) => ({ name: d.name, card: JSON.parse(readFileSync(join(MODELS_DIR, d.name, 'card.json'), 'utf8')) as Record<string, unknown> }))
        .map(({ name, card }) => ({ name, variant: card.variant, size: card.size, recipe: card.recipe, instancesSeen: card.instancesSeen, validationCost: card.validationCost }))
    : [];
  console.log(JSON.stringify({ version: pkg.version, node: process.versions.node, backend: backend.name, backendDetail: backend.detail, fastKernels: backend.fastKernels, models }, null, 2));
}
