import type { Page } from '@playwright/test';

/** What the import dialog asks for besides the file (the speed only for lat/lon files); left out = left as offered. */
export interface CsvFleet {
  vehicles?: number;
  capacity?: number;
  speedKmh?: number;
}

/** Opens the import dialog on a CSV file and fills in the fleet; the dialog then shows the preview or the problems. */
export async function openCsvImport(page: Page, fileName: string, csv: string, fleet: CsvFleet): Promise<void> {
  await page.getByTestId('csv-file-input').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('csv-dialog').waitFor();
  if (fleet.vehicles !== undefined) await page.getByTestId('csv-vehicles').fill(String(fleet.vehicles));
  if (fleet.capacity !== undefined) await page.getByTestId('csv-capacity').fill(String(fleet.capacity));
  if (fleet.speedKmh !== undefined) await page.getByTestId('csv-speed').fill(String(fleet.speedKmh));
}

/** Confirms the import dialog once its preview shows, and waits for it to close. */
export async function confirmCsvImport(page: Page): Promise<void> {
  await page.getByTestId('csv-preview').waitFor();
  await page.getByTestId('csv-confirm').click();
  await page.getByTestId('csv-dialog').waitFor({ state: 'detached' });
}

/** Imports a CSV file through the dialog with the given fleet. */
export async function importCsv(page: Page, fileName: string, csv: string, fleet: CsvFleet): Promise<void> {
  await openCsvImport(page, fileName, csv, fleet);
  await confirmCsvImport(page);
}
