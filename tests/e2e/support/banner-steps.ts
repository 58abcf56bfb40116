import type { Locator, Page } from '@playwright/test';

/**
 * The error banner's steps the dispatcher files share, on the page `current` returns (the file's one page, opened
 * before its tests): wait for something unless the banner comes first, and dismiss every banner.
 */
export function bannerSteps(current: () => Page) {
  const byTest = (id: string) => current().getByTestId(id);

  /** Waits for `target`; if the error banner shows up first, fails with what it says rather than a bare timeout. */
  async function expectOrExplain(target: Locator, timeout: number): Promise<void> {
    const banner = byTest('error-banner').first();
    const first = await Promise.race([
      target.waitFor({ timeout }).then(() => 'ok' as const),
      banner.waitFor({ timeout }).then(() => 'banner' as const),
    ]);
    if (first === 'banner') throw new Error(`the app reported an error instead: ${await banner.textContent()}`);
  }

  async function dismissBanners() {
    for (const dismiss of await byTest('dismiss-error').all()) await dismiss.click();
  }

  return { expectOrExplain, dismissBanners };
}
