/**
 * Excel's "Unicode text" (.txt: UTF-16LE with its byte-order mark, tabs between columns), which the jampr command line
 * reads as a customer table: the "Import CSV" button's file picker offers it, and the file picked is previewed with its
 * names intact and imported. The system's file dialog shows only the files the input's accept list admits, which
 * Playwright's setInputFiles does not apply: the list is checked as the dialog applies it.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser);
  page = session.page;
  await page.locator('[data-testid="history"][data-loaded="true"]').waitFor();
});
test.afterAll(async () => {
  await session?.close();
});

/**
 * Whether a file dialog opened by an input with this accept list offers a file of this name and type: an entry that
 * starts with '.' admits the extension, any other the MIME type (the type the system gives the extension).
 */
function offered(accept: string, fileName: string, mimeType: string): boolean {
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => (entry.startsWith('.') ? fileName.toLowerCase().endsWith(entry) : entry === mimeType));
}

const DAY = [
  'id\tname\tx\ty\tdemand\tready\tdue\tservice',
  'D\tLager Süd\t0\t0\t0\t06:00\t18:00\t0',
  'K1\tMüller Straße\t3\t4\t5\t08:00\t12:00\t10',
];
/** As Excel saves "Unicode Text": UTF-16LE behind its mark, CRLF line ends. */
const unicodeText = Buffer.from(`\uFEFF${DAY.join('\r\n')}\r\n`, 'utf16le');

test("the file picker offers Excel's Unicode text (.txt) beside .csv and .tsv files", async () => {
  const accept = (await byTest('csv-file-input').getAttribute('accept')) ?? '';
  expect(offered(accept, 'montag.txt', 'text/plain'), `accept="${accept}"`).toBe(true);
  expect(offered(accept, 'montag.csv', 'text/csv')).toBe(true);
  expect(offered(accept, 'montag.tsv', 'text/tab-separated-values')).toBe(true);
});

test('a Unicode text file picked is previewed with its names intact, and imported', async () => {
  await byTest('csv-file-input').setInputFiles({ name: 'montag.txt', mimeType: 'text/plain', buffer: unicodeText });
  await byTest('csv-dialog').waitFor();
  await byTest('csv-capacity').fill('50');
  await expect(byTest('csv-row-count')).toHaveText('2');
  await expect(byTest('csv-dialog')).not.toContainText('code page');
  await byTest('csv-confirm').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
  await expect(page.locator('[data-testid^="history-instance-"]').filter({ hasText: 'montag' })).toHaveCount(1);
  await expect(page.getByText('Müller Straße').first()).toBeVisible();
  expect(session.errors).toEqual([]);
});
