import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { pdfColour } from '../../../src/main/sheets/pdf-colour.js';
import { renderSheetsPdf } from '../../../src/main/sheets/sheets-pdf.js';
import { SHEET_TEXT_MAX, type Sheet, type SheetRow, sheetsDocumentSchema } from '../../../src/shared/driver-sheet.js';

const depot = (kind: 'depart' | 'return'): SheetRow => ({
  kind,
  order: '',
  id: 'D',
  name: 'Central depot',
  place: 'Alexanderplatz 1, Berlin',
  window: kind === 'depart' ? 'leave 07:00' : 'shift end 18:00',
  eta: kind === 'depart' ? '' : '16:40',
  start: '',
  service: '',
  load: kind === 'depart' ? '30' : '',
  late: false,
});

/** A route of `stops` stops, each with a name and an address long enough to wrap. */
function sheet(route: number, stops: number): Sheet {
  const rows = Array.from(
    { length: stops },
    (_, i): SheetRow => ({
      kind: 'stop',
      order: String(i + 1),
      id: `R${route}S${i + 1}`,
      name: `Café Straße ${i + 1}`,
      place: `Torstraße ${i + 1}, 10119 Berlin, Hinterhof links, dritter Stock`,
      window: '08:00–11:00',
      eta: `09:${String(i % 60).padStart(2, '0')}`,
      start: i === 2 ? '10:00' : '',
      service: '10m',
      load: '5',
      late: i === 1,
      early: i === 3,
    }),
  );
  const path = [{ x: 13.41, y: 52.52, id: 'D' }, ...rows.map((r, i) => ({ x: 13.38 + (i % 7) * 0.01, y: 52.5 + i * 0.002, id: r.id }))];
  return {
    route,
    title: `Route ${route + 1}`,
    summary: `${stops} stops`,
    colour: route < 16 ? '#1f77b4' : 'hsl(157.5, 70%, 38%)',
    rows: [depot('depart'), ...rows, depot('return')],
    path,
  };
}

async function pagesOf({ pdf }: { pdf: Buffer }): Promise<string[]> {
  return (await extractText(new Uint8Array(pdf), { mergePages: false })).text;
}

