import { processCpuSeconds } from '../../cpu-time.js';
import type { Instance, VariantName } from '../../../shared/domain.js';
import { AppError } from '../../../shared/errors.js';
import { createRng } from '../../vrp/rng.js';
import type { ModelCard } from '../card.js';
import { saveCheckpoint } from '../checkpoint.js';
import type { ModelConfig, ModelKind } from '../model/config.js';
import { RolloutBaseline } from './baseline.js';
import { greedyCosts, mean } from './costs.js';
import { createStepper } from './parallel-step.js';
import { fitPairBias, PAIR_QUANTITY_WEIGHTS } from './pair-search.js';
import { resolveRecipe, type Recipe, type RecipeName } from './recipe.js';
import type { Problem } from '../../vrp/problem.js';
import { setupTraining } from './setup.js';
import type { StepOutcome } from './step.js';
import type { InstanceSource } from './sources.js';

/**
 * The training entry the CLI (`jampr train`) and the app's worker call: REINFORCE for `minutes`,
 * from scratch or resumed from a checkpoint, on generated or stored (perturbed) instances, with a
 * learning curve on a fixed validation set, checkpoints every few minutes, progress callbacks and
 * cancellation. A cancelled or timed-out run still leaves its latest checkpoint in outDir.
 */
export interface TrainProgress {
  instancesSeen: number;
  meanCost: number;
  baselineCost: number;
  validationCost?: number;
  elapsedSec: number;
  cpuSeconds: number;
  epoch: number;
  step: number;
}

export interface TrainModelOptions {
  variant: VariantName;
  size: number;
  kind?: ModelKind;
  model?: Partial<ModelConfig>;
  fromDir?: string;
  instances?: Instance[];
  /** Where training instances come from instead (e.g. city days of many sizes); wins over `instances`. */
  source?: InstanceSource;
  minutes: number;
  /** Also stop once this many instances have been trained on (in total, resumed runs included). */
  maxInstances?: number;
  outDir: string;
  seed: number;
  /**
   * Default 'warm-start' from scratch (imitation for WARM_START_SHARE of the time, then 'pomo-mean'),
   * 'pomo-mean' when resuming.
   */
  recipe?: 'warm-start' | RecipeName | (Partial<Recipe> & { name: RecipeName });
  name?: string;
  validationSize?: number;
  validationSeed?: number;
  /**
   * Fine-tune with BatchNorm frozen on the model's running statistics. Mixing a new distribution into the
   * batch statistics shifts them away from what the model was trained with. Measured on jampr-tw3-n20, greedy
   * on 48 generated / 48 city days: 30 mixed batches without any gradient step moved 884 -> 925 on the
   * generated ones; 8 minutes of pomo-mean on the mix gave 905 -> 923 / 538 -> 546 with batch statistics and
   * 905 -> 914 / 538 -> 530 frozen.
   */
  freezeNorm?: boolean;
  /**
   * Threads that share each step (parallel-step.ts): the batch is split between them and their gradients are
   * combined into one update. Default 1, this thread alone (the app and `jampr train` pass one per core).
   */
  threads?: number;
  /** A fixed validation set instead of one drawn from the training source (e.g. the user's held-out days, any sizes). */
  validationSet?: Problem[];
  checkpointEverySec?: number;
  /**
   * Before the first step, fit the pair bias (pair-search.ts) to `instances` training instances with the rest of
   * the network fixed, for at most `evaluations` greedy passes and `share` of the minutes. For fine-tuning a
   * trained model on one kind of day: four weights follow a city's distances and time slots at once, where the
   * network's small steps take many minutes.
   */
  pairSearch?: { instances: number; evaluations: number; share: number };
  env?: { mCon?: number; mPre?: number };
  /** Free text for the card (e.g. reference costs on the validation set). */
  notes?: string;
  onProgress?: (p: TrainProgress) => void;
  /** Before the first step: the validation cost the run starts from (so a learning curve shows where it began). */
  onStart?: (start: { instancesSeen: number; validationCost: number }) => void;
  /**
   * Stretches of the run that train no step and so report no progress (the pair bias fitted first): what the run is
   * doing, and its time so far, so a progress bar moves through them.
   */
  onPhase?: (phase: { label: string; elapsedSec: number }) => void;
  /**
   * Called after each checkpoint is written to outDir (e.g. to export a shipped copy), with the greedy cost of each
   * validation instance on the weights just written (in the order of the validation set), so that a caller can judge
   * the checkpoint by parts of that set without decoding it again.
   */
  onCheckpoint?: (card: ModelCard, validationCosts: Float64Array) => Promise<void>;
  signal?: AbortSignal;
}

export interface TrainResult {
  card: ModelCard;
  /**
   * The validation cost when this run started (measured then, or the card's last one on the same validation set)
   * and when it ended: whether the run made the model better on its validation instances.
   */
  validation: { start: number | null; end: number | null };
  stoppedBy: 'time' | 'instances' | 'cancelled';
  /** Threads that shared each step (1 where only one was asked for, or no worker could be started). */
  threads: number;
}

