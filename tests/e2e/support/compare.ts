import { expect, type Page } from '@playwright/test';

/** Compares the open day under hard (A) and soft (B) windows with the classical solver, and waits for the key figures. */
export async function compareHardAndSoft(page: Page): Promise<void> {
  const byTest = (id: string) => page.getByTestId(id);
  await byTest('tab-compare').click();
  await byTest('compare-a-name').selectOption('tw1');
  await byTest('compare-b-name').selectOption('tw3');
  await byTest('compare-method').selectOption('classical');
  await byTest('compare-effort').fill('0.5');
  await byTest('compare-run').click();
  await expect(byTest('compare-kpi-wait')).toBeVisible({ timeout: 60_000 });
}
