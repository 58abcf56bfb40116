import type { Page } from '@playwright/test';

/**
 * Puts the keyboard's focus at the page's start, as after loading it, without reloading: the next Tab reaches the
 * page's first Tab stop (a throwaway element first in the body takes the focus and goes again).
 */
export async function focusPageStart(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  })()`);
}
