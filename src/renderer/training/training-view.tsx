/**
 * Retraining on local history: policy and size, which stored instances to learn from, a time budget; a live
 * learning curve and progress while it runs; the resulting model appears in the list and can be activated.
 */
import { useRef, useState } from 'react';
import type { ModelInfo } from '../../shared/api.js';
import { VARIANT_LABELS, VARIANT_NAMES, type VariantName } from '../../shared/domain.js';
import { holdoutOutlook, holdoutSpeedNotice, splitHoldout } from '../../shared/holdout.js';
import { modelThatPlans, someDaysWords } from '../../shared/model-choice.js';
import { MAX_TRAINING_MINUTES, MIN_TRAINING_MINUTES, SHORTEST_TRAINING_RUN, SLOW_MODEL_CUSTOMERS } from '../../shared/limits.js';
import { machinePace } from '../../shared/training-pace.js';
import { runTimeNotice } from '../../shared/training-time.js';
import { formatDateTime, formatNumber } from '../format.js';
import { FieldValidity, useFieldValidity } from '../panels/field-validity.js';
import { NumberField } from '../panels/number-field.js';
import { useInstanceList } from '../state/queries.js';
import { DayPicks } from './day-picks.js';
import { LearningCurve } from './learning-curve.js';
import { ModelsList } from './models-list.js';
import { SkipLink } from '../panels/skip-link.js';
import { SIZE_RANGE, typicalSize } from './typical-size.js';
import { useTraining } from './use-training.js';

/** The training form, where the view's skip link puts the keyboard. */
const TRAINING_FORM = 'training-form';

/** The Training view's skip link (skip-link.tsx): past the top bar, to the form's first field. */
export const SkipToTraining = () => (
  <SkipLink to={TRAINING_FORM} testId="skip-to-training">
    Skip to the training form
  </SkipLink>
);

/** `stopped`: the app closed during the run (a quit, the web mode's SIGTERM); its verdict says whether a model was kept. */
const STATUS_LABEL = {
  running: 'running',
  done: 'finished',
  cancelled: 'cancelled',
  stopped: 'stopped when the app closed',
  failed: 'failed',
} as const;

interface TrainingForm {
  /** Null until chosen here: the dispatcher's own choice in the Plan bar (not that of a plan opened to look at). */
  variant: VariantName | null;
  /** The size follows the ticked days (their median, within the model sizes) until it is set by hand. */
  sizeSet: number | null;
  minutes: number;
  name: string;
  chosen: ReadonlySet<number>;
  fromScratch: boolean;
}

/** The form as last left: a look at the Plan view and back does not lose what was filled in (for this page's life). */
let remembered: TrainingForm = { variant: null, sizeSet: null, minutes: 1, name: '', chosen: new Set(), fromScratch: false };

