import { selectBackend } from '../../main/jampr/backend/backend.js';
import { defaultModelsRoot, listModels, modelsRootProblem } from '../../main/jampr/model-catalog.js';
import { parseFlags } from '../args.js';
import { printWarning } from '../print-warning.js';
import { JAMPR_VERSION } from '../version.js';

/** Versions, the TensorFlow.js backend this machine gets, and the models `jampr plan` chooses from. */
export async function run(argv: string[]): Promise<void> {
  parseFlags('info', argv, {});
  const backend = await selectBackend({ log: () => {} });
  const modelsRoot = defaultModelsRoot();
  const models = (await listModels(modelsRoot)).map(({ card }) => ({
    name: card.name,
    kind: card.kind,
    variant: card.variant,
    size: card.size,
    recipe: card.recipe.name,
    instancesTrained: card.instancesTrained,
    cpuSeconds: card.cpuSeconds,
    validationCost: card.validation.curve.at(-1)?.cost ?? null,
    date: card.date,
  }));
  console.log(
    JSON.stringify(
      {
        version: JAMPR_VERSION,
        node: process.versions.node,
        backend: backend.name,
        backendDetail: backend.detail,
        fastKernels: backend.fastKernels,
        modelsRoot,
        models,
      },
      null,
      2,
    ),
  );
  // Its list of models is empty then: said why, by the rule jampr plan refuses with, rather than an empty list alone.
  const rootProblem = modelsRootProblem(modelsRoot);
  if (rootProblem) printWarning(rootProblem.message);
}