describe('driver sheets PDF', () => {
  it('puts every stop of a route, in order, with its window and ETA, between the departure and the return', async () => {
    const file = await renderSheetsPdf({ instanceName: 'city-day', planLabel: 'Classical · hard', geo: true, sheets: [sheet(0, 6)] });
    expect(file.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pagesOf(file);
    expect(pages).toHaveLength(1);
    const text = pages[0];
    expect(text).toContain('Route 1 · city-day');
    // A name wraps in its cell between words: compared with the line breaks read as spaces.
    const flat = text.replace(/\s+/g, ' ');
    const at = (needle: string) => flat.indexOf(needle);
    expect(at('leave 07:00')).toBeGreaterThan(-1);
    let last = at('leave 07:00');
    for (let i = 1; i <= 6; i++) {
      const stop = at(`R0S${i} Café Straße ${i}`);
      expect(stop, `stop ${i} after the one before`).toBeGreaterThan(last);
      last = stop;
    }
    expect(at('shift end 18:00')).toBeGreaterThan(last);
    expect(text).toContain('08:00–11:00');
    expect(text).toMatch(/09:01\s+\(late\)/);
    expect(text).toMatch(/09:03\s+\(early\)/);
  });

  it('ends with a page naming each customer no route serves under its reason, each reason said once', async () => {
    const late = 'no vehicle can reach it before its window closes';
    const notServed = [
      { id: 'FAR1', name: 'Toledo Mercado', reason: late },
      { id: 'B7', name: '', reason: "its demand is more than a vehicle's capacity of 30 (demand 40)", figures: 'demand 40' },
      { id: 'FAR2', name: 'Lisboa Feira', reason: late },
      { id: 'FAR3', name: '', reason: late },
      { id: 'B8', name: 'Bau', reason: "its demand is more than a vehicle's capacity of 30 (demand 45)", figures: 'demand 45' },
    ];
    const pages = await pagesOf(
      await renderSheetsPdf({ instanceName: 'day', planLabel: 'Classical · hard', geo: true, sheets: [sheet(0, 3)], notServed }),
    );
    expect(pages).toHaveLength(2);
    const page = pages[1];
    expect(page).toContain('Not served (5) · day');
    expect(page.split(late), 'the reason of three customers, said once').toHaveLength(2);
    // In the order each reason first comes, as the plan panel groups them (groupByReason), each above its customers;
    // a reason with each customer's own demand is said once too, the demand in the customer's row.
    expect(page).toMatch(
      /no vehicle can reach it before its window closes · 3 customers\s+FAR1\s+Toledo Mercado\s+FAR2\s+Lisboa Feira\s+FAR3\s+its demand is more than a vehicle's capacity of 30 · 2 customers\s+B7\s+· demand 40\s+B8\s+Bau\s+· demand 45\s*$/,
    );
  });

  it("prints the plan's warnings on every route's page and on the page of the customers not served", async () => {
    const warnings = ['Out of date: the day was changed after this plan was made', 'The plan uses 4 vehicles but the fleet has 3'];
    const notServed = [{ id: 'B7', name: '', reason: 'no vehicle can reach it before its window closes' }];
    const document = { instanceName: 'day', planLabel: 'Classical · hard', geo: true, sheets: [sheet(0, 2), sheet(1, 2)], notServed };
    const pages = await pagesOf(await renderSheetsPdf({ ...document, warnings }));
    expect(pages).toHaveLength(3);
    // A warning wraps where the sketch narrows the header: compared with its line breaks as spaces.
    for (const page of pages) for (const warning of warnings) expect(page.replace(/\s+/g, ' ')).toContain(warning);
    expect((await pagesOf(await renderSheetsPdf(document)))[0]).not.toContain('Out of date');
  });

  it('starts each route on its own page and carries a long route over to further pages', async () => {
    const pages = await pagesOf(
      await renderSheetsPdf({ instanceName: 'day', planLabel: 'x', geo: true, sheets: [sheet(0, 60), sheet(20, 2)] }),
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const all = pages.join('\n');
    for (let i = 1; i <= 60; i++) expect(all).toContain(`R0S${i} `);
    expect(pages[1]).toContain('Route 1 (continued)');
    expect(pages.at(-1)).toContain('Route 21 · day');
    expect(pages.at(-1)).toContain('R20S2');
  });

  it("keeps a stop's number whole in the # column up to three digits: a route of 100 stops or more", async () => {
    const long = sheet(0, 120);
    const rows = long.rows.map((row, i) => (i === 120 ? { ...row, order: '999' } : row));
    const all = (
      await pagesOf(await renderSheetsPdf({ instanceName: 'day', planLabel: 'x', geo: true, sheets: [{ ...long, rows }] }))
    ).join('\n');
    // Read back as the driver reads the row: the number, then the stop's id. Broken, "100" read as "10" over "0".
    for (const [order, id] of [
      ['9', 9],
      ['99', 99],
      ['100', 100],
      ['119', 119],
      ['999', 120],
    ] as const) {
      expect(all, `stop ${order}`).toMatch(new RegExp(`(^|\\s)${order}\\s+R0S${id} `));
    }
  });

  it("keeps a load of four and five digits whole in the Qty column: a stop's '1,000', the departure's bold '99,999'", async () => {
    const base = sheet(0, 3);
    const loads = ['1,000', '12,500', '9,999'];
    const rows = base.rows.map((row, i) =>
      row.kind === 'depart' ? { ...row, load: '99,999' } : row.kind === 'stop' ? { ...row, load: loads[i - 1] } : row,
    );
    const [text] = await pagesOf(await renderSheetsPdf({ instanceName: 'x', planLabel: 'x', geo: false, sheets: [{ ...base, rows }] }));
    // pdfkit breaks a number wider than its cell anywhere: '1,000' read back as '1,00' over '0'.
    for (const load of ['99,999', ...loads]) expect(text, load).toMatch(new RegExp(`(^|\\s)${load}(\\s|$)`));
  });

  it('keeps the last stop on the page of the return row: no page holds only the table header and the return', async () => {
    // One of these lengths ends a page right after its last stop, whatever the rows' heights.
    for (let stops = 14; stops <= 26; stops++) {
      const pages = await pagesOf(await renderSheetsPdf({ instanceName: 'day', planLabel: 'x', geo: true, sheets: [sheet(0, stops)] }));
      const last = pages.at(-1)!;
      expect(last).toContain('shift end 18:00');
      expect(last, `the last of ${stops} stops on the return row's page`).toContain(`R0S${stops} `);
    }
  });

  it('prints names and addresses in any Latin, Greek or Cyrillic script exactly as written', async () => {
    const customers = [
      ['Łódź Spółka', 'ul. Piotrkowska 12, 90-001 Łódź'],
      ['Ελληνικά Ltd', 'Οδός Ερμού 5, Αθήνα'],
      ['Москва Склад', 'ул. Тверская 7, Москва'],
      ['Çağrı Gıda', 'Kızılay Cd. 3, Çankaya, Ankara'],
      ['Müller & Söhne', 'Königstraße 8, München'],
      ['Dvořák Přeprava', 'Náměstí Míru 4, Brno'],
    ];
    const base = sheet(0, customers.length);
    const rows = base.rows.map((row, i) => (row.kind === 'stop' ? { ...row, name: customers[i - 1][0], place: customers[i - 1][1] } : row));
    const pdf = await renderSheetsPdf({
      instanceName: 'Warszawa–Αθήνα',
      planLabel: 'JAMPR · soft (α 1, β 0.5, λ 2)',
      geo: true,
      sheets: [{ ...base, rows }],
    });
    const [text] = await pagesOf(pdf);
    // A long address wraps in its cell: compare with the line breaks read as spaces.
    const flat = text.replace(/\s+/g, ' ');
    for (const [i, [name, place]] of customers.entries()) {
      expect(flat).toContain(`R0S${i + 1} ${name} ${place}`);
    }
    expect(text).toContain('Route 1 · Warszawa–Αθήνα');
    expect(text).toContain('soft (α 1, β 0.5, λ 2)');
    expect(text, 'nothing was replaced').not.toMatch(/[?\uFFFD]/);
  });

  it('marks a character the fonts cannot draw (CJK, emoji) with U+FFFD and turns control characters into spaces', async () => {
    const base = sheet(0, 1);
    const rows = base.rows.map((row) => (row.kind === 'stop' ? { ...row, name: '東京\tSushi 🚚' } : row));
    const [text] = await pagesOf(await renderSheetsPdf({ instanceName: 'x', planLabel: 'x', geo: false, sheets: [{ ...base, rows }] }));
    expect(text.replace(/\s+/g, ' ')).toContain('R0S1 \uFFFD\uFFFD Sushi \uFFFD');
    expect(text).not.toContain('\u0000');
  });

  it('hyphenates a word too wide for its cell where its lines break, in a name or an address, never in an id', async () => {
    const base = sheet(0, 1);
    const word = 'Brzęczyszczykiewiczowskiego';
    const id = 'CUSTOMER0000000000000012345';
    const rows = base.rows.map((row) => (row.kind === 'stop' ? { ...row, id, name: `Piekarnia ${word}`, place: `ul. ${word} 12` } : row));
    const [text] = await pagesOf(await renderSheetsPdf({ instanceName: 'x', planLabel: 'x', geo: false, sheets: [{ ...base, rows }] }));
    // Broken across lines in both cells, and every break inside the word follows a hyphen: joined, it reads whole.
    expect(text).not.toContain(word);
    expect(text.replace(/\u2010\s+/g, '').split(word)).toHaveLength(3);
    expect(text).not.toMatch(/CUSTOMER\S*\u2010/);
  });

  it("keeps a night's next-day start and ETA ('02:00+1') on one line in their cells", async () => {
    const base = sheet(0, 2);
    const rows = base.rows.map((row) =>
      row.kind === 'stop'
        ? { ...row, eta: '01:48+1', start: '02:00+1', late: false, early: false }
        : row.kind === 'return'
          ? { ...row, eta: '04:11+1' }
          : row,
    );
    const [text] = await pagesOf(await renderSheetsPdf({ instanceName: 'x', planLabel: 'x', geo: false, sheets: [{ ...base, rows }] }));
    // pdfkit breaks a word wider than its cell anywhere: the start read back as '02:00+' over '1'.
    expect(text.match(/01:48\+1\s+02:00\+1/g), 'ETA then start, each whole, on both stops').toHaveLength(2);
    expect(text).toContain('04:11+1');
  });

  it('converts a route colour to one pdfkit takes', () => {
    expect(pdfColour('hsl(120, 100%, 25%)')).toBe('#008000');
    expect(pdfColour('#1f77b4')).toBe('#1f77b4');
  });

  it('refuses a request that is not a set of sheets', () => {
    expect(sheetsDocumentSchema.safeParse({ instanceName: 'x', planLabel: '', geo: false, sheets: [] }).success).toBe(false);
    const bad = { ...sheet(0, 1), colour: 'url(javascript:1)' };
    expect(sheetsDocumentSchema.safeParse({ instanceName: 'x', planLabel: '', geo: false, sheets: [bad] }).success).toBe(false);
  });
});

describe('the sheets request', () => {
  it('clips a text longer than a sheet prints instead of refusing the sheets', () => {
    const long = 'Bäckerei '.repeat(80);
    const document = sheetsDocumentSchema.parse({
      instanceName: long,
      planLabel: 'Classical · hard',
      geo: true,
      sheets: [{ ...sheet(0, 1), title: long }],
    });
    expect(document.instanceName).toHaveLength(SHEET_TEXT_MAX);
    expect(document.instanceName.endsWith('…')).toBe(true);
    expect(document.sheets[0].title).toBe(document.instanceName);
    expect(document.planLabel).toBe('Classical · hard');
  });
});
