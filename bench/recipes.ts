/**
 * Compares training recipes from the same untrained JAMPR model on the same instances: greedy validation cost
 * against CPU minutes (training plus validation), one short run per recipe. Writes a markdown table.
 *
 *   npx tsx bench/recipes.ts [--variant tw1] [--size 20] [--minutes 8] [--recipes rollout,pomo-mean,imitation,warm-start]
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { VariantName } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import type { RecipeName } from '../src/main/jampr/train/recipe.js';
import { trainModel } from '../src/main/jampr/train/train.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'tw1' },
    size: { type: 'string', default: '20' },
    minutes: { type: 'string', default: '8' },
    recipes: { type: 'string', default: 'rollout,pomo-mean,imitation,warm-start' },
  },
});
const recipes = values.recipes.split(',') as ('warm-start' | RecipeName)[];
const CHECKPOINTS_MIN = [1, 2, 4, 6, 8, 12, 16].filter((m) => m <= Number(values.minutes));

await selectBackend();
const rows: string[] = [];
for (const recipe of recipes) {
  const outDir = `.tmp/recipes/${recipe}`;
  rmSync(outDir, { recursive: true, force: true });
  const { card } = await trainModel({
    variant: values.variant as VariantName,
    size: Number(values.size),
    outDir,
    seed: 5,
    minutes: Number(values.minutes),
    recipe,
    validationSize: 64,
    validationSeed: 4321,
    checkpointEverySec: 45,
  });
  const curve = card.validation.curve;
  /** The validation cost last measured by that many CPU minutes (training is noisy, so also the best so far); a run that ended earlier shows its last point. */
  const at = (minutes: number) => {
    const seen = curve.filter((p) => p.cpuSeconds <= minutes * 60);
    return seen.length ? `${seen.at(-1)?.cost.toFixed(0)} (best ${Math.min(...seen.map((p) => p.cost)).toFixed(0)})` : '–';
  };
  const end = curve.at(-1);
  rows.push(
    `| ${recipe} | ${CHECKPOINTS_MIN.map(at).join(' | ')} | ${end?.cost.toFixed(0)} (${(card.cpuSeconds / 60).toFixed(1)} min) | ${card.instancesTrained} |`,
  );
  console.log(`${recipe}: ${JSON.stringify(curve)}`);
}
console.log(`\n${values.variant} N=${values.size}, validation: 64 instances (seed 4321), greedy cost at CPU minutes:\n`);
console.log(`| recipe | ${CHECKPOINTS_MIN.map((m) => `${m} min`).join(' | ')} | end of run (CPU) | instances |`);
console.log(`|---|${CHECKPOINTS_MIN.map(() => '---').join('|')}|---|---|`);
for (const row of rows) console.log(row);
