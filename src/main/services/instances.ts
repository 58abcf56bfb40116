import { type CallRequest, type CsvPreview, EXPORT_ENDINGS } from '../../shared/api.js';
import { AppError, inputError } from '../../shared/errors.js';
import { dialectOfFormat } from '../vrp/io/csv-cells.js';
import { writeInstanceCsv } from '../vrp/io/csv-write.js';
import { buildProblem, checkInstance, validateInstance } from '../vrp/validate.js';
import type { ServiceContext } from './context.js';
import { safeFileName } from './file-names.js';
import { previewCsv } from './import-preview.js';
import { DEPOTS_JUDGED_BY, lonFirstFileWarning } from './lon-first-file.js';
import { notStored, requireInstance } from './stored.js';

/**
 * A file imported again (next week's "monday.csv", or the same file twice) is stored beside the day of that name,
 * never over it: it gets the first free name "monday (2)", "monday (3)", and the preview says so, with how many plans
 * the stored day holds, so that two days in the history and in Training's list can be told apart.
 */
function besideStored(ctx: ServiceContext, preview: CsvPreview): CsvPreview {
  const stored = ctx.store.instances.list();
  const name = preview.instance.name;
  const same = stored.find((s) => s.name === name);
  if (!same) return preview;
  const taken = new Set(stored.map((s) => s.name));
  let k = 2;
  while (taken.has(`${name} (${k})`)) k++;
  const free = `${name} (${k})`;
  const plans = `${same.plans} plan${same.plans === 1 ? '' : 's'}`;
  const warning = `an instance named “${name}” is already stored (${same.customers} customers, ${plans}): this file is imported beside it as “${free}”, and the stored one is kept as it is`;
  return { ...preview, instance: { ...preview.instance, name: free }, warnings: [...preview.warnings, warning] };
}

/** A file written longitude first throughout, which only the days stored before can tell (lon-first-file.ts): said first. */
function lonFirstFile(ctx: ServiceContext, preview: CsvPreview): CsvPreview {
  const warning = lonFirstFileWarning(preview, ctx.store.instances.geoDepots(DEPOTS_JUDGED_BY));
  return warning ? { ...preview, warnings: [warning, ...preview.warnings] } : preview;
}

export function instanceServices(ctx: ServiceContext) {
  const { instances } = ctx.store;
  return {
    'instances:list': () => instances.list(),
    'instances:changes': ({ since }: CallRequest<'instances:changes'>) => instances.changes(since),
    'instances:get': ({ id }: { id: number }) => requireInstance(ctx, id),
    'instances:save': ({ id, basedOn, instance }: CallRequest<'instances:save'>) => {
      // The routing core's validation names every broken rule; a bad instance is never stored.
      buildProblem(instance);
      if (id === undefined) return instances.insert(instance, null);
      const updated = instances.update(id, instance, basedOn);
      if (updated) return updated;
      const current = instances.get(id);
      if (!current) {
        throw notStored(instances.everStored(id), {
          never: `there is no instance with id ${id}, and there never was: to store “${instance.name}” as a new instance, save it without an id; nothing was saved`,
          gone: `“${instance.name}” was deleted elsewhere after it was opened here; nothing was saved`,
          // Gone, not saved over: a window that asks to keep its version as a new day says which (AppErrorData.missing).
          missing: { what: 'day', id, words: `“${instance.name}”` },
        });
      }
      throw new AppError('conflict', `“${current.instance.name}” was saved elsewhere after it was opened here; nothing was saved`);
    },
    'instances:delete': ({ id }: { id: number }) => {
      const result = instances.delete(id);
      // An id no instance ever had is the request's mistake (a typo, another database's id), refused as get and save
      // refuse it; one deleted since (by another window or tab) is gone as asked: `deleted: false`, as a delete repeated.
      if (!result.deleted && !instances.everStored(id))
        throw inputError(`there is no instance with id ${id}, and there never was: nothing was deleted`);
      return result;
    },
    // Checked as a save would check it: a field the instance does not know, or a text over its limit, is a problem too.
    'instances:validate': ({ instance }: { instance?: unknown }) => checkInstance(instance, { sent: true }),
    'instances:previewCsv': (request: CallRequest<'instances:previewCsv'>) => besideStored(ctx, lonFirstFile(ctx, previewCsv(request))),
    // One INSERT: the import is all or nothing.
    'instances:importCsv': (request: CallRequest<'instances:importCsv'>) =>
      instances.insert(besideStored(ctx, previewCsv(request)).instance, request.fileName),
    'instances:exportCsv': (request: CallRequest<'instances:exportCsv'>) => {
      // An unsaved version (the editor's) is checked as a save would check it: a file that breaks a rule would not import.
      const shown = request.instance;
      const problems = shown ? validateInstance(shown) : [];
      if (shown && problems.length > 0) {
        throw inputError(`“${shown.name}” breaks the rules of an instance, so its CSV file would not import: fix them first`, problems);
      }
      const instance = shown ?? requireInstance(ctx, request.id).instance;
      const format = request.format ?? 'csv';
      return {
        fileName: `${safeFileName(instance.name)}${EXPORT_ENDINGS[format]}`,
        text: writeInstanceCsv(instance, dialectOfFormat(format)),
      };
    },
  };
}
