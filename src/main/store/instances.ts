import type { Coordinates, Instance } from '../../shared/domain.js';
import type { HistoryChanges, InstanceSummary, StoredInstance } from '../../shared/api.js';
import type { Database } from './db.js';
import { everStoredIn } from './ever-stored.js';

interface InstanceRow {
  id: number;
  json: string;
  source: string | null;
  created_at: string;
  updated_at: string;
}

const toStored = (row: InstanceRow): StoredInstance => ({
  id: row.id,
  instance: JSON.parse(row.json) as Instance,
  source: row.source,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A stored lat/lon day's depot, and the day's name. */
export interface StoredDepot {
  name: string;
  x: number;
  y: number;
}

/** A listed instance as SQLite gives it: an object as JSON text, a boolean as 0 or 1, an absent key as null. */
type SummaryRow = Omit<InstanceSummary, 'coordinates' | 'clockTimes'> & { coordinates: string | null; clockTimes: number | null };

const toSummary = ({ coordinates, clockTimes, ...row }: SummaryRow): InstanceSummary => ({
  ...row,
  ...(coordinates === null ? {} : { coordinates: JSON.parse(coordinates) as Coordinates }),
  ...(clockTimes === null ? {} : { clockTimes: clockTimes === 1 }),
});

/** The figures the history lists, kept in their own columns beside the JSON (migration 0110), in the order the statements take them. */
const figuresOf = (instance: Instance) =>
  [
    instance.customers.length,
    instance.vehicles,
    instance.capacity,
    instance.coordinates === undefined ? null : JSON.stringify(instance.coordinates),
    instance.clockTimes === undefined ? null : instance.clockTimes ? 1 : 0,
  ] as const;
type Figures = ReturnType<typeof figuresOf>;

/** Instances are stored whole as JSON; listing reads only the figures it shows, kept beside it, never the JSON. */
export function instanceRepository(db: Database) {
  const SUMMARY = `
    SELECT i.id, i.name, i.source, i.customers, i.vehicles, i.capacity, i.coordinates, i.clock_times AS clockTimes,
           i.created_at AS createdAt, i.updated_at AS updatedAt,
           (SELECT count(*) FROM plans p WHERE p.instance_id = i.id) AS plans
    FROM instances i`;
  // The history's order (historyOrder in src/shared/history-changes.ts, by which a window places a changed entry).
  const list = db.prepare<[], SummaryRow>(`${SUMMARY} ORDER BY i.updated_at DESC, i.id DESC`);
  // The changes the store keeps (migration 0120): the latest one's number, and the first kept (null: none yet).
  const changesKept = db.prepare<[], { latest: number; first: number | null }>(
    'SELECT coalesce(max(seq), 0) AS latest, min(seq) AS first FROM history_changes',
  );
  const changedSince = db.prepare<[number], number>('SELECT DISTINCT instance_id FROM history_changes WHERE seq > ?').pluck();
  const summariesOf = db.prepare<[string], SummaryRow>(`${SUMMARY} WHERE i.id IN (SELECT value FROM json_each(?))`);
  const get = db.prepare<[number], InstanceRow>('SELECT * FROM instances WHERE id = ?');
  const FIGURES = 'customers = ?, vehicles = ?, capacity = ?, coordinates = ?, clock_times = ?';
  const insert = db.prepare<[string, string, string | null, string, string, ...Figures]>(
    'INSERT INTO instances (name, json, source, created_at, updated_at, customers, vehicles, capacity, coordinates, clock_times) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare<[string, string, ...Figures, string, number]>(
    `UPDATE instances SET name = ?, json = ?, ${FIGURES}, updated_at = ? WHERE id = ?`,
  );
  const updateIfUnchanged = db.prepare<[string, string, ...Figures, string, number, string]>(
    `UPDATE instances SET name = ?, json = ?, ${FIGURES}, updated_at = ? WHERE id = ? AND updated_at = ?`,
  );
  const remove = db.prepare<[number]>('DELETE FROM instances WHERE id = ?');
  const countPlans = db.prepare<[number], number>('SELECT count(*) FROM plans WHERE instance_id = ?').pluck();
  const geoDepots = db.prepare<[number], StoredDepot>(`
    SELECT name, json_extract(json, '$.depot.x') AS x, json_extract(json, '$.depot.y') AS y
    FROM instances WHERE json_extract(coordinates, '$.kind') = 'geo' ORDER BY updated_at DESC, id DESC LIMIT ?`);

  return {
    list: (): InstanceSummary[] => list.all().map(toSummary),
    /**
     * The history's entries changed after change `since`, or all of them where it is not given or the changes after it
     * are no longer all kept (HistoryChanges). Read in one transaction: the numbers and the entries are of one state.
     */
    changes: db.transaction((since?: number): HistoryChanges => {
      const { latest, first } = changesKept.get() ?? { latest: 0, first: null };
      // Every change after `since` is kept where the first kept is the one right after it (or none was made since).
      const known = since !== undefined && since <= latest && (since === latest || (first !== null && since >= first - 1));
      if (!known) return { seq: latest, full: true, days: list.all().map(toSummary), deleted: [] };
      const ids = since === latest ? [] : changedSince.all(since);
      const days = ids.length === 0 ? [] : summariesOf.all(JSON.stringify(ids)).map(toSummary);
      const found = new Set(days.map((d) => d.id));
      return { seq: latest, full: false, days, deleted: ids.filter((id) => !found.has(id)) };
    }),
    /** The depots of the last `limit` lat/lon days saved, with their days' names (x the longitude). */
    geoDepots: (limit: number): StoredDepot[] => geoDepots.all(limit),
    get(id: number): StoredInstance | undefined {
      const row = get.get(id);
      return row && toStored(row);
    },
    insert(instance: Instance, source: string | null): StoredInstance {
      const now = new Date().toISOString();
      const { lastInsertRowid } = insert.run(instance.name, JSON.stringify(instance), source, now, now, ...figuresOf(instance));
      return { id: Number(lastInsertRowid), instance, source, createdAt: now, updatedAt: now };
    },
    /**
     * Replaces an instance's data; its plans stay (they are re-checked against the new data when opened). With
     * `basedOn` only while the stored instance is still the one last saved then (undefined otherwise, as for no id).
     */
    update(id: number, instance: Instance, basedOn?: string): StoredInstance | undefined {
      // Every save gets a later stamp than the one before, even within a millisecond: `basedOn` tells versions apart.
      const previous = get.get(id)?.updated_at;
      let stamp = new Date().toISOString();
      if (previous !== undefined && stamp <= previous) stamp = new Date(Date.parse(previous) + 1).toISOString();
      const values = [instance.name, JSON.stringify(instance), ...figuresOf(instance), stamp, id] as const;
      const { changes } = basedOn === undefined ? update.run(...values) : updateIfUnchanged.run(...values, basedOn);
      if (changes === 0) return undefined;
      const row = get.get(id);
      return row && toStored(row);
    },
    /** Was an instance ever stored under this id (and perhaps deleted since)? */
    everStored: everStoredIn(db, 'instances'),
    /** Deletes the instance and, through the foreign key, its plans; says how many plans went with it. */
    delete: db.transaction((id: number): { deleted: boolean; plans: number } => {
      const plans = countPlans.get(id) ?? 0;
      return remove.run(id).changes > 0 ? { deleted: true, plans } : { deleted: false, plans: 0 };
    }),
  };
}

export type InstanceRepository = ReturnType<typeof instanceRepository>;
