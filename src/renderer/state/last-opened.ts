/**
 * Which saved instance and plan were on screen, kept in this browser (or this desktop window's storage), so that
 * a reload or a restart reopens them instead of the empty start screen. Ids only, the data stays in the store; with
 * the instance's creation time, so that an id of another database (`--db`) is not taken for it.
 */
const KEY = 'jampr.lastOpened';

/** The part of the browser's Storage used here (localStorage in the app; a map in the tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface LastOpened {
  instanceId: number;
  createdAt: string;
  planId: number | null;
}

export function readLastOpened(storage: KeyValueStore): LastOpened | null {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<LastOpened> | null;
    if (!value || !Number.isInteger(value.instanceId) || typeof value.createdAt !== 'string') return null;
    return { instanceId: value.instanceId!, createdAt: value.createdAt, planId: Number.isInteger(value.planId) ? value.planId! : null };
  } catch {
    return null;
  }
}

export function rememberLastOpened(value: LastOpened, storage: KeyValueStore): void {
  storage.setItem(KEY, JSON.stringify(value));
}

export function forgetLastOpened(storage: KeyValueStore): void {
  storage.removeItem(KEY);
}
