import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { instanceWarnings, validateInstance } from '../../../src/main/vrp/validate.js';
import type { Instance } from '../../../src/shared/domain.js';
import { inputDetails } from './input-details.js';

/**
 * A reader of decimal-comma files takes "4,576" for four and a half and "1,000" for one: a message about a cell of the
 * file quotes the cell as written, under the column's own name, and a figure of no cell has no thousands separator.
 */
const GERMAN = ['Typ;ID;Breite;Länge;Menge;Von;Bis;Dauer', 'Depot;D;53,5511;9,9937;0;07:00;18:00;0'];
const ENGLISH = ['type,id,lat,lon,demand,ready,due,service', 'depot,D,53.5511,9.9937,0,07:00,18:00,0'];
const read = (lines: string[], capacity = 100) => parseCustomerCsv(lines.join('\n'), { name: 'day', capacity, speedKmh: 30 });

describe("the import's messages quote the file's cells as written", () => {
  it('quotes a latitude out of range as the cell writes it, decimal comma and all, under the header the file gives', () => {
    const german = [...GERMAN, 'Kunde;K1;4818,3963;9,98;5;08:00;12:00;10'];
    expect(inputDetails(() => read(german))).toEqual(["row 3, column Breite: latitude '4818,3963' is outside [-90, 90] for customer K1"]);
    const english = [...ENGLISH, 'customer,K1,4576,9.98,5,08:00,12:00,10'];
    expect(inputDetails(() => read(english))).toEqual(["row 3, column lat: latitude '4576' is outside [-90, 90] for customer K1"]);
  });

  it('suggests the longitude to write as the cell writes its decimals', () => {
    const german = [...GERMAN, 'Kunde;K1;53,56;190,5;5;08:00;12:00;10'];
    expect(inputDetails(() => read(german))).toEqual([
      "row 3, column Länge: longitude '190,5' is outside [-180, 180] for customer K1 (if the file counts longitudes 0–360° east, write -169,5)",
    ]);
  });

  it('quotes an order bigger than a vehicle as its cell, and writes the capacity of the flag without a thousands separator', () => {
    const german = [...GERMAN, 'Kunde;K1;53,57;9,98;5;08:00;12:00;10', 'Kunde;K2;53,56;10,01;1500;08:00;12:00;10'];
    expect(read(german, 1000).warnings).toEqual([
      "row 4, column Menge: customer K2 cannot be served: its demand is more than a vehicle's capacity of 1000 (demand '1500'), so every plan leaves it unserved; split the order into loads of at most 1000, or raise the capacity",
    ]);
  });

  it('quotes the cells of a row whose other cell does not read, and of rows that share an id', () => {
    const bad = [...GERMAN, 'Kunde;K1;4818,3963;9,98;x;08:00;12:00;10'];
    expect(inputDetails(() => read(bad))).toEqual([
      "row 3, column Menge: 'x' is not a number",
      "row 3, column Breite: latitude '4818,3963' is outside [-90, 90] for customer K1",
    ]);
    const twice = [...GERMAN, 'Kunde;K1;53,57;9,98;5;08:00;12:00;10', 'Kunde;K1;4818,3963;9,98;5;08:00;12:00;10'];
    expect(inputDetails(() => read(twice))).toEqual([
      'rows 3, 4: duplicate id: customer K1 appears 2 times: give each stop its own id',
      "row 4, column Breite: latitude '4818,3963' is outside [-90, 90] for customer K1",
    ]);
  });
});

