import type { LearningPoint, TrainingRequest, TrainingRun, TrainingStatus } from '../../shared/api.js';
import type { Database } from './db.js';

interface RunRow {
  id: number;
  config: string;
  status: TrainingStatus;
  points: string;
  model_id: number | null;
  error: string | null;
  verdict: string | null;
  kept_model: string | null;
  created_at: string;
}

const toRun = (row: RunRow): TrainingRun => ({
  id: row.id,
  config: JSON.parse(row.config) as TrainingRequest,
  status: row.status,
  points: JSON.parse(row.points) as LearningPoint[],
  modelId: row.model_id,
  error: row.error,
  verdict: row.verdict,
  keptModel: row.kept_model,
  createdAt: row.created_at,
});

/**
 * The record of a run found 'running' at the next start (the app was killed, crashed, or quit at once on a second
 * signal): failed, with these words, naming the model its last checkpoint was kept as where there is one. A run the
 * app's orderly stop ended is recorded as 'stopped' instead (services/training.ts).
 */
export function interruptedNote(kept: { name: string } | null): string {
  const note = 'interrupted: the app stopped during training';
  return kept ? `${note}; its last checkpoint is kept as the model ${kept.name}` : note;
}

/** A model's mean cost on the held-out days and the customers its plans left unserved in all. */
export interface ValidationFigure {
  cost: number;
  unserved: number;
}

/** Training runs and their learning curves; each point is appended in its own small transaction. */
export function trainingRunRepository(db: Database) {
  const list = db.prepare<[], RunRow>('SELECT * FROM training_runs ORDER BY id DESC');
  const get = db.prepare<[number], RunRow>('SELECT * FROM training_runs WHERE id = ?');
  const insert = db.prepare<[string, string]>("INSERT INTO training_runs (config, status, created_at) VALUES (?, 'running', ?)");
  const appendPoint = db.prepare<[string, number]>("UPDATE training_runs SET points = json_insert(points, '$[#]', json(?)) WHERE id = ?");
  const setPoints = db.prepare<[string, number]>('UPDATE training_runs SET points = json(?) WHERE id = ?');
  const finish = db.prepare<[TrainingStatus, number | null, string | null, string | null, string | null, number]>(
    'UPDATE training_runs SET status = ?, model_id = ?, kept_model = ?, error = ?, verdict = ? WHERE id = ?',
  );
  const interrupt = db.prepare<[string]>("UPDATE training_runs SET status = 'failed', error = ? WHERE status = 'running'");

  const find = (id: number) => {
    const row = get.get(id);
    return row && toRun(row);
  };

  return {
    list: (): TrainingRun[] => list.all().map(toRun),
    get: find,
    start(config: TrainingRequest): TrainingRun {
      const { lastInsertRowid } = insert.run(JSON.stringify(config), new Date().toISOString());
      return find(Number(lastInsertRowid))!;
    },
    appendPoint(id: number, point: LearningPoint): void {
      appendPoint.run(JSON.stringify(point), id);
    },
    /**
     * Restates the run's validation figures (validationCost and validationUnserved), measured on the held-out days as
     * read at its start, on the days judged at its end (services/verdict-figures.ts): the last point's as the new model's
     * figure; the first point's as the start model's where it is known (`first`), else that point is marked as measured
     * on the days as read at the start (validationDaysAtStart).
     */
    restateValidation(id: number, last: ValidationFigure, first: ValidationFigure | null): void {
      const run = find(id);
      if (!run) return;
      const validated = run.points.flatMap((p, i) => (p.validationCost === null ? [] : [i]));
      if (validated.length === 0) return;
      const [from, to] = [validated[0], validated[validated.length - 1]];
      const figure = (f: ValidationFigure) => ({ validationCost: f.cost, validationUnserved: f.unserved });
      const points = run.points.map((p, i) => {
        if (i === to) return { ...p, ...figure(last) };
        if (i !== from) return p;
        return first ? { ...p, ...figure(first) } : { ...p, validationDaysAtStart: true as const };
      });
      setPoints.run(JSON.stringify(points), id);
    },
    /** `model`: the model the run kept (its id and name), or null. */
    finish(
      id: number,
      status: Exclude<TrainingStatus, 'running'>,
      model: { id: number; name: string } | null,
      error: string | null,
      verdict: string | null = null,
    ) {
      finish.run(status, model?.id ?? null, model?.name ?? null, error, verdict, id);
      return find(id);
    },
    /** Runs left 'running' by a previous process that died cannot be resumed: mark them failed at start-up. */
    markInterrupted: (): number => interrupt.run(interruptedNote(null)).changes,
  };
}

export type TrainingRunRepository = ReturnType<typeof trainingRunRepository>;
