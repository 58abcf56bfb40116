import { processCpuSeconds } from '../../cpu-time.js';
import { AppError } from '../../../shared/errors.js';
import { PAIR_GENERATION, VALIDATION_DAYS_DRAWN } from '../../../shared/training-time.js';
import { createRng } from '../../vrp/rng.js';
import { roundCurveCost } from '../card.js';
import { saveCheckpoint } from '../checkpoint.js';
import { RolloutBaseline } from './baseline.js';
import { interiorPointFits, probeBatch, stepBatch } from './budget.js';
import { cardNotes, earlyStopNote, newValidationSetNote } from './card-notes.js';
import { greedyCosts, mean } from './costs.js';
import { heldOutPlanCosts } from './plan-validation.js';
import { createStepper } from './parallel-step.js';
import { fitPairBias, PAIR_QUANTITY_WEIGHTS } from './pair-search.js';
import { resolveRecipe } from './recipe.js';
import { FIRST_STEP_PHASE, pairBiasPhase } from './phases.js';
import { SaveGate } from './save-gate.js';
import { setupTraining } from './setup.js';
import type { StepOutcome } from './step.js';
import type { TrainModelOptions, TrainProgress, TrainResult } from './train-options.js';
import { type StageOptions, warmStart } from './warm-start.js';

export type { TrainModelOptions, TrainProgress, TrainResult };

/**
 * The training entry the CLI (`jampr train`) and the app's worker call: REINFORCE for `minutes`,
 * from scratch or resumed from a checkpoint, on generated or stored (perturbed) instances, with a
 * learning curve on a fixed validation set, checkpoints every few minutes, progress callbacks and
 * cancellation. The minutes are the run's own wall time, its first and last validation included. A timed-out run
 * leaves its latest checkpoint in outDir; a cancelled one too once it has trained a step (saved at once, without a
 * last validation, its card saying it stopped early), and nothing before that.
 */
export async function trainModel(o: TrainModelOptions): Promise<TrainResult> {
  if (!(o.minutes > 0)) throw new AppError('input', `training minutes must be positive, got ${o.minutes}`);
  const chosen = o.recipe ?? (o.fromDir ? 'pomo-mean' : 'warm-start');
  if (chosen === 'warm-start') return warmStart(o, trainWithRecipe);
  return trainWithRecipe({ ...o, recipe: chosen });
}