describe("the schema's value errors and the window times quote the file's cells", () => {
  it("quotes a negative or too large number as its cell writes it, under the file's header", () => {
    const german = [...GERMAN, 'Kunde;K1;53,57;9,98;-2,5;08:00;12:00;-1,5', 'Kunde;K2;53,56;10,01;5;08:00;12:00;2000000000'];
    expect(inputDetails(() => read(german))).toEqual([
      "row 3, column Menge: demand '-2,5' is negative for customer K1: write 0 or more",
      "row 3, column Dauer: service time '-1,5' is negative for customer K1: write 0 or more",
      "row 4, column Dauer: service time '2000000000' is too large for customer K2: numbers in an instance are at most 1e9 in size",
    ]);
    // A row whose other cell does not read is quoted alike.
    const bad = [...GERMAN, 'Kunde;K1;53,57;9,98;x;08:00;12:00;-1,5'];
    expect(inputDetails(() => read(bad))).toEqual([
      "row 3, column Menge: 'x' is not a number",
      "row 3, column Dauer: service time '-1,5' is negative for customer K1: write 0 or more",
    ]);
  });

  it('quotes the window times of a window that closes before it opens, in clock times and in plain numbers', () => {
    const clock = [...GERMAN, 'Kunde;K1;53,57;9,98;5;12:00;8:00;10'];
    expect(inputDetails(() => read(clock))).toEqual([
      "row 3, columns Von, Bis: ready time '12:00' is after due time '8:00' for customer K1",
    ]);
    const plain = ['Typ;ID;X;Y;Menge;Von;Bis;Dauer', 'Depot;D;0;0;0;0;1000;0', 'Kunde;K1;1;1;2;500,5;400,25;10'];
    expect(inputDetails(() => read(plain))).toEqual([
      "row 3, columns Von, Bis: ready time '500,5' is after due time '400,25' for customer K1",
    ]);
  });

  it("quotes the customer's window time in the warning of a customer no vehicle reaches within its window or the shift", () => {
    const day = [
      ...GERMAN,
      'Kunde;K1;53,57;9,98;2;5:00;6:00;1',
      'Kunde;K2;53,57;9,98;2;19:00;20:00;1',
      'Kunde;K3;53,57;9,98;2;7:00;7:01;1',
    ];
    const warnings = read(day).warnings.map((w) => w.slice(0, w.indexOf(')') + 1 || w.indexOf(';')));
    expect(warnings).toEqual([
      "row 3, column Bis: customer K1 cannot be reached in time: its window closes before the shift starts (due '6:00', the shift starts at '07:00')",
      "row 4, column Von: customer K2 cannot be served within the shift: its window opens only when the shift has ended (ready '19:00', the shift ends at '18:00')",
      "row 5, column Bis: customer K3 cannot be reached in time: the earliest arrival from the depot is 07:05, after its due time '7:01'",
    ]);
  });
});

