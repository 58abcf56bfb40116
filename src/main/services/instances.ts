import { basename, extname } from 'node:path';
import type { CallRequest, CsvPreview, StoredInstance } from '../../shared/api.js';
import { AppError, inputError } from '../../shared/errors.js';
import { parseCustomerCsv } from '../vrp/io/csv.js';
import { writeInstanceCsv } from '../vrp/io/csv-write.js';
import { buildProblem, checkInstance } from '../vrp/validate.js';
import type { ServiceContext } from './context.js';

export function requireInstance(ctx: ServiceContext, id: number): StoredInstance {
  const stored = ctx.store.instances.get(id);
  if (!stored) throw inputError(`there is no instance with id ${id}`);
  return stored;
}

/** Parses a CSV into a validated instance; nothing is stored. */
export function previewCsv(request: CallRequest<'instances:previewCsv'>): CsvPreview {
  const name = basename(request.fileName, extname(request.fileName)) || 'imported';
  const parsed = parseCustomerCsv(request.text, {
    name,
    vehicles: request.vehicles,
    capacity: request.capacity,
    speedKmh: request.speedKmh,
    fleetFrom: 'dialog',
  });
  const columns: Record<string, string> = {};
  for (const [field, header] of Object.entries(parsed.columns)) if (header !== undefined) columns[field] = header;
  return { fileName: request.fileName, columns, rows: parsed.rows, instance: parsed.instance, warnings: parsed.warnings };
}

export function instanceServices(ctx: ServiceContext) {
  const { instances } = ctx.store;
  return {
    'instances:list': () => instances.list(),
    'instances:get': ({ id }: { id: number }) => requireInstance(ctx, id),
    'instances:save': ({ id, basedOn, instance }: CallRequest<'instances:save'>) => {
      // The routing core's validation names every broken rule; a bad instance is never stored.
      buildProblem(instance);
      if (id === undefined) return instances.insert(instance, null);
      const updated = instances.update(id, instance, basedOn);
      if (updated) return updated;
      const current = instances.get(id);
      if (!current) throw new AppError('conflict', `“${instance.name}” was deleted elsewhere after it was opened here; nothing was saved`);
      throw new AppError('conflict', `“${current.instance.name}” was saved elsewhere after it was opened here; nothing was saved`);
    },
    'instances:delete': ({ id }: { id: number }) => ({ deleted: instances.delete(id) }),
    'instances:validate': ({ instance }: { instance?: unknown }) => checkInstance(instance),
    'instances:previewCsv': previewCsv,
    // One INSERT: the import is all or nothing.
    'instances:importCsv': (request: CallRequest<'instances:importCsv'>) =>
      instances.insert(previewCsv(request).instance, request.fileName),
    'instances:exportCsv': (request: CallRequest<'instances:exportCsv'>) => {
      const instance = request.instance ?? requireInstance(ctx, request.id).instance;
      return { fileName: `${safeFileName(instance.name)}.csv`, text: writeInstanceCsv(instance) };
    },
  };
}

/** A name usable as a file name on every platform: letters of any script kept ("Süd", "Łódź"), the rest as _. */
export const safeFileName = (name: string): string => name.replace(/[^\p{L}\p{N}_.-]+/gu, '_').slice(0, 100) || 'instance';
