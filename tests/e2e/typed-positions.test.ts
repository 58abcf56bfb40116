/**
 * A stop or the depot dragged far on the map by accident is typed back where it belongs: the depot's position is in
 * the fleet settings, the selected customer's under the table (latitude and longitude on a lat/lon day, x and y on a
 * planar one), each refusing a position out of range with the add dialog's message. A position pasted whole into
 * either cell (a spreadsheet's two cells, a web map's "52.53, 13.38") fills both as one edit, or, a number refused or
 * the pair written longitude first ("13.38, 52.53": far from the day, near it the other way round), neither; Enter
 * goes down the fleet's fields as drawn. The add dialog refuses such a pair on submit with the same message; typed one
 * cell at a time, the pair is kept and the same message warns under the cells, until its edit is undone; a customer is
 * not judged by a depot that itself reads longitude first.
 */
import { type Dialog, expect, type Locator, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { importCsv } from './support/csv-import.js';
import { GOOD_CSV } from './support/fixtures.js';

const app = cityDayPage('typed-positions.csv');
const byTest = app.byTest;

/** Drags a marker by (dx, dy) px, as a hand slipping on the mouse would. */
async function drag(marker: Locator, dx: number, dy: number) {
  const box = (await marker.boundingBox())!;
  const page = app.page;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy, { steps: 8 });
  await page.mouse.up();
}

/** Types into a cell and commits it with Enter. */
async function type(cell: Locator, text: string) {
  await cell.fill(text);
  await cell.press('Enter');
}

/** Puts text on the clipboard, as a spreadsheet or a web map copies it, and pastes it into the cell. */
async function paste(cell: Locator, text: string) {
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
  await cell.focus();
  await app.page.keyboard.press('Control+v');
}

const near = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.abs(a.x - b.x) <= 1 && Math.abs(a.y - b.y) <= 1;

test('the depot dragged away is typed back to its latitude and longitude; a latitude of 95 is refused', async () => {
  const depot = byTest('marker-depot');
  const [lat, lon] = [byTest('fleet-depot-lat'), byTest('fleet-depot-lon')];
  await expect(lat).toHaveValue('52.5219');
  await expect(lon).toHaveValue('13.4132');
  const home = (await depot.boundingBox())!;
  await drag(depot, 180, 120);
  await expect(lat, 'the drag moved the depot').not.toHaveValue('52.5219');
  await type(lat, '95');
  await expect(lat).toHaveAttribute('aria-invalid', 'true');
  await expect(byTest('fleet-settings').getByRole('alert')).toHaveText('must be between −90 and 90');
  await type(lat, '52.5219');
  await type(lon, '13.4132');
  await expect(lat).not.toHaveAttribute('aria-invalid');
  await expect.poll(async () => near((await depot.boundingBox())!, home), 'the depot is back where it was').toBe(true);
  // Typed back to the saved position, the day is the saved one again: nothing to save.
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await expect(byTest('save-instance')).toBeDisabled();
});

test('a position saved with more decimals than its cells show, typed back as they show it, is the saved one', async () => {
  const depot = byTest('marker-depot');
  const [lat, lon] = [byTest('fleet-depot-lat'), byTest('fleet-depot-lon')];
  // As a geocoder writes them, to the 7th decimal: the cells show 6.
  await type(lat, '52.5219066');
  await type(lon, '13.41320004');
  await byTest('save-instance').click();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await expect(lat).toHaveValue('52.521907');
  await expect(lon).toHaveValue('13.4132');
  await drag(depot, 160, 100);
  await expect(lat, 'the drag moved the depot').not.toHaveValue('52.521907');
  await type(lat, '52.521907');
  await type(lon, '13.4132');
  await expect(lat).toHaveValue('52.521907');
  // The saved place, not one a few centimetres away: nothing to save.
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await expect(byTest('save-instance')).toBeDisabled();
  // Typed as shown with a trailing zero, it is the saved place too, and the cells show it as every number cell shows
  // what the day keeps (they kept the text typed: 52.5219070 beside a depot at 52.521907).
  await type(lat, '52.5219070');
  await type(lon, '13.41320');
  await expect(lat).toHaveValue('52.521907');
  await expect(lon).toHaveValue('13.4132');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
});

