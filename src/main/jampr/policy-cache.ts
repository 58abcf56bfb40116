import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCheckpoint, type LoadedModel } from './checkpoint.js';
import type { ModelKind } from './model/config.js';

/**
 * Loaded models kept between plans: reading and unpacking a checkpoint costs more than a greedy
 * decode, so the planner borrows policies from here. An entry is reloaded when the folder's files
 * change (a retrained model); a replaced or evicted policy is disposed only once no plan uses it.
 */
const MAX_MODELS = 8;

interface Entry {
  version: string;
  loading: Promise<LoadedModel>;
  users: number;
}

const entries = new Map<string, Entry>();
/** Replaced or evicted entries whose policy is freed once its last plan ends. */
const retired = new Set<Entry>();

/** Runs `use` with the model in `dir`, loading it only when it is not cached or changed on disk. */
export async function withModel<T>(dir: string, kind: ModelKind, use: (model: LoadedModel) => T | Promise<T>): Promise<T> {
  const key = `${kind}:${dir}`;
  const version = await folderVersion(dir);
  let entry = entries.get(key);
  if (!entry || entry.version !== version) {
    if (entry) retire(key, entry);
    entry = { version, loading: loadCheckpoint(dir, { kind }), users: 0 };
    entries.set(key, entry);
    entry.loading.catch(() => entries.get(key) === entry && entries.delete(key));
    evictIdle();
  } else {
    entries.delete(key); // re-inserted last: the map's order is least recently used first
    entries.set(key, entry);
  }
  entry.users++;
  try {
    return await use(await entry.loading);
  } finally {
    entry.users--;
    if (retired.has(entry)) await disposeIfIdle(entry);
  }
}

/** Number of models currently held (for tests and diagnostics). */
export const cachedModelCount = (): number => entries.size;

/** Drops every cached model that no plan is using. */
export async function clearModelCache(): Promise<void> {
  for (const [key, entry] of [...entries]) retire(key, entry);
  await Promise.all([...retired].map(disposeIfIdle));
}

function retire(key: string, entry: Entry): void {
  if (entries.get(key) === entry) entries.delete(key);
  retired.add(entry);
  void disposeIfIdle(entry);
}

async function disposeIfIdle(entry: Entry): Promise<void> {
  if (entry.users > 0 || !retired.delete(entry)) return;
  try {
    (await entry.loading).policy.dispose();
  } catch {
    // It never loaded: nothing to free.
  }
}

function evictIdle(): void {
  for (const [key, entry] of entries) {
    if (entries.size <= MAX_MODELS) return;
    if (entry.users === 0) retire(key, entry);
  }
}

/** Changes whenever a training run rewrites the model (weights, config or card). */
async function folderVersion(dir: string): Promise<string> {
  const files = await Promise.all(['model.json', 'weights.bin', 'card.json'].map((f) => stat(join(dir, f)).catch(() => null)));
  return files.map((s) => (s ? `${s.mtimeMs}:${s.size}` : '-')).join('|');
}