/** Share of a warm-start run spent imitating the classical solver before REINFORCE takes over. */
export const WARM_START_SHARE = 0.4;

export async function trainModel(o: TrainModelOptions): Promise<TrainResult> {
  if (!(o.minutes > 0)) throw new AppError('input', `training minutes must be positive, got ${o.minutes}`);
  const chosen = o.recipe ?? (o.fromDir ? 'pomo-mean' : 'warm-start');
  if (chosen === 'warm-start') return warmStart(o);
  return trainWithRecipe({ ...o, recipe: chosen });
}

/** Imitation, then REINFORCE from the imitation checkpoint, within the same minutes and signal. */
async function warmStart(o: TrainModelOptions): Promise<TrainResult> {
  const started = performance.now();
  const first = await trainWithRecipe({ ...o, recipe: 'imitation', minutes: o.minutes * WARM_START_SHARE });
  const offset = (performance.now() - started) / 1000;
  const left = o.minutes - offset / 60;
  if (first.stoppedBy !== 'time' || left <= 0) return first;
  // Progress and phases keep counting the run's time from its start (a bar fed by both never runs back at the switch).
  const onProgress = o.onProgress && ((p: TrainProgress) => o.onProgress?.({ ...p, elapsedSec: p.elapsedSec + offset }));
  const onPhase = o.onPhase && ((p: { label: string; elapsedSec: number }) => o.onPhase?.({ ...p, elapsedSec: p.elapsedSec + offset }));
  // The run started once: its start point came from the first stage.
  const second = await trainWithRecipe({
    ...o,
    fromDir: o.outDir,
    recipe: 'pomo-mean',
    minutes: left,
    onProgress,
    onPhase,
    onStart: undefined,
  });
  return { ...second, validation: { start: first.validation.start, end: second.validation.end } };
}

