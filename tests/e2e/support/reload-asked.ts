import type { Page } from '@playwright/test';

/** Reloads the page and says which dialog the browser showed first (dismissed: the page stays), or none. */
export async function reloadAsked(page: Page): Promise<string | null> {
  const dialog = page.waitForEvent('dialog', { timeout: 5_000 }).then(
    async (d) => {
      const type = d.type();
      await d.dismiss();
      return type;
    },
    () => null,
  );
  // Not awaited: a reload the dialog stopped never loads.
  void page.evaluate('location.reload()').catch(() => undefined);
  return dialog;
}
