import type { Evaluation, Routes } from '../../shared/domain.js';
import type { PlanSummary, StoredPlan } from '../../shared/api.js';
import { variantFromJson, variantToJson } from './variant-json.js';
import type { Database } from './db.js';
import { everStoredIn } from './ever-stored.js';
import { brokenCounts } from '../../shared/not-served.js';

interface PlanRow {
  id: number;
  instance_id: number;
  variant: string;
  method: string;
  model_name: string | null;
  routes: string;
  evaluation: string;
  cost: number;
  vehicles: number;
  distance: number;
  late: number;
  feasible: number;
  seconds: number;
  created_at: string;
  compared_with: number | null;
  effort: number | null;
  greedy_kept: number | null;
  edited_from: number | null;
  cut_short: number | null;
  kept_from: number | null;
  unverified: number | null;
}

type SummaryRow = Omit<PlanRow, 'routes' | 'evaluation'> & { violations: number; unserved: number; data_fingerprint: string | null };

/**
 * A plan to store, with the fingerprint of the day's planning data it was made on (planning-data.ts), which only the
 * services read (`dataFingerprint`) to tell whether the day changed since.
 */
export type NewPlan = Omit<StoredPlan, 'id' | 'createdAt'> & { dataFingerprint?: string };

const summaryOf = (row: SummaryRow): PlanSummary => ({
  id: row.id,
  instanceId: row.instance_id,
  variant: variantFromJson(row.variant),
  method: row.method,
  modelName: row.model_name,
  seconds: row.seconds,
  createdAt: row.created_at,
  ...planDetails(row),
  cost: row.cost,
  vehicles: row.vehicles,
  distance: row.distance,
  late: row.late,
  feasible: row.feasible === 1,
  broken: row.violations - row.unserved,
  unserved: row.unserved,
});

const toStored = (row: PlanRow): StoredPlan => ({
  id: row.id,
  instanceId: row.instance_id,
  variant: variantFromJson(row.variant),
  method: row.method,
  modelName: row.model_name,
  routes: JSON.parse(row.routes) as Routes,
  evaluation: JSON.parse(row.evaluation) as Evaluation,
  seconds: row.seconds,
  createdAt: row.created_at,
  ...planDetails(row),
});

/** The optional columns, present on the plan only where set (plans stored before them read as they did). */
const planDetails = (
  row: Pick<PlanRow, 'compared_with' | 'effort' | 'greedy_kept' | 'edited_from' | 'cut_short' | 'kept_from' | 'unverified'>,
) => ({
  ...(row.compared_with === null ? {} : { comparedWith: row.compared_with }),
  ...(row.effort === null ? {} : { effort: row.effort }),
  ...(row.greedy_kept === 1 ? { greedyKept: true as const } : {}),
  ...(row.cut_short === 1 ? { cutShort: true as const } : {}),
  ...(row.edited_from === null ? {} : { editedFrom: row.edited_from }),
  ...(row.kept_from === null ? {} : { keptFrom: row.kept_from }),
  ...(row.unverified === 1 ? { unverified: true as const } : {}),
});

// What a plan breaks is counted when it is stored (migration 0100); a plan stored before has no counts and is counted
// from its evaluation (coalesce reads the evaluation only where the count is null).
const SUMMARY_COLUMNS = `id, instance_id, variant, method, model_name, cost, vehicles, distance, late, feasible, seconds, created_at, compared_with, effort, greedy_kept, edited_from, cut_short, kept_from, unverified, data_fingerprint,
  coalesce(broken + unserved, (SELECT count(*) FROM json_each(evaluation, '$.violations'))) AS violations,
  coalesce(unserved, (SELECT count(*) FROM json_each(evaluation, '$.violations') WHERE json_extract(value, '$.kind') = 'unserved')) AS unserved`;

/** Plans are immutable once stored: an edit is saved as a new plan. */
export function planRepository(db: Database) {
  const list = db.prepare<[number], SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM plans WHERE instance_id = ? ORDER BY id DESC`);
  const get = db.prepare<[number], PlanRow>('SELECT * FROM plans WHERE id = ?');
  const insert = db.prepare(`
    INSERT INTO plans (instance_id, variant, method, model_name, routes, evaluation,
                       cost, vehicles, distance, late, feasible, broken, unserved, seconds, effort, greedy_kept, edited_from, cut_short, kept_from, unverified,
                       data_fingerprint, created_at)
    VALUES (@instanceId, @variant, @method, @modelName, @routes, @evaluation,
            @cost, @vehicles, @distance, @late, @feasible, @broken, @unserved, @seconds, @effort, @greedyKept, @editedFrom, @cutShort, @keptFrom, @unverified,
            @dataFingerprint, @createdAt)`);
  const fingerprint = db.prepare<[number], { data_fingerprint: string | null }>('SELECT data_fingerprint FROM plans WHERE id = ?');
  const remove = db.prepare<[number]>('DELETE FROM plans WHERE id = ?');
  const pair = db.prepare<[number, number]>('UPDATE plans SET compared_with = ? WHERE id = ?');

  return {
    list: (instanceId: number): PlanSummary[] => list.all(instanceId).map(summaryOf),
    /**
     * The day's plans as `list` gives them, each with the fingerprint of the planning data it was made on (null for a
     * plan stored before they were kept): the services tell from it which plans to check again, without reading the others.
     */
    listWithFingerprints: (instanceId: number): { summary: PlanSummary; dataFingerprint: string | null }[] =>
      list.all(instanceId).map((row) => ({ summary: summaryOf(row), dataFingerprint: row.data_fingerprint })),
    get(id: number): StoredPlan | undefined {
      const row = get.get(id);
      return row && toStored(row);
    },
    insert({ dataFingerprint, ...plan }: NewPlan): StoredPlan {
      const createdAt = new Date().toISOString();
      const { evaluation: e } = plan;
      const { lastInsertRowid } = insert.run({
        instanceId: plan.instanceId,
        variant: variantToJson(plan.variant),
        method: plan.method,
        modelName: plan.modelName,
        routes: JSON.stringify(plan.routes),
        evaluation: JSON.stringify(e),
        cost: e.cost,
        vehicles: e.vehicles,
        distance: e.distance,
        late: e.late,
        feasible: e.feasible ? 1 : 0,
        ...brokenCounts(e),
        seconds: plan.seconds,
        effort: plan.effort ?? null,
        greedyKept: plan.greedyKept ? 1 : null,
        editedFrom: plan.editedFrom ?? null,
        cutShort: plan.cutShort ? 1 : null,
        keptFrom: plan.keptFrom ?? null,
        unverified: plan.unverified ? 1 : null,
        dataFingerprint: dataFingerprint ?? null,
        createdAt,
      });
      return { ...plan, id: Number(lastInsertRowid), createdAt };
    },
    /** The fingerprint of the planning data the plan was made on; null for a plan stored before fingerprints were kept. */
    dataFingerprint: (id: number): string | null => fingerprint.get(id)?.data_fingerprint ?? null,
    /** Marks two stored plans as the two sides of one comparison (each names the other). */
    pairAsComparison: db.transaction((a: number, b: number): void => {
      pair.run(b, a);
      pair.run(a, b);
    }),
    /** Was a plan ever stored under this id (and perhaps deleted since, or with its instance)? */
    everStored: everStoredIn(db, 'plans'),
    delete: (id: number): boolean => remove.run(id).changes > 0,
  };
}

export type PlanRepository = ReturnType<typeof planRepository>;
