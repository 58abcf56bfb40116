/**
 * Which saved instance and plan were on screen, kept in this browser (or this desktop window's storage), so that
 * a reload or a restart reopens them instead of the empty start screen. Ids only: the data stays in the store.
 */
const KEY = 'jampr.lastOpened';

export interface LastOpened {
  instanceId: number;
  planId: number | null;
}

export function readLastOpened(storage: Storage = localStorage): LastOpened | null {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<LastOpened> | null;
    if (!value || !Number.isInteger(value.instanceId)) return null;
    return { instanceId: value.instanceId!, planId: Number.isInteger(value.planId) ? value.planId! : null };
  } catch {
    return null;
  }
}

export function rememberLastOpened(value: LastOpened, storage: Storage = localStorage): void {
  storage.setItem(KEY, JSON.stringify(value));
}

export function forgetLastOpened(storage: Storage = localStorage): void {
  storage.removeItem(KEY);
}