test("the selected customer dragged away is typed back; another customer's cells show its own position", async () => {
  await byTest('customer-id-S3').click();
  const [lat, lon] = [byTest('selected-lat'), byTest('selected-lon')];
  await expect(byTest('selected-position')).toContainText('S3');
  await expect(lat).toHaveValue('52.538');
  await expect(lon).toHaveValue('13.409');
  const marker = byTest('marker-S3');
  const home = (await marker.boundingBox())!;
  await drag(marker, -150, 90);
  await expect(lon, 'the drag moved S3').not.toHaveValue('13.409');
  await type(lon, '200');
  await expect(byTest('selected-position').getByRole('alert')).toHaveText('must be between −180 and 180');
  await type(lat, '52.538');
  await type(lon, '13.409');
  await expect.poll(async () => near((await marker.boundingBox())!, home), 'S3 is back where it was').toBe(true);
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await expect(byTest('save-instance')).toBeDisabled();
  await app.session.screenshot('typed-positions');
  await byTest('customer-id-S6').click();
  await expect(byTest('selected-position')).toContainText('S6');
  await expect(lat).toHaveValue('52.489');
  await expect(lon).toHaveValue('13.395');
});

test('a position pasted whole into either depot cell fills both, one Undo takes it back; a swapped pair changes nothing', async () => {
  const [lat, lon] = [byTest('fleet-depot-lat'), byTest('fleet-depot-lon')];
  const errors = byTest('fleet-settings').locator('.cell-error');
  // Saved at 52.5219066 above, shown to six decimals.
  await expect(lat).toHaveValue('52.521907');
  // A spreadsheet's row of two cells, its line break too, into the latitude: not a block running past the grid.
  await paste(lat, '52.5301\t13.3802\r\n');
  await expect(lat).toHaveValue('52.5301');
  await expect(lon).toHaveValue('13.3802');
  await expect(errors).toHaveCount(0);
  await expect(byTest('unsaved-badge')).toHaveCount(1);
  await byTest('undo').click();
  await expect(lat).toHaveValue('52.521907');
  await expect(lon).toHaveValue('13.4132');
  await expect(byTest('unsaved-badge'), 'one Undo took both back').toHaveCount(0);
  // As a web map copies it, into the longitude; with a space only; with decimal commas.
  await paste(lon, '52.5301, 13.3802');
  await expect(lat).toHaveValue('52.5301');
  await expect(lon).toHaveValue('13.3802');
  await paste(lat, '52.5163 13.3777');
  await expect(lat).toHaveValue('52.5163');
  await expect(lon).toHaveValue('13.3777');
  await paste(lon, '52,521907;13,4132');
  await expect(lat).toHaveValue('52.521907');
  await expect(lon).toHaveValue('13.4132');
  await expect(byTest('unsaved-badge'), 'back at the saved place').toHaveCount(0);
  // Typed whole and committed with Enter, as pasted.
  await type(lat, '52.5301, 13.3802');
  await expect(lat).toHaveValue('52.5301');
  await expect(lon).toHaveValue('13.3802');
  await byTest('undo').click();
  await expect(lon).toHaveValue('13.4132');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  // Longitude first (Seattle's): the latitude is refused as a typed one is, and neither cell's value moves.
  await paste(lat, '-122.3321, 47.6062');
  await expect(lat).toHaveAttribute('aria-invalid', 'true');
  await expect(errors).toHaveText([/^latitude -122\.3321: must be between −90 and 90 \(latitude and longitude swapped\?\)$/]);
  await expect(lon).toHaveValue('13.4132');
  await paste(lon, '52.5301, 213.3802');
  await expect(errors).toHaveText([/must be between −90 and 90/, /^longitude 213\.3802: must be between −180 and 180$/]);
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await lon.press('Escape');
  await lat.press('Escape');
  await expect(lat).toHaveValue('52.521907');
  await expect(lon).toHaveValue('13.4132');
  await expect(errors).toHaveCount(0);
  // Longitude first with both numbers within ±90° (Berlin's, as some exports write it): no range refuses it, but read
  // latitude first it lies off the Horn of Africa, thousands of km from the day's stops, and the other way round among
  // them. Refused, saying so and how it reads latitude first; neither cell's value moves.
  await paste(lat, '13.3802, 52.5301');
  await expect(errors).toHaveText([
    /^13\.3802, 52\.5301 lies \d+ km from the nearest stop: it looks like longitude first; latitude first it is 52\.5301, 13\.3802$/,
  ]);
  await expect(lon).toHaveValue('13.4132');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await lat.press('Escape');
  await expect(lat).toHaveValue('52.521907');
  await expect(errors).toHaveCount(0);
});

