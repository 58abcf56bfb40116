import { describe, expect, it } from 'vitest';
import { renderSheetsPdf } from '../../../src/main/sheets/sheets-pdf.js';
import { unprintableNotice } from '../../../src/renderer/sheets/unprintable-notice.js';
import type { SheetRow, SheetsDocument } from '../../../src/shared/driver-sheet.js';

const row = (id: string, name: string, place: string): SheetRow => ({
  kind: 'stop',
  order: '1',
  id,
  name,
  place,
  window: '',
  eta: '',
  start: '',
  service: '',
  load: '',
  late: false,
});

describe("stops the PDF's font cannot print", () => {
  it('are those with a character the embedded font has no glyph for (CJK), not Polish, Turkish, Greek or Cyrillic ones', async () => {
    const rows = [
      row('a', 'Brzęczyszczykiewicz', 'ul. Łódzka 3'),
      row('b', 'Çağrı Gıda', 'Αθήνα, Москва'),
      row('c', '北京饭店', 'Main St 1'),
      row('d', 'Noodle Bar', '東京都渋谷区'),
      row('c', '北京饭店', 'Main St 1'),
    ];
    const path = [{ x: 0, y: 0, id: 'D' }];
    const document: SheetsDocument = {
      instanceName: 'day',
      planLabel: 'x',
      geo: false,
      sheets: [{ route: 0, title: 'Route 1', summary: '', colour: '#1f77b4', rows, path }],
      notServed: [{ id: 'e', name: '서울 마트', reason: 'no vehicle' }],
    };
    // Told by the export's own PDF document, whose fonts print the sheets.
    expect((await renderSheetsPdf(document)).unprintable).toEqual([
      { id: 'c', name: '北京饭店' },
      { id: 'd', name: 'Noodle Bar' },
      { id: 'e', name: '서울 마트' },
    ]);
  });

  it('are named, a few of them, with what to do', () => {
    expect(unprintableNotice([])).toBeNull();
    const stops = ['c', 'd', 'e', 'f', 'g'].map((id) => ({ id, name: id === 'd' ? '' : `飯店 ${id}` }));
    expect(unprintableNotice(stops)).toBe(
      "5 stops (c 飯店 c, d, e 飯店 e and 2 more) have a name or address with characters the PDF's font cannot print: " +
        "the PDF shows them as � marks. Use Print instead: it sets the sheets in this computer's own fonts, which print them where one has these characters.",
    );
  });
});
