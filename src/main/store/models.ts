import type { ModelSummary, ModelInfo } from '../../shared/api.js';
import type { Database } from './db.js';

interface ModelRow {
  id: number;
  name: string;
  folder: string;
  card: string;
  active: number;
  built_in: number;
}

const toInfo = (row: ModelRow): ModelInfo => ({
  id: row.id,
  name: row.name,
  folder: row.folder,
  card: JSON.parse(row.card) as ModelSummary,
  active: row.active === 1,
  builtIn: row.built_in === 1,
});

export interface NewModel {
  name: string;
  folder: string;
  card: ModelSummary;
  builtIn: boolean;
}

/**
 * Registered checkpoints. At most one model is active per (method, variant): that is the one planning uses
 * when the request names none.
 */
export function modelRepository(db: Database) {
  const list = db.prepare<[], ModelRow>('SELECT * FROM models ORDER BY built_in DESC, name');
  const get = db.prepare<[number], ModelRow>('SELECT * FROM models WHERE id = ?');
  const byFolder = db.prepare<[string], ModelRow>('SELECT * FROM models WHERE folder = ?');
  const byName = db.prepare<[string], ModelRow>('SELECT * FROM models WHERE name = ?');
  const insert = db.prepare<[string, string, string, number]>('INSERT INTO models (name, folder, card, built_in) VALUES (?, ?, ?, ?)');
  const updateCard = db.prepare<[string, number]>('UPDATE models SET card = ? WHERE id = ?');
  const updateFolder = db.prepare<[string, number]>('UPDATE models SET folder = ? WHERE id = ?');
  const deactivateSiblings = db.prepare<[string, string]>(
    `UPDATE models SET active = 0
     WHERE json_extract(card, '$.method') = ? AND json_extract(card, '$.variant') = ?`,
  );
  const setActive = db.prepare<[number]>('UPDATE models SET active = 1 WHERE id = ?');
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
    /** Makes this model the active one for its method and variant, in one transaction. */
    activate: db.transaction((id: number): ModelInfo | undefined => {
      const model = find(id);
      if (!model) return undefined;
      deactivateSiblings.run(model.card.method, model.card.variant);
      setActive.run(id);
      return find(id);
    }),
  };
}

export type ModelRepository = ReturnType<typeof modelRepository>;
