/**
 * Tabs of one browser on the web mode, as a dispatcher and a colleague might have them: what one tab stores or deletes,
 * the other hears as it happens. The setup the files that test that share: the tabs, a day imported and planned in
 * one, opened or deleted in another.
 */
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { appUrl } from './browser.js';
import { importCsv } from './csv-import.js';
import { CITY_DAY_CSV } from './fixtures.js';

export interface Tabs {
  context: BrowserContext;
  pages: Page[];
  /** The page errors any of them threw. */
  errors: string[];
}

/** `count` tabs of one new browser context, each on the app; close `context` at the end. */
export async function openTabs(browser: Browser, count: number): Promise<Tabs> {
  const context = await browser.newContext();
  const pages: Page[] = [];
  const errors: string[] = [];
  for (let i = 0; i < count; i++) {
    const page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(appUrl());
    pages.push(page);
  }
  return { context, pages, errors };
}

/** The history entry of the day named exactly `name` (not its copy). */
export const dayEntry = (page: Page, name: string) =>
  page.locator('[data-testid^="history-instance-"]').filter({ has: page.locator('.history-name').getByText(name, { exact: true }) });

/**
 * Imports `name` (the city day: 3 vans of 30 at 25 km/h) in `page`; with `effort`, plans it with the classical solver
 * for that many seconds.
 */
export async function importDay(page: Page, name: string, effort?: string): Promise<void> {
  await importCsv(page, `${name}.csv`, CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  if (effort === undefined) return;
  await page.getByTestId('method').selectOption('classical');
  await page.getByTestId('method-effort').fill(effort);
  await page.getByTestId('plan-button').click();
  await expect(page.getByTestId('plan-meta')).toBeVisible({ timeout: 60_000 });
}

/** Opens the day `name` from the history of `page`. */
export async function openDay(page: Page, name: string): Promise<void> {
  await page.bringToFront();
  await dayEntry(page, name).getByTestId('history-open').click();
  await expect(page.getByTestId('instance-name')).toHaveValue(name);
}

/** Deletes the day `name` from the history of `page`, answering its question. */
export async function deleteDay(page: Page, name: string): Promise<void> {
  await page.bringToFront();
  page.once('dialog', (dialog) => void dialog.accept());
  await dayEntry(page, name)
    .getByRole('button', { name: `Delete ${name}`, exact: true })
    .click();
  await expect(dayEntry(page, name)).toHaveCount(0);
}
