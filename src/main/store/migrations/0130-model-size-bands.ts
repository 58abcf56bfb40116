import { type ListedModel, sizeBand } from '../../../shared/model-choice.js';
import type { Migration } from './types.js';

interface OldModelRow {
  id: number;
  name: string;
  card: string;
  active: number;
  built_in: number;
}

/**
 * A model is active for every size of its policy, or for some of its size bands (src/shared/model-choice.ts
 * `ActiveFor`): a retrained model its run activated plans only the days of the bands it was judged on, so that a run
 * judged on days of ~31 stops against the N=20 model no longer plans 60-stop days in the N=50 model's stead. The
 * `active` flag becomes `active_for`. A model active before keeps, as the default:
 * - a shipped model, every size: only the dispatcher's hand activates one, to plan every size of the policy with it;
 * - a model trained or imported here, the size band of its own trained size: the band whose model a run starts from by
 *   default and is judged against on days of that size (a run at 31 stops started from, and was compared on such days
 *   with, the N=20 model). Activating it again by hand makes it plan every size, as before.
 */
export const modelSizeBands: Migration = {
  version: 130,
  name: 'model-size-bands',
  up(db) {
    db.exec('ALTER TABLE models ADD COLUMN active_for TEXT');
    const rows = db.prepare<[], OldModelRow>('SELECT id, name, card, active, built_in FROM models').all();
    const listed: ListedModel[] = rows.map((row) => ({
      name: row.name,
      activeFor: null,
      builtIn: row.built_in === 1,
      card: JSON.parse(row.card) as ListedModel['card'],
    }));
    const setActive = db.prepare<[string, number]>('UPDATE models SET active_for = ? WHERE id = ?');
    rows.forEach((row, i) => {
      if (row.active !== 1) return;
      const { builtIn, card } = listed[i];
      const band = builtIn ? undefined : sizeBand(listed, card.method, card.variant, card.size);
      setActive.run(JSON.stringify(band === undefined ? 'all' : [band]), row.id);
    });
    db.exec('ALTER TABLE models DROP COLUMN active');
  },
};
