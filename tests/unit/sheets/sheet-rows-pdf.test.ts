/**
 * The driver-sheet PDF of a real plan: the rows as the sheet model makes them (sheet-model.ts), laid out by main, and
 * read back as text, as a driver reads the page.
 */
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { renderSheetsPdf } from '../../../src/main/sheets/sheets-pdf.js';
import { driverSheets } from '../../../src/renderer/sheets/sheet-model.js';
import { type Instance, makeVariant } from '../../../src/shared/domain.js';

/** A night shift 18:00–01:00: the first stop opens at 19:00, so the driver leaves later than the shift start. */
const night: Instance = {
  name: 'night',
  clockTimes: true,
  depot: { id: 'D', name: 'Hafen', address: 'Kai 1', x: 0, y: 0, ready: 1080, due: 1500 },
  capacity: 10,
  vehicles: 1,
  customers: [
    { id: 'a', name: 'Bar', address: 'Gasse 2', x: 10, y: 0, demand: 1, ready: 1140, due: 1200, service: 5 },
    { id: 'b', name: 'Club', address: 'Ring 3', x: 20, y: 0, demand: 1, ready: 1150, due: 1480, service: 5 },
  ],
};

async function pageText(day: Instance): Promise<string> {
  const evaluation = evaluatePlan(buildProblem(day), [['a', 'b']], makeVariant('tw1'));
  const sheets = driverSheets(day, evaluation, 'tw1');
  const { pdf } = await renderSheetsPdf({ instanceName: day.name, planLabel: 'Classical · hard', geo: false, sheets });
  return (await extractText(new Uint8Array(pdf), { mergePages: true })).text;
}

describe("a driver sheet's depot rows in the PDF", () => {
  it('says the time to leave once, with its verb', async () => {
    const text = await pageText(night);
    expect(text).toContain('leave 18:50');
    expect(text).not.toMatch(/leave 18:50\s+18:50/);
  });

  it("keeps a night shift's end on one line", async () => {
    const text = await pageText(night);
    expect(text).toContain('shift end 01:00+1');
  });
});