test("a position pasted whole into the selected customer's cells fills both, as one edit", async () => {
  await byTest('customer-id-S3').click();
  const [lat, lon] = [byTest('selected-lat'), byTest('selected-lon')];
  // A spreadsheet's two cells into the latitude: both, the latitude not lost to the longitude entered after it.
  await paste(lat, '52.5400\t13.4100');
  await expect(lat).toHaveValue('52.54');
  await expect(lon).toHaveValue('13.41');
  await paste(lon, '52.5450, 13.4150');
  await expect(lat).toHaveValue('52.545');
  await expect(lon).toHaveValue('13.415');
  await byTest('undo').click();
  await expect(lat, 'one Undo takes one pasted pair back').toHaveValue('52.54');
  await expect(lon).toHaveValue('13.41');
  await byTest('undo').click();
  await expect(lat).toHaveValue('52.538');
  await expect(lon).toHaveValue('13.409');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  // Typed whole longitude first: judged by the depot, it is refused as the depot's own cells refuse it.
  await type(lon, '13.4150, 52.5450');
  await expect(byTest('selected-position').getByRole('alert')).toHaveText(
    /^13\.415, 52\.545 lies \d+ km from the depot: it looks like longitude first; latitude first it is 52\.545, 13\.415$/,
  );
  await expect(lat).toHaveValue('52.538');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await lon.press('Escape');
  await expect(lon).toHaveValue('13.409');
});

test('a latitude and a longitude typed one cell at a time longitude first are kept, and warned about as a pair typed whole is refused', async () => {
  // S3 is selected since the test before: another customer (a second click on S3 would select none).
  await byTest('customer-id-S6').click();
  await expect(byTest('selected-position')).toContainText('S6');
  const [lat, lon] = [byTest('selected-lat'), byTest('selected-lon')];
  const warning = byTest('selected-lon-first');
  // S6's own numbers, each typed into the other's cell: the latitude alone leaves a place neither reading is near.
  await type(lat, '13.395');
  await expect(lat).toHaveValue('13.395');
  await expect(warning).toHaveCount(0);
  await type(lon, '52.489');
  // The edit stands (a stop may lie that far), and the words are those that refuse the pair typed whole.
  await expect(lon).toHaveValue('52.489');
  await expect(byTest('unsaved-badge')).toHaveCount(1);
  await expect(warning).toHaveText(
    /^13\.395, 52\.489 lies \d+ km from the depot: it looks like longitude first; latitude first it is 52\.489, 13\.395$/,
  );
  await expect(warning).toHaveAttribute('role', 'status');
  // Typed latitude first again, the warning goes; the day is the saved one.
  await type(lat, '52.489');
  await type(lon, '13.395');
  await expect(warning).toHaveCount(0);
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  // The depot's cells alike, judged by the day's stops.
  const [depotLat, depotLon] = [byTest('fleet-depot-lat'), byTest('fleet-depot-lon')];
  const was = [await depotLat.inputValue(), await depotLon.inputValue()];
  await type(depotLat, '13.4132');
  await expect(byTest('fleet-depot-lon-first')).toHaveCount(0);
  await type(depotLon, '52.5219');
  await expect(byTest('fleet-depot-lon-first')).toHaveText(
    /^13\.4132, 52\.5219 lies \d+ km from the nearest stop: it looks like longitude first; latitude first it is 52\.5219, 13\.4132$/,
  );
  await expect(depotLon).toHaveValue('52.5219');
  // Undone, it goes with the place it was about.
  await byTest('undo').click();
  await byTest('undo').click();
  await expect(byTest('fleet-depot-lon-first')).toHaveCount(0);
  await expect(depotLat).toHaveValue(was[0]);
  await expect(byTest('unsaved-badge')).toHaveCount(0);
});

