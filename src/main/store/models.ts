import type { ModelSummary, ModelInfo } from '../../shared/api.js';
import { sizeBands } from '../../shared/model-choice.js';
import type { Database } from './db.js';

interface ModelRow {
  id: number;
  name: string;
  folder: string;
  card: string;
  /** JSON: "all", or the size bands it plans (ActiveFor); NULL: not active. */
  active_for: string | null;
  built_in: number;
}

const toInfo = (row: ModelRow): ModelInfo => {
  const activeFor = row.active_for === null ? null : (JSON.parse(row.active_for) as 'all' | number[]);
  return {
    id: row.id,
    name: row.name,
    folder: row.folder,
    card: JSON.parse(row.card) as ModelSummary,
    active: activeFor !== null,
    activeFor,
    builtIn: row.built_in === 1,
  };
};

export interface NewModel {
  name: string;
  folder: string;
  card: ModelSummary;
  builtIn: boolean;
}

/**
 * Registered checkpoints. A model may be active for every size of its policy (activated by hand), or for some of its
 * size bands (activated by a retraining run's verdict, or kept by one activated by hand when a run's verdict took its
 * other bands over); a band has at most one model active for it, and a policy at most one model active for every size. Planning takes the model active for the day's band, else the one active for every
 * size, else the automatic choice (src/shared/model-choice.ts `modelThatPlans`, the one rule).
 */
export function modelRepository(db: Database) {
  const list = db.prepare<[], ModelRow>('SELECT * FROM models ORDER BY built_in DESC, name');
  const get = db.prepare<[number], ModelRow>('SELECT * FROM models WHERE id = ?');
  const byFolder = db.prepare<[string], ModelRow>('SELECT * FROM models WHERE folder = ?');
  const byName = db.prepare<[string], ModelRow>('SELECT * FROM models WHERE name = ?');
  const insert = db.prepare<[string, string, string, number]>('INSERT INTO models (name, folder, card, built_in) VALUES (?, ?, ?, ?)');
  const updateCard = db.prepare<[string, number]>('UPDATE models SET card = ? WHERE id = ?');
  const updateFolder = db.prepare<[string, number]>('UPDATE models SET folder = ? WHERE id = ?');
  const siblings = db.prepare<[string, string], ModelRow>(
    `SELECT * FROM models
     WHERE active_for IS NOT NULL AND json_extract(card, '$.method') = ? AND json_extract(card, '$.variant') = ?`,
  );
  const deactivateSiblings = db.prepare<[string, string]>(
    `UPDATE models SET active_for = NULL
     WHERE json_extract(card, '$.method') = ? AND json_extract(card, '$.variant') = ?`,
  );
  const setActive = db.prepare<[string | null, number]>('UPDATE models SET active_for = ? WHERE id = ?');
  const remove = db.prepare<[number]>('DELETE FROM models WHERE id = ?');

  const find = (id: number) => {
    const row = get.get(id);
    return row && toInfo(row);
  };

  return {
    list: (): ModelInfo[] => list.all().map(toInfo),
    get: find,
    byFolder(folder: string): ModelInfo | undefined {
      const row = byFolder.get(folder);
      return row && toInfo(row);
    },
    nameTaken: (name: string): boolean => byName.get(name) !== undefined,
    named(name: string): ModelInfo | undefined {
      const row = byName.get(name);
      return row && toInfo(row);
    },
    insert(model: NewModel): ModelInfo {
      const { lastInsertRowid } = insert.run(model.name, model.folder, JSON.stringify(model.card), model.builtIn ? 1 : 0);
      return find(Number(lastInsertRowid))!;
    },
    /** A re-read card (e.g. a shipped model updated by a new app version). */
    updateCard(id: number, card: ModelSummary): void {
      updateCard.run(JSON.stringify(card), id);
    },
    /** The folder a model is read from now (a shipped model whose app was installed or mounted elsewhere). */
    moveFolder(id: number, folder: string): void {
      updateFolder.run(folder, id);
    },
    /** Unregisters a model; the training runs that made it keep their record (their model id becomes null). */
    delete(id: number): boolean {
      return remove.run(id).changes > 0;
    },
    /** No model is active for this method and variant: planning goes back to the automatic choice. */
    deactivate(method: string, variant: string): void {
      deactivateSiblings.run(method, variant);
    },
    /**
     * Makes this model the active one for its method and variant, in one transaction: for every size where no `bands`
     * are given (activated by hand: no other model of the policy stays active), else for those size bands, which the
     * models active for them give up, keeping their others: one active for every size (activated by hand) is then active
     * for the policy's other bands (sizeBands), and stored so, so that the Models table and its delete question say the
     * days it still plans. Planning is the same either way (a day takes its band's model first).
     */
    activate: db.transaction((id: number, bands?: readonly number[]): ModelInfo | undefined => {
      const model = find(id);
      if (!model) return undefined;
      const { method, variant } = model.card;
      if (bands === undefined) {
        deactivateSiblings.run(method, variant);
        setActive.run(JSON.stringify('all'), id);
        return find(id);
      }
      for (const other of siblings.all(method, variant).map(toInfo)) {
        if (other.id === id) continue;
        const had = other.activeFor === 'all' ? sizeBands(list.all().map(toInfo), method, variant) : (other.activeFor ?? []);
        const kept = had.filter((band) => !bands.includes(band));
        setActive.run(kept.length > 0 ? JSON.stringify(kept) : null, other.id);
      }
      const own = model.activeFor === 'all' ? 'all' : [...new Set([...(model.activeFor ?? []), ...bands])].sort((a, b) => a - b);
      setActive.run(JSON.stringify(own), id);
      return find(id);
    }),
  };
}

export type ModelRepository = ReturnType<typeof modelRepository>;