describe("the depot's shift times, quoted as its row writes them", () => {
  const PLAIN = 'Typ;ID;X;Y;Menge;Von;Bis;Dauer';

  it("quotes the depot's own window where the shift is reversed, empty or days long, under the file's headers", () => {
    expect(inputDetails(() => read([PLAIN, 'Depot;D;0;0;0;1000,5;500,25;0', 'Kunde;K1;1;1;2;0;400;1']))).toEqual([
      "row 2, columns Von, Bis: ready time '1000,5' is after due time '500,25' for depot D",
    ]);
    expect(inputDetails(() => read([GERMAN[0], 'Depot;D;53,5511;9,9937;0;7:00;7:00;0', 'Kunde;K1;53,57;9,98;2;8:00;9:00;1']))).toEqual([
      "row 2, columns Von, Bis: depot D's window '7:00'–'7:00' is empty: the shift closes as it opens (a shift of 24 hours closes at 07:00+1)",
    ]);
    const dated = [
      GERMAN[0],
      'Depot;D;53,5511;9,9937;0;03.12.2026 7:00;05.12.2026 18:00;0',
      'Kunde;K1;53,57;9,98;2;03.12.2026 8:00;03.12.2026 9:00;1',
    ];
    expect(inputDetails(() => read(dated))).toEqual([
      "row 2, columns Von, Bis: depot D's window '03.12.2026 7:00'–'05.12.2026 18:00' lasts 2 days 11 hours, more than the 48 hours a shift may last: is a date misread (day and month swapped) or mistyped?",
    ]);
  });

  it("quotes the shift's start and end in a customer's warning as the depot's cells write them", () => {
    const day = [
      PLAIN,
      'Depot;D;0;0;0;100,5;900,5;0',
      'Kunde;K1;1;1;2;10;20;1',
      'Kunde;K2;1;1;2;950;960;1',
      'Kunde;K3;300;300;2;100,5;900;1',
    ];
    const warnings = read(day).warnings.map((w) => w.slice(0, w.indexOf(')') + 1 || w.indexOf(';')));
    expect(warnings).toEqual([
      "row 3, column Bis: customer K1 cannot be reached in time: its window closes before the shift starts (due '20', the shift starts at '100,5')",
      "row 4, column Von: customer K2 cannot be served within the shift: its window opens only when the shift has ended (ready '950', the shift ends at '900,5')",
      "row 5: customer K3 cannot be served within the shift: a vehicle serving it alone is back at the depot at 950.03, after the shift ends at '900,5'",
    ]);
  });

  it('quotes the shift where most windows lie outside it, and where a window on a night shift is refused', () => {
    const outside = [...['9:00;10:00', '10:00;11:00', '11:00;12:00'].map((w, i) => `Kunde;K${i + 1};53,57;9,98;2;${w};1`)];
    expect(read([GERMAN[0], 'Depot;D;53,5511;9,9937;0;17:00;7:00;0', ...outside]).warnings).toEqual([
      "row 2, columns Von, Bis: 3 of 3 customers' windows lie outside the shift '17:00'–'7:00' (K1, K2, K3): are the depot's opening and closing swapped? Hard time windows leave them unserved, soft ones serve them at a price",
    ]);
    const night = [GERMAN[0], 'Depot;D;53,5511;9,9937;0;22:00;6:00;0', 'Kunde;K1;53,57;9,98;2;3:00;1:00;1'];
    expect(inputDetails(() => read(night))).toEqual([
      "row 3, columns Von, Bis: ready time '3:00' is after due time '1:00' for customer K1 (on the night shift '22:00'–'6:00': are the opening and closing swapped?)",
    ]);
    // The same row with a cell that does not read has its window checked all the same, the shift quoted alike.
    const partial = [GERMAN[0], 'Depot;D;53,5511;9,9937;0;22:00;6:00;0', 'Kunde;K1;53,57;9,98;x;3:00;1:00;1'];
    expect(inputDetails(() => read(partial))).toContain(
      "row 3, columns Von, Bis: ready time '3:00' is after due time '1:00' for customer K1 (on the night shift '22:00'–'6:00': are the opening and closing swapped?)",
    );
  });

  it("quotes the shift's opening in the warning of a time without AM or PM beside times with them", () => {
    const day = [ENGLISH[0], 'depot,D,53.5511,9.9937,0,6:00 AM,6:00 PM,0', 'customer,K1,53.57,9.98,2,1:00,3:00 PM,1'];
    expect(read(day).warnings).toContain(
      "row 3, column ready: '1:00' is written without AM or PM where the file's other times have them: read as 01:00, before the shift opens at '6:00 AM'. If the afternoon is meant, write 1:00 PM",
    );
  });
});

describe("the validator's figures without a file", () => {
  const day: Instance = {
    name: 'day',
    depot: { id: 'D', x: 9.9937, y: 53.5511, ready: 420, due: 1080 },
    capacity: 1000,
    vehicles: 2,
    coordinates: { kind: 'geo', speedKmh: 30 },
    customers: [
      { id: 'K1', x: 9.98, y: 53.57, demand: 5, ready: 480, due: 720, service: 10 },
      { id: 'K2', x: 10.01, y: 53.56, demand: 1500, ready: 480, due: 720, service: 10 },
    ],
  };

  it('writes a latitude, a capacity and a demand without a thousands separator', () => {
    const far = { ...day, customers: [{ ...day.customers[0], y: 4576 }] };
    expect(validateInstance(far)).toEqual(['latitude 4576 is outside [-90, 90] for customer K1']);
    expect(instanceWarnings(day)).toEqual([
      "customer K2 cannot be served: its demand is more than a vehicle's capacity of 1000 (demand 1500), so every plan leaves it unserved; split the order into loads of at most 1000, or raise the capacity",
    ]);
  });
});