test('a customer typed right is not told to swap by a depot typed swapped after it; an Undo takes a warning with its edit', async () => {
  // S6 is selected since the test before.
  await expect(byTest('selected-position')).toContainText('S6');
  const [lat, lon] = [byTest('selected-lat'), byTest('selected-lon')];
  const warning = byTest('selected-lon-first');
  const [depotLat, depotLon] = [byTest('fleet-depot-lat'), byTest('fleet-depot-lon')];
  const was = [await depotLat.inputValue(), await depotLon.inputValue()];
  // S6's latitude corrected, latitude first: nothing to warn of.
  await type(lat, '52.4891');
  await expect(warning).toHaveCount(0);
  // The depot's numbers typed into each other's cells, one at a time: the depot is warned about…
  await type(depotLat, was[1]);
  await type(depotLon, was[0]);
  await expect(byTest('fleet-depot-lon-first')).toHaveText(/looks like longitude first/);
  // …and S6, still selected and right where it was typed, is not: beside a depot that reads longitude first, the depot
  // is the suspect. Nor is a pair typed whole for S6, latitude first, refused.
  await expect(warning).toHaveCount(0);
  await type(lon, '52.4892, 13.3951');
  await expect(byTest('selected-position').getByRole('alert')).toHaveCount(0);
  await expect(lat).toHaveValue('52.4892');
  await expect(lon).toHaveValue('13.3951');
  await expect(warning).toHaveCount(0);
  for (let i = 0; i < 4; i++) await byTest('undo').click();
  await expect(depotLat).toHaveValue(was[0]);
  await expect(lat).toHaveValue('52.489');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  // S6's numbers typed into each other's cells, the longitude typed twice: warned about…
  await type(lat, '13.395');
  await type(lon, '52.489');
  await type(lon, '52.49');
  await expect(warning).toHaveText(/^13\.395, 52\.49 lies \d+ km from the depot: it looks like longitude first/);
  // …until its edit is undone: the place the Undo leaves is not the one typed, however it reads.
  await byTest('undo').click();
  await expect(lon).toHaveValue('52.489');
  await expect(warning).toHaveCount(0);
  // Redone, the edit is back, and its warning with it.
  await byTest('redo').click();
  await expect(lon).toHaveValue('52.49');
  await expect(warning).toHaveText(/^13\.395, 52\.49 lies/);
  for (let i = 0; i < 3; i++) await byTest('undo').click();
  await expect(warning).toHaveCount(0);
  await expect(lat).toHaveValue('52.489');
  await expect(lon).toHaveValue('13.395');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
});

test("the add dialog refuses a position written longitude first on submit, with the cells' message, and adds it latitude first", async () => {
  const rows = app.page.locator('[data-testid^="customer-row-"]');
  const before = await rows.count();
  await byTest('add-customer').click();
  await byTest('add-customer-dialog').waitFor();
  // Pasted whole into the latitude, as a web map copies it longitude first: split into both fields as typed.
  await byTest('add-customer-first').fill('13.4150, 52.5450');
  await expect(byTest('add-customer-second')).toHaveValue('52.5450');
  await byTest('add-customer-confirm').click();
  await expect(byTest('add-customer-refused')).toHaveText(
    /^13\.415, 52\.545 lies \d+ km from the depot: it looks like longitude first; latitude first it is 52\.545, 13\.415$/,
  );
  await expect(byTest('add-customer-dialog'), 'nothing added').toBeVisible();
  await expect(rows).toHaveCount(before);
  // Written latitude first, it is added; the refusal goes with the position it was for.
  await byTest('add-customer-first').fill('52.5450, 13.4150');
  await expect(byTest('add-customer-refused')).toHaveCount(0);
  await byTest('add-customer-confirm').click();
  await byTest('add-customer-dialog').waitFor({ state: 'detached' });
  await expect(rows).toHaveCount(before + 1);
  await byTest('undo').click();
  await expect(rows).toHaveCount(before);
});

