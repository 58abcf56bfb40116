/**
 * A page of the app whose days a file stores through the web mode's API, as a script or another window would, not
 * through the import dialog: quicker for a day of 1,000 stops, and a change the page did not make itself. The setup
 * the files that do so share: the page, its API calls, the days imported and deleted again after the tests.
 */
import type { Page } from '@playwright/test';
import { filePage } from './day-page.js';
import { realDayCsv } from './fixtures.js';

/** A day as the API stores it: its id and its customers. */
export interface StoredDay {
  id: number;
  instance: { customers: { id: string; demand: number }[] };
}

/**
 * Calls the web mode's API from the page, with the page's token (sessionStorage: renderer/api/web-token.ts) and no
 * window id, so that the page hears what it changes as another window's change. Throws with the API's error.
 */
export async function callApi<T>(page: Page, name: string, body: unknown): Promise<T> {
  const script = `fetch('/api/${encodeURIComponent(name)}', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Jampr-Token': sessionStorage.getItem('jampr.token') ?? '' }, body: ${JSON.stringify(JSON.stringify(body))} }).then((r) => r.json())`;
  const answer = (await page.evaluate(script)) as { ok: boolean; value?: T; error?: unknown };
  if (!answer.ok) throw new Error(`${name}: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

/** Stores a real day of `stops` stops (realDayCsv) as `fileName`, with `vehicles` of 100 units at 25 km/h. */
export const importRealDay = (page: Page, fileName: string, stops: number, vehicles: number): Promise<StoredDay> =>
  callApi<StoredDay>(page, 'instances:importCsv', { fileName, text: realDayCsv(stops), vehicles, capacity: 100, speedKmh: 25 });

/**
 * One page of the app for a file's serial tests (filePage), with its API calls. The days `importDay` stores are
 * deleted again after the tests: the other files share the store.
 */
export function apiPage() {
  const imported: number[] = [];
  const app = filePage({
    async tearDown(page) {
      for (const id of imported) await callApi(page, 'instances:delete', { id });
    },
  });
  return Object.assign(app, {
    call: <T>(name: string, body: unknown) => callApi<T>(app.page, name, body),
    /** importRealDay, the day deleted again after the tests. */
    async importDay(fileName: string, stops: number, vehicles: number): Promise<StoredDay> {
      const day = await importRealDay(app.page, fileName, stops, vehicles);
      imported.push(day.id);
      return day;
    },
  });
}