async function trainWithRecipe(
  o: TrainModelOptions & { recipe: RecipeName | (Partial<Recipe> & { name: RecipeName }) },
): Promise<TrainResult> {
  const recipe = resolveRecipe(o.recipe);
  const kind = o.kind ?? 'jampr';
  const validationSize = o.validationSet?.length ?? o.validationSize ?? 128;
  const validationSeed = o.validationSeed ?? 4321;
  const setup = await setupTraining({
    ...o,
    kind,
    recipe,
    validationSize,
    validationSeed,
    name: o.name ?? `${kind}-${o.variant}-n${o.size}`,
  });
  const { policy, adam, env, source } = setup;
  let card = o.notes ? { ...setup.card, notes: o.notes } : setup.card;
  const rng = createRng(o.seed + 7919 * card.instancesTrained);
  const validation = o.validationSet ?? source.draw(validationSize, createRng(validationSeed));
  const baseline = recipe.name === 'rollout' ? new RolloutBaseline(env, source, recipe.evalSize, rng.fork(), policy) : null;
  const startWall = performance.now();
  const startCpu = processCpuSeconds();
  const cpuBefore = card.cpuSeconds;
  const elapsed = () => (performance.now() - startWall) / 1000;
  const cpuTotal = () => cpuBefore + processCpuSeconds() - startCpu;
  let lastSave = elapsed();
  let { epoch, stepInEpoch } = card.training ?? { epoch: 0, stepInEpoch: 0 };
  let validatedAt = -1;
  let validationCosts: Float64Array = new Float64Array(0);
  const stepsPerEpoch = Math.ceil(recipe.epochSize / recipe.batchSize);

  /** Appends a validation point; `measured` are costs just measured on the same weights, not to be measured again. */
  const validate = (measured?: Float64Array) => {
    validationCosts = measured ?? greedyCosts(policy, validation, env);
    const cost = mean(validationCosts);
    card = {
      ...card,
      validation: {
        ...card.validation,
        curve: [...card.validation.curve, { instances: card.instancesTrained, cpuSeconds: round(cpuTotal()), cost: round(cost), epoch }],
      },
    };
    validatedAt = card.instancesTrained;
    return cost;
  };
  /**
   * A run that continues a card's curve checks its last point first: the same weights on the same days give the same
   * greedy cost unless the cost itself changed since (another version of the evaluator, the frame, the fleet rule).
   * Then the old points measure something else, and the curve restarts here rather than show a jump no training made.
   */
  const startCurve = (): void => {
    const last = card.validation.curve.at(-1);
    if (!last) {
      validate();
      return;
    }
    const costs = greedyCosts(policy, validation, env);
    const now = mean(costs);
    if (Math.abs(round(now) - last.cost) <= 1e-6 * Math.max(1, Math.abs(last.cost))) return;
    const line = `validation curve restarted at ${card.instancesTrained} instances: its last cost ${last.cost} is ${round(now)} today`;
    card = { ...card, validation: { ...card.validation, curve: [] }, notes: card.notes ? `${card.notes} ${line}.` : `${line}.` };
    validate(costs);
  };
  const save = async () => {
    card = { ...card, cpuSeconds: round(cpuTotal()), date: new Date().toISOString(), training: { epoch, stepInEpoch } };
    await saveCheckpoint(o.outDir, policy, card, adam.state());
    // Every save follows a validation of the weights it writes (in the loop, and at the end unless just done).
    await o.onCheckpoint?.(card, validationCosts);
    lastSave = elapsed();
  };

  /** Progress after the latest finished step (on several threads a call may finish none, or a few). */
  const report = (stats: StepOutcome | undefined, validationCost: number | undefined) => {
    if (!stats) return;
    o.onProgress?.({
      instancesSeen: card.instancesTrained,
      meanCost: stats.meanCost,
      baselineCost: stats.baselineCost,
      validationCost,
      elapsedSec: elapsed(),
      cpuSeconds: cpuTotal(),
      epoch,
      step: stepInEpoch,
    });
  };

  let stoppedBy: TrainResult['stoppedBy'] = 'time';
  const stepper = createStepper(o.threads ?? 1);
  try {
    o.onPhase?.({ label: 'measuring the model it starts from on the validation days', elapsedSec: elapsed() });
    startCurve();
    const startValidation = card.validation.curve.at(-1)?.cost ?? null;
    if (startValidation !== null) o.onStart?.({ instancesSeen: card.instancesTrained, validationCost: startValidation });
    if (o.pairSearch && kind === 'jampr') {
      const { instances, evaluations, share } = o.pairSearch;
      // Perturbed copies drawn from the training days (one day ticked gives 32 copies of it), not 32 distinct days.
      const phase = `fitting the pair bias on ${instances} perturbed copies of the days`;
      o.onPhase?.({ label: phase, elapsedSec: elapsed() });
      const fit = await fitPairBias(policy, source.draw(instances, rng), env, {
        evaluations,
        onGeneration: () => o.onPhase?.({ label: phase, elapsedSec: elapsed() }),
        // The first half: it acts on every day, whatever the fleet (pair-features.ts).
        weights: PAIR_QUANTITY_WEIGHTS,
        seed: o.seed,
        stop: () => elapsed() > share * o.minutes * 60 || (o.signal?.aborted ?? false),
      });
      if (fit) {
        const theta = fit.theta.map((v) => v.toFixed(3)).join(', ');
        const line = `pair bias fitted on ${instances} training instances: [${theta}], greedy ${fit.startMean.toFixed(1)} -> ${fit.mean.toFixed(1)}`;
        card = { ...card, notes: card.notes ? `${card.notes} ${line}.` : `${line}.` };
      }
    }
    while (elapsed() < o.minutes * 60) {
      if (card.instancesTrained >= (o.maxInstances ?? Infinity)) {
        stoppedBy = 'instances';
        break;
      }
      // The yield lets a Ctrl-C or a cancel arrive (a step on this thread holds the event loop); the signal is read after
      // it, so a stop asked for during a step ends the run there rather than after one more step.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (o.signal?.aborted) {
        stoppedBy = 'cancelled';
        break;
      }
      const problems = source.draw(recipe.batchSize, rng);
      const finished = await stepper.step(recipe, { policy, adam, env, baseline, epoch, frozenNorm: o.freezeNorm ?? false }, problems, rng);
      card = { ...card, instancesTrained: card.instancesTrained + problems.length, training: { epoch, stepInEpoch: stepInEpoch + 1 } };
      stepInEpoch++;
      let validationCost: number | undefined;
      // Validation, the baseline's test and checkpoints see every batch sent so far applied.
      if (stepInEpoch >= stepsPerEpoch) {
        finished.push(...(await stepper.flush()));
        baseline?.check(policy);
        validationCost = validate();
        epoch++;
        stepInEpoch = 0;
        adam.learningRate /= 1 + recipe.learningRateDecay * epoch; // η_t = η_{t−1}/(1 + 0.001·t); saved with the optimizer
        card = { ...card, training: { epoch, stepInEpoch } };
        await save();
      } else if (elapsed() - lastSave >= (o.checkpointEverySec ?? 300)) {
        finished.push(...(await stepper.flush()));
        validationCost = validate();
        await save();
      }
      report(finished.at(-1), validationCost);
    }
    report((await stepper.flush()).at(-1), undefined);
    if (validatedAt !== card.instancesTrained) validate();
    await save();
    const validation = { start: startValidation, end: card.validation.curve.at(-1)?.cost ?? null };
    return { card, stoppedBy, threads: stepper.threads, validation };
  } finally {
    await stepper.close();
    baseline?.dispose();
    adam.dispose();
    policy.dispose();
  }
}

const round = (v: number) => Math.round(v * 1000) / 1000;