async function trainWithRecipe(o: StageOptions): Promise<TrainResult> {
  const recipe = resolveRecipe(o.recipe);
  const kind = o.kind ?? 'jampr';
  const validationSize = o.validationSet?.length ?? o.validationSize ?? VALIDATION_DAYS_DRAWN;
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
  const earlierNotes = card.notes;
  const runNotes = [...(o.continuing?.notes ?? [])];
  /** This run's notes come first on the card, the model's earlier ones after "Before: " (card-notes.ts). */
  const note = (line: string) => {
    runNotes.push(line);
    card = { ...card, notes: cardNotes(runNotes, earlierNotes) };
  };
  const startInstances = card.instancesTrained - (o.continuing?.instancesBefore ?? 0);
  const rng = createRng(o.seed + 7919 * card.instancesTrained);
  const validation = o.validationSet ?? source.draw(validationSize, createRng(validationSeed));
  if (setup.droppedCurve.length) {
    const set = o.validationSet
      ? `${validation.length} ${o.validationLabel ?? 'given validation instances'}`
      : `${validationSize} instances drawn (seed ${validationSeed}) from ${source.description}`;
    note(newValidationSetNote(card.instancesTrained, set, setup.droppedCurve, o.validationDays ? 'plans' : undefined));
  }
  const baseline = recipe.name === 'rollout' ? new RolloutBaseline(env, source, recipe.evalSize, rng.fork(), policy) : null;
  const startWall = performance.now();
  const startCpu = processCpuSeconds();
  const cpuBefore = card.cpuSeconds;
  const elapsed = () => (performance.now() - startWall) / 1000;
  const cpuTotal = () => cpuBefore + processCpuSeconds() - startCpu;
  let lastSave = elapsed();
  const gate = new SaveGate(o.saveGate);
  let { epoch, stepInEpoch } = card.training ?? { epoch: 0, stepInEpoch: 0 };
  let stoppedBy: TrainResult['stoppedBy'] = 'time';
  let validatedAt = -1;
  let validationCosts: Float64Array = new Float64Array(0);
  /** Customers the validation plans left unserved at the latest point (undefined: measured in model units). */
  let validationUnserved: number | undefined;
  /** The plans of the validation days by the model the run starts from, and at the latest point (validatedAt). */
  let startMeasured: Measured | null = null;
  let lastMeasured: Measured | null = null;
  /** Seconds the curve's points between its first and its last took (budget.ts, interiorPointFits). */
  let interiorSec = 0;
  // The held-out days measured as the verdict measures them (plan-validation.ts), said on the card.
  if (o.validationDays) card = { ...card, validation: { ...card.validation, measure: 'plans' } };
  /** Seconds the latest validation took, and all of this stage's validations together. */
  let validationSec = 0;
  let validationSecTotal = 0;
  /** The validation days' costs on the weights as they are now, and the customers left unserved where plans measure them. */
  const measure = (): Measured => {
    const started = performance.now();
    try {
      return o.validationDays
        ? heldOutPlanCosts(policy, env.mPre, o.validationDays, env.variant, o.signal)
        : { costs: greedyCosts(policy, validation, env, o.signal), unserved: undefined };
    } finally {
      validationSec = (performance.now() - started) / 1000;
      validationSecTotal += validationSec;
    }
  };
  const stepsPerEpoch = Math.ceil(recipe.epochSize / recipe.batchSize);

  /**
   * Appends a validation point; `measured` are costs just measured on the same weights, not to be measured again.
   * Measuring reads the signal at every decoding step: a cancel ends it with AppError('cancelled'), nothing appended.
   */
  const validate = (measured?: Measured) => {
    lastMeasured = measured ?? measure();
    const { costs, unserved } = lastMeasured;
    validationCosts = costs;
    validationUnserved = unserved;
    const cost = mean(validationCosts);
    const point = { instances: card.instancesTrained, cpuSeconds: round(cpuTotal()), cost: round(cost), epoch };
    card = {
      ...card,
      validation: { ...card.validation, curve: [...card.validation.curve, unserved === undefined ? point : { ...point, unserved }] },
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
      startMeasured = lastMeasured;
      return;
    }
    const measured = measure();
    startMeasured = measured;
    lastMeasured = measured;
    const now = mean(measured.costs);
    if (Math.abs(round(now) - last.cost) <= 1e-6 * Math.max(1, Math.abs(last.cost)) && measured.unserved === last.unserved) {
      validationUnserved = last.unserved;
      return;
    }
    card = { ...card, validation: { ...card.validation, curve: [] } };
    note(`validation curve restarted at ${card.instancesTrained} instances: its last cost ${last.cost} is ${round(now)} today`);
    validate(measured);
  };
  /** Whether a cancel stopped the run (read through a call: the loop's condition would narrow the variable). */
  const cancelled = (): boolean => stoppedBy === 'cancelled';
  /** A validation in the loop, or undefined where a cancel ended it (the run then stops and saves what it trained). */
  const validateUnlessCancelled = (): number | undefined => {
    try {
      return validate();
    } catch (err) {
      if (!isCancel(err)) throw err;
      stoppedBy = 'cancelled';
      return undefined;
    }
  };
  const save = async () => {
    card = { ...card, cpuSeconds: round(cpuTotal()), date: new Date().toISOString(), training: { epoch, stepInEpoch } };
    if (!gate.enter()) return; // the process is ending: nothing more is written
    try {
      await saveCheckpoint(o.outDir, policy, card, adam.state());
    } finally {
      gate.leave();
    }
    // A cancelled run's weights, and a checkpoint's whose point the validation share left out (budget.ts), were not
    // validated: a caller that judges checkpoints by their validation must not judge them.
    if (stoppedBy !== 'cancelled' && validatedAt === card.instancesTrained) await o.onCheckpoint?.(card, validationCosts);
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
      ...(validationCost !== undefined && validationUnserved !== undefined ? { validationUnserved } : {}),
      steps: stepsBefore + steps,
      elapsedSec: elapsed(),
      cpuSeconds: cpuTotal(),
      epoch,
      step: stepInEpoch,
    });
  };

  let startValidation: number | null = null;
  /** Steps this stage has taken; a warm start's second stage counts its first stage's before them. */
  let steps = 0;
  const stepsBefore = o.continuing?.stepsBefore ?? 0;
  const stepper = createStepper(o.threads ?? 1);
  try {
    // The run ends with a validation as long as its first one, counted in its minutes (budget.ts), and the caller's
    // plans of the held-out days after it where it asks for them (reserveValidations).
    let closingSec = 0;
    try {
      const last = card.validation.curve.at(-1);
      if (o.continuing && last?.instances === card.instancesTrained) {
        // A warm start's second stage starts from the weights its first stage validated last and saved: measured again
        // they give the same point. Planning the held-out days as the plan job does, that measure took 25 s of a
        // two-minute run on ten held-out days (a loaded machine), seconds the steps need.
        validatedAt = card.instancesTrained;
        validationUnserved = last.unserved;
        closingSec = o.continuing.validationSec;
      } else {
        // A warm start's second stage measures what its first stage trained: said so, as the run has begun by then.
        const measured = o.continuing
          ? 'the model its warm start made (imitating the classical solver) on the validation days, before reinforcing it'
          : 'the model it starts from on the validation days';
        o.onPhase?.({ label: `measuring ${measured}`, elapsedSec: elapsed() });
        const measuring = elapsed();
        startCurve();
        closingSec = elapsed() - measuring;
      }
      startValidation = card.validation.curve.at(-1)?.cost ?? null;
      if (startValidation !== null)
        o.onStart?.({
          instancesSeen: card.instancesTrained,
          validationCost: startValidation,
          ...(validationUnserved !== undefined ? { validationUnserved } : {}),
        });
      if (o.pairSearch && kind === 'jampr') {
        const { instances, evaluations, share } = o.pairSearch;
        const phase = pairBiasPhase(instances, source.perturbsStoredDays === true);
        o.onPhase?.({ label: phase, elapsedSec: elapsed() });
        const fit = await fitPairBias(policy, source.draw(instances, rng), env, {
          evaluations,
          onGeneration: () => o.onPhase?.({ label: phase, elapsedSec: elapsed() }),
          // The first half: it acts on every day, whatever the fleet (pair-features.ts).
          weights: PAIR_QUANTITY_WEIGHTS,
          seed: o.seed,
          stop: () => elapsed() > share * o.minutes * 60,
          signal: o.signal,
        });
        if (fit && fit.evaluations < Math.min(evaluations, 1 + PAIR_GENERATION)) {
          // Its share was spent before a generation of its search ended (measuring the model it starts from outlasted
          // it, or the first greedy pass did): the model keeps the pair bias it came with.
          const when = fit.evaluations === 0 ? 'before its first greedy pass ended' : 'before its search tried a set of weights';
          note(
            `pair bias not fitted: its share of the run (${Math.round(share * 100)} % of ${o.minutes} min) was spent ${when}; the model keeps the one it started with`,
          );
        } else if (fit) {
          const theta = fit.theta.map((v) => v.toFixed(3)).join(', ');
          note(
            `pair bias fitted on ${instances} training instances: [${theta}], greedy ${fit.startMean.toFixed(1)} -> ${fit.mean.toFixed(1)}`,
          );
        }
      }
    } catch (err) {
      // Measuring and fitting stop at once on a cancel: nothing is trained yet, so nothing is written below.
      if (!isCancel(err)) throw err;
      stoppedBy = 'cancelled';
    }
    const loopStart = elapsed();
    const loopInstances = card.instancesTrained;
    while (stoppedBy !== 'cancelled') {
      if (card.instancesTrained >= (o.maxInstances ?? Infinity)) {
        stoppedBy = 'instances';
        break;
      }
      const trained = card.instancesTrained - loopInstances;
      const batch = stepBatch({
        elapsedSec: elapsed(),
        perInstanceSec: trained > 0 ? (elapsed() - loopStart) / trained : null,
        closingSec: closingSec * (1 + (o.reserveValidations ?? 0)),
        budgetSec: o.minutes * 60,
        batchSize: recipe.batchSize,
        probe: probeBatch(recipe.batchSize, stepper.threads),
      });
      if (batch === 0) break;
      // Said before the signal is read: a stop asked for after it saves the step, one asked for before it writes nothing.
      if (steps === 0 && !o.continuing) o.onPhase?.({ label: FIRST_STEP_PHASE, elapsedSec: elapsed() });
      // The yield lets a Ctrl-C or a cancel arrive (a step on this thread holds the event loop); the signal is read after
      // it, so a stop asked for during a step ends the run there rather than after one more step.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (o.signal?.aborted) {
        stoppedBy = 'cancelled';
        break;
      }
      const problems = source.draw(batch, rng);
      const finished = await stepper.step(recipe, { policy, adam, env, baseline, epoch, frozenNorm: o.freezeNorm ?? false }, problems, rng);
      // A first step cut short measures the time per instance for the next: taken whole before they are sized by it
      // (on several threads the call returns as soon as a thread takes the batch).
      if (trained === 0 && batch < recipe.batchSize) finished.push(...(await stepper.flush()));
      steps++;
      card = { ...card, instancesTrained: card.instancesTrained + problems.length, training: { epoch, stepInEpoch: stepInEpoch + 1 } };
      stepInEpoch++;
      let validationCost: number | undefined;
      const epochEnds = stepInEpoch >= stepsPerEpoch;
      const checkpointDue = elapsed() - lastSave >= (o.checkpointEverySec ?? 300);
      // Validation, the baseline's test and checkpoints see every batch sent so far applied.
      if (epochEnds || checkpointDue) {
        finished.push(...(await stepper.flush()));
        if (epochEnds) baseline?.check(policy);
        // A point between the first and the last only within its share of the run (budget.ts); a checkpoint is saved on
        // time without one, so that a run stopped by the app keeps its work.
        if (interiorPointFits({ interiorSec, nextSec: validationSec, elapsedSec: elapsed() })) {
          const measuring = elapsed();
          validationCost = validateUnlessCancelled();
          interiorSec += elapsed() - measuring;
        }
        if (!cancelled()) {
          if (epochEnds) {
            epoch++;
            stepInEpoch = 0;
            adam.learningRate /= 1 + recipe.learningRateDecay * epoch; // η_t = η_{t−1}/(1 + 0.001·t); saved with the optimizer
            card = { ...card, training: { epoch, stepInEpoch } };
          }
          if (validationCost !== undefined || checkpointDue) await save();
        }
      }
      report(finished.at(-1), validationCost);
    }
    report((await stepper.flush()).at(-1), undefined);
    // The closing validation reads the signal too: a stop that lands in it (Cancel, or the app closing, as the minutes
    // or instances ran out) must not throw away the steps trained; the run is then saved as one stopped early.
    if (stoppedBy !== 'cancelled' && validatedAt !== card.instancesTrained) validateUnlessCancelled();
    const threads = stepper.threads;
    const instancesThisRun = card.instancesTrained - startInstances;
    const result = {
      stoppedBy,
      threads,
      instancesThisRun,
      steps: stepsBefore + steps,
      notes: runNotes,
      validationSec,
      validationSecTotal,
      measured: {
        start: dayCosts(startMeasured),
        end: stoppedBy !== 'cancelled' && validatedAt === card.instancesTrained ? dayCosts(lastMeasured) : null,
      },
    };
    // The model would be the one the run started from (or untrained weights): nothing is written.
    if (stoppedBy === 'cancelled' && steps === 0 && !o.continuing) {
      return { ...result, card, saved: false, stoppedEarly: null, validation: { start: startValidation, end: null } };
    }
    let stoppedEarly: string | null = null;
    if (stoppedBy === 'cancelled') {
      // Saved at once: a last validation, as long as the first, would keep the user waiting after a Ctrl-C.
      const last = card.validation.curve.at(-1);
      stoppedEarly = earlyStopNote({
        at: new Date(),
        seconds: (o.continuing?.secondsBefore ?? 0) + elapsed(),
        minutes: o.minutesAsked ?? o.minutes,
        instances: instancesThisRun,
        maxInstances: o.maxInstances === undefined ? undefined : o.maxInstances - startInstances,
        total: card.instancesTrained,
        lastValidated: last?.instances ?? null,
      });
      note(stoppedEarly);
    }
    await save();
    const last = card.validation.curve.at(-1);
    const end = last?.instances === card.instancesTrained ? last.cost : null;
    return { ...result, card, saved: true, stoppedEarly, validation: { start: startValidation, end } };
  } finally {
    await stepper.close();
    baseline?.dispose();
    adam.dispose();
    policy.dispose();
  }
}

/** A validation's costs, one per validation day, and the customers its plans left unserved (undefined: model units). */
interface Measured {
  costs: Float64Array;
  unserved: number | undefined;
  unservedByDay?: number[];
}

/** A measurement of the validation days by plans, as the result gives it (null where validation is in model units). */
const dayCosts = (m: Measured | null) => (m?.unservedByDay ? { costs: [...m.costs], unservedByDay: [...m.unservedByDay] } : null);

const isCancel = (err: unknown) => err instanceof AppError && err.kind === 'cancelled';

const round = roundCurveCost;