/** `planPolicy`: the dispatcher's own choice in the Plan bar (not the policy of the plan on screen, which may be another's). */
export function TrainingView({ planPolicy }: { planPolicy: VariantName }) {
  const training = useTraining();
  const { list: instances, loaded } = useInstanceList();
  const [form, setForm] = useState(remembered);
  remembered = form;
  const edit =
    <K extends keyof TrainingForm>(key: K) =>
    (value: TrainingForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const { sizeSet, minutes, name, fromScratch } = form;
  // The ticked days still stored: one deleted since (here, or in another window) leaves the list and can no longer be
  // unticked, so it is neither counted, held out nor sent (the start would be refused for it however the days were
  // ticked again).
  const chosen = loaded ? new Set([...form.chosen].filter((id) => instances.some((i) => i.id === id))) : form.chosen;
  const variant = form.variant ?? planPolicy;
  const [setVariant, setSize, setMinutes, setName, setFromScratch] = [
    edit('variant'),
    edit('sizeSet'),
    edit('minutes'),
    edit('name'),
    edit('fromScratch'),
  ];
  const size = sizeSet ?? typicalSize(instances.filter((i) => chosen.has(i.id)).map((i) => i.customers));
  // The service's own rule, on the ticked days in the order they were stored (ids): named before the run starts.
  const heldOut = new Set(splitHoldout([...chosen].sort((a, b) => a - b)).holdout);
  // Said before Start: a held-out day a learned model takes minutes to plan makes the judging after the run take minutes.
  const slowToJudge = holdoutSpeedNotice(instances.filter((i) => heldOut.has(i.id)));
  // Said at the minutes field before Start: how long the run takes in all, and where its minutes are too few to train a step.
  const stopsOf = (days: typeof instances) => days.map((i) => i.customers);
  const ticked = instances.filter((i) => chosen.has(i.id));
  // Scaled to this machine where the runs stored here measured its pace, the loaded two-core machine's otherwise.
  const storedStops = new Map(instances.map((i) => [i.id, i.customers]));
  const pace = machinePace(training.runs, size, (id) => storedStops.get(id)) ?? undefined;
  const runTime = runTimeNotice(
    {
      size,
      learnStops: stopsOf(ticked.filter((i) => !heldOut.has(i.id))),
      heldOutStops: stopsOf(ticked.filter((i) => heldOut.has(i.id))),
      fromScratch,
    },
    minutes,
    { pace },
  );
  const { current, fraction } = training;
  const startsFrom = modelThatPlans(training.models, 'jampr', variant, size);
  /** The run's model as listed today (undefined: no model, or not listed yet). */
  const listed = (modelId: number | null) => training.models.find((m) => m.id === modelId);
  /** Whether it is active today, and for which days where not every size, as the Models table says it. */
  const activeNow = (model: ModelInfo) => {
    const some = someDaysWords(training.models, model);
    return model.active ? `active${some ? ` for ${some}` : ''}` : 'not active';
  };
  const running = current?.status === 'running';
  const validity = useFieldValidity();
  const picks = useRef<HTMLDivElement>(null);
  const toggle = (id: number) =>
    setForm((f) => {
      const next = new Set(f.chosen);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { ...f, chosen: next };
    });

  const start = () =>
    training.start({
      variant,
      size,
      minutes,
      instanceIds: [...chosen],
      ...(fromScratch ? { fromScratch } : {}),
      ...(name.trim() ? { name: name.trim() } : {}),
    });

  return (
    <div className="training-view" data-testid="training-view">
      <section
        className="panel training-form skip-target"
        id={TRAINING_FORM}
        tabIndex={-1}
        aria-labelledby={`${TRAINING_FORM}-title`}
        data-testid="training-form"
      >
        <h2 className="panel-title" id={`${TRAINING_FORM}-title`}>
          Train a model on your instances
        </h2>
        <FieldValidity.Provider value={validity.report}>
          <div className="row-fields">
            <label className="field-inline">
              <span>Policy</span>
              <select
                value={variant}
                data-testid="train-variant"
                aria-describedby="train-variant-source"
                onChange={(e) => setVariant(e.target.value as VariantName)}
              >
                {VARIANT_NAMES.map((v) => (
                  <option key={v} value={v}>
                    {VARIANT_LABELS[v]}
                  </option>
                ))}
              </select>
              {/* Where the policy comes from, so that a run never trains a policy nobody chose for it. */}
              <span className="hint" id="train-variant-source" data-testid="train-variant-source">
                {form.variant === null ? 'your choice in the Plan bar' : 'chosen here'}
              </span>
            </label>
            <NumberField
              label="Size (customers)"
              integer
              min={SIZE_RANGE[0]}
              max={SIZE_RANGE[1]}
              value={size}
              testId="train-size"
              // Typed, even as the size offered, it stays: ticking days no longer moves it.
              commitUnchanged
              onCommit={setSize}
            />
            <NumberField
              label="Time budget (min)"
              min={MIN_TRAINING_MINUTES}
              max={MAX_TRAINING_MINUTES}
              title={`${MIN_TRAINING_MINUTES} minutes is ${SHORTEST_TRAINING_RUN}`}
              step={0.5}
              value={minutes}
              testId="train-minutes"
              describedBy="train-run-time-note"
              onCommit={setMinutes}
            />
          </div>
        </FieldValidity.Provider>
        <p
          id="train-run-time-note"
          className={runTime.short ? 'note note-warn' : 'hint'}
          data-testid={runTime.short ? 'train-minutes-short' : 'train-run-time'}
        >
          {runTime.text}
          {runTime.short && (
            <>
              {' '}
              <button className="btn btn-small" data-testid="train-minutes-fit" onClick={() => setMinutes(runTime.shortestMinutes)}>
                Use {formatNumber(runTime.shortestMinutes)} min
              </button>
            </>
          )}
        </p>
        <label className="field-block">
          <span>Model name (optional)</span>
          <input value={name} placeholder="e.g. depot-north-soft" data-testid="train-name" onChange={(e) => setName(e.target.value)} />
        </label>
        <fieldset className="instance-picks">
          <legend>Learn from</legend>
          {/* One line above the days, so that they are in sight: how the run judges its model is said under Start. */}
          <p className="hint">Perturbed copies of the days ticked; none ticked: generated instances like the paper's.</p>
          {instances.length === 0 && <p className="empty">No saved instances.</p>}
          <div className="instance-pick-scroll" data-testid="train-instances" ref={picks}>
            <DayPicks instances={instances} chosen={chosen} heldOut={heldOut} onToggle={toggle} scroll={picks} />
          </div>
        </fieldset>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={fromScratch}
            onChange={(e) => setFromScratch(e.target.checked)}
            data-testid="train-from-scratch"
          />
          {/* One box for the text: as the label's flex items, its pieces stood side by side as three squeezed columns. */}
          <span>
            Start from untrained weights (otherwise from{' '}
            {startsFrom ? (
              <>
                <strong className="no-wrap" data-testid="train-starts-from">
                  {startsFrom.name}
                </strong>
                , the model that plans this policy and size today
              </>
            ) : (
              'the model that plans this policy today'
            )}
            )
          </span>
        </label>
        <div className="panel-actions">
          <button
            className="btn btn-primary"
            data-testid="train-start"
            disabled={running || training.starting || validity.invalid}
            title={validity.reason ?? undefined}
            onClick={start}
          >
            Start training
          </button>
          <button className="btn" data-testid="train-cancel" disabled={!running || training.cancelling} onClick={training.cancel}>
            {training.cancelling ? 'Stopping…' : 'Cancel'}
          </button>
        </div>
        {/* Said before Start, not found out in the verdict after the minutes: whether this run can replace the model in use. */}
        <p className="hint" data-testid="train-outlook">
          {holdoutOutlook(chosen.size)}
        </p>
        {slowToJudge && (
          <p className="note note-warn" data-testid="train-holdout-slow">
            {slowToJudge}
          </p>
        )}
        {/* How a run judges its model, for every run: below what this one's ticks make of it (the outlook). */}
        <p className="hint" data-testid="train-judging">
          Of the ticked days, the ones first stored last (a fifth, and at least three from four ticked on; marked in the list, whatever
          their place in it, which puts the last edited first) are held out to judge the new model, which replaces the current one only if
          it plans them better, day by day, and they are at least three (fewer are too few to judge by: the new model is then kept but not
          activated, and can be activated under Models). Judging them is part of the minutes: both models plan each held-out day once, the
          model in use as the run starts and the new one as it ends (a few seconds a day, minutes for a day of {SLOW_MODEL_CUSTOMERS}{' '}
          customers or more: said above); the learning curve's points in between take at most 15 % of the minutes. A held-out day deleted
          during the run is left out of the judging.
        </p>
      </section>
      <section className="panel training-run" data-testid="training-run">
        <div className="panel-title-row">
          <h2 className="panel-title">Learning curve</h2>
          {training.starting && (
            <span className="badge badge-running" data-testid="training-status" data-status="starting">
              starting…
            </span>
          )}
          {current && (
            <span className={`badge badge-${current.status}`} data-testid="training-status" data-status={current.status}>
              run #{current.id}: {training.cancelling && running ? 'stopping (judging its model)…' : STATUS_LABEL[current.status]}
            </span>
          )}
          {training.runs.length > 1 && current && (
            <select
              className="run-picker"
              aria-label="Training run"
              value={current.id}
              data-testid="train-run-select"
              onChange={(e) => training.show(Number(e.target.value))}
            >
              {training.runs.map((r) => (
                <option key={r.id} value={r.id}>
                  #{r.id} · {VARIANT_LABELS[r.config.variant]} · {r.config.size} customers · {STATUS_LABEL[r.status]} ·{' '}
                  {formatDateTime(r.createdAt)}
                </option>
              ))}
            </select>
          )}
        </div>
        <div
          className="progress-bar"
          role="progressbar"
          aria-valuenow={Math.round(fraction * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
          data-testid="training-progress"
        >
          <div className="progress-fill" style={{ width: `${Math.round(Math.min(1, fraction) * 100)}%` }} />
        </div>
        {current && (
          <p className="hint">
            {VARIANT_LABELS[current.config.variant]}, {current.config.size} customers, budget {formatNumber(current.config.minutes)} min
            {current.points.length > 0 &&
              ` · ${formatNumber(current.points[current.points.length - 1].instancesSeen, 0)} instances seen by the model in all`}
            {training.phase && <span data-testid="training-phase"> · {training.phase}…</span>}
            {current.error && <span className="text-bad"> · {current.error}</span>}
          </p>
        )}
        {current?.verdict && (
          <p className="training-verdict" data-testid="training-verdict">
            {current.verdict}
            {/* The verdict is what happened when the run ended; the models list may have changed since. */}
            {listed(current.modelId) && (
              <span className="hint" data-testid="verdict-now">
                {' '}
                As of now: {listed(current.modelId)?.name} is {activeNow(listed(current.modelId)!)}.
              </span>
            )}
            {current.keptModel !== null && current.modelId === null && (
              <span className="hint" data-testid="verdict-now">
                {' '}
                As of now: {current.keptModel} has been deleted.
              </span>
            )}
          </p>
        )}
        <LearningCurve points={current?.points ?? []} />
      </section>
      <section className="panel models-panel" data-testid="models-panel">
        <h2 className="panel-title">Models</h2>
        <p className="hint">
          An active model plans days of its policy with its method (JAMPR or AM+TW): one activated here plans every size until a training
          run wins some of them over, one a run activated plans the sizes of the days it was judged on; “for days …” beside it says which
          where not every size. Days no model is active for take that method's shipped model trained on the nearest size.
        </p>
        <ModelsList models={training.models} onActivate={training.activate} onAutomatic={training.automatic} onDelete={training.remove} />
      </section>
    </div>
  );
}