test("Enter goes down the fleet's fields as drawn: from either shift cell to the depot's latitude, then its longitude", async () => {
  const [lat, lon, speed] = [byTest('fleet-depot-lat'), byTest('fleet-depot-lon'), byTest('fleet-speed')];
  await byTest('fleet-depot-due').focus();
  await app.page.keyboard.press('Enter');
  await expect(lat).toBeFocused();
  await app.page.keyboard.press('Enter');
  await expect(lon).toBeFocused();
  await app.page.keyboard.press('Enter');
  await expect(speed).toBeFocused();
  await app.page.keyboard.press('ArrowUp');
  await expect(lon).toBeFocused();
  await app.page.keyboard.press('ArrowUp');
  await app.page.keyboard.press('ArrowUp');
  await expect(byTest('fleet-depot-ready')).toBeFocused();
  await byTest('fleet-depot-ready').press('Enter');
  await expect(lat).toBeFocused();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
});

test("a column pasted down the fleet's fields into the depot's latitude and longitude is one Undo step, as a paste is elsewhere", async () => {
  const [ready, lat, lon] = [byTest('fleet-depot-ready'), byTest('fleet-depot-lat'), byTest('fleet-depot-lon')];
  const was = [await ready.inputValue(), await lat.inputValue(), await lon.inputValue()];
  // A spreadsheet's column of two cells into the latitude: the latitude not lost to the longitude entered after it.
  await paste(lat, '52.5400\n13.4100\n');
  await expect(lat).toHaveValue('52.54');
  await expect(lon).toHaveValue('13.41');
  await byTest('undo').click();
  await expect(lat, 'one Undo takes the whole paste back').toHaveValue(was[1]);
  await expect(lon).toHaveValue(was[2]);
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  // From the shift's start down: its time and the depot's position, one step too.
  await paste(ready, '06:45\n52.5400\n13.4100');
  await expect(ready).toHaveValue('06:45');
  await expect(lat).toHaveValue('52.54');
  await expect(lon).toHaveValue('13.41');
  await byTest('undo').click();
  await expect(ready, 'one Undo takes the whole paste back').toHaveValue(was[0]);
  await expect(lat).toHaveValue(was[1]);
  await expect(lon).toHaveValue(was[2]);
  await expect(byTest('unsaved-badge')).toHaveCount(0);
});

test('on a planar day the positions are x and y', async () => {
  // The moves above were all typed back: nothing is unsaved, so opening another day asks nothing.
  let asked = '';
  const answer = (dialog: Dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  };
  app.page.once('dialog', answer);
  await importCsv(app.page, 'typed-planar.csv', GOOD_CSV, { vehicles: 6, capacity: 100 });
  await expect(byTest('fleet-depot-x')).toHaveValue('50');
  await expect(byTest('fleet-depot-y')).toHaveValue('50');
  app.page.off('dialog', answer);
  expect(asked, 'no question before the import').toBe('');
  await byTest('customer-id-3').click();
  await expect(byTest('selected-x')).toHaveValue('15');
  const marker = byTest('marker-3');
  const before = (await marker.boundingBox())!;
  await type(byTest('selected-x'), '35');
  // Twenty units east: the marker moves right, not up or down.
  await expect.poll(async () => (await marker.boundingBox())!.x - before.x).toBeGreaterThan(20);
  expect(Math.abs((await marker.boundingBox())!.y - before.y)).toBeLessThanOrEqual(1);
  // A spreadsheet's x and y, pasted into the depot's x: both cells, as on a lat/lon day.
  await paste(byTest('fleet-depot-x'), '55\t60');
  await expect(byTest('fleet-depot-x')).toHaveValue('55');
  await expect(byTest('fleet-depot-y')).toHaveValue('60');
});
