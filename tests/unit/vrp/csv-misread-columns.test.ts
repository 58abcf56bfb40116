/**
 * Files as other programs write them, that an import used to read without a word into something else than was
 * meant: each is now read as meant, or read as written and said so, or refused with the row and the fix.
 *
 * This file: file kinds, columns, separators and numbers; csv-misread-times.test.ts has the times and dates.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { inputDetails } from './input-details.js';
import { fleet, HEADER, read, refusal, windows } from './misread-csv.js';

describe('customer CSVs that were misread', () => {
  it('refuses a Solomon benchmark file given as a customer table (a .txt picked in the app) for what it is, not its columns', () => {
    const solomon = readFileSync('data/solomon/C204.txt', 'utf8');
    expect(inputDetails(() => parseCustomerCsv(solomon, { ...fleet, name: 'C204' }))).toEqual([
      'the file is a Solomon benchmark instance (VEHICLE and CUSTOMER sections), not a customer table: the jampr command line reads it as a .txt file (jampr plan C204.txt)',
    ]);
  });

  it('refuses a VRPLIB file given as a customer table (named .csv) for what it is, not its columns', () => {
    const vrplib = readFileSync('data/homberger/200/C1_2_1.vrp', 'utf8');
    expect(inputDetails(() => parseCustomerCsv(vrplib, { ...fleet, name: 'C1_2_1' }))).toEqual([
      'the file is a VRPLIB benchmark instance (DIMENSION header, NODE_COORD_SECTION), not a customer table: the jampr command line reads it as a .vrp file (jampr plan C1_2_1.vrp)',
    ]);
  });

  it('says that a row with a field too many may hold a decimal comma, in a file with commas between columns', () => {
    expect(refusal([HEADER, 'D,0,0,0,0,1000,0', 'C1,1,1,2,5,10,500,10'])).toEqual([
      "row 3: has 8 fields, the header has 7 (a decimal comma in a file with ',' between columns splits a number in two: write 2.5, or save the file with ';' between columns)",
    ]);
  });

  it('says how it read a number with a thousands-like separator where the separator does not tell the locale', () => {
    const tab = read([
      'id\tx\ty\tdemand\tready\tdue\tservice',
      'D\t0\t0\t0\t6:00 AM\t6:00 PM\t0',
      'C1\t1\t1\t1,250\t8:00 AM\t12:00 PM\t10',
    ]);
    expect(tab.instance.customers[0].demand).toBe(1.25);
    expect(tab.warnings).toEqual([
      "row 3, column demand: '1,250' was read with a decimal comma (1,250 as 1.25): if a thousands separator was meant, write the number without it (1250)",
    ]);
    const semicolon = ['id;x;y;demand;ready;due;service', 'D;0;0;0;06:00;18:00;0', 'C1;1;1;1.250;08:00;12:00;10'];
    expect(read(semicolon).warnings).toEqual([
      "row 3, column demand: '1.250' was read with a decimal point (1.250 as 1.25): if a thousands separator was meant, write the number without it (1250)",
    ]);
    // A point elsewhere that is plainly a decimal point settles it.
    expect(read([...semicolon, 'C2;1.5;1;2;08:00;12:00;10']).warnings).toEqual([]);
  });

  it("reads a demand's point as a thousands separator where the demand column writes decimal commas, whatever the coordinates write", () => {
    // Coordinates pasted from a map keep their points; the weights typed in German Excel have decimal commas.
    const header = 'id;lat;lon;demand;ready;due;service';
    const rows = ['D;53.533;10.080;0;06:00;18:00;0', 'A;53.560;10.010;2,5;08:00;10:00;10', 'B;53.541;10.002;1.250;10:00;14:00;15'];
    const day = read([header, ...rows]);
    expect(day.instance.customers.map((c) => c.demand)).toEqual([2.5, 1250]);
    expect(day.warnings).toEqual([
      "row 4, column demand: '1.250' was read with a thousands separator (1.250 as 1250), as the file writes its other numbers with decimal commas: if a decimal was meant, write it so (1,25)",
    ]);
    // Points and commas both shown as decimals elsewhere, none in the demand column: nothing tells, so it is said.
    const mixed = read([
      header,
      'D;53.533;10.080;0;06:00;18:00;0',
      'A;53.560;10.010;2;08:00;10:00;2,5',
      'B;53.541;10.002;1.250;10:00;14:00;15',
    ]);
    expect(mixed.instance.customers[1].demand).toBe(1.25);
    expect(mixed.warnings).toEqual([
      "row 4, column demand: '1.250' was read with a decimal point (1.250 as 1.25): if a thousands separator was meant, write the number without it (1250)",
    ]);
  });

  it('reads past a column without a header that every row fills, as pandas writes its row numbers', () => {
    expect(windows([`,${HEADER}`, '0,D,0,0,0,0,1000,0', '1,C1,1,1,1,100,500,10'])).toEqual([[100, 500, 10]]);
  });

  it('reads a header that ends with a separator the rows do not have, as if it were not there', () => {
    const rows = ['D;0;0;0;0;1000;0', 'C1;1;1;1;10;500;5', 'C2;2;2;1;10;500;5;'];
    const day = parseCustomerCsv([`${HEADER.replaceAll(',', ';')};`, ...rows].join('\n'), fleet);
    expect(day.instance.customers.map((c) => c.id)).toEqual(['C1', 'C2']);
    expect(day.warnings).toEqual([]);
    // A row that does fill the header's empty last column makes it a column: that row is named as shifted.
    const filled = [`${HEADER.replaceAll(',', ';')};`, ...rows, 'C3;3;3;1;10;500;5;x'].join('\n');
    expect(inputDetails(() => parseCustomerCsv(filled, fleet))).toContain(
      "row 5: 'x' is in column 8, which has no header, so a separator too many shifted this row's cells (the separator ';' appears inside a cell: put that cell in double quotes, or remove the ';' from it)",
    );
  });

  it('refuses a value under a column without a header: a stray separator shifted the row', () => {
    expect(
      refusal(['id,x,y,demand,ready,due,service,', 'D,50,50,0,0,1000,0,', 'C1,60,5,60,10,100,500,10', 'C2,40,40,5,100,800,10,']),
    ).toEqual([
      "row 3: '10' is in column 8, which has no header, so a separator too many shifted this row's cells (a decimal comma in a file with ',' between columns splits a number in two: write 2.5, or save the file with ';' between columns)",
    ]);
    // In a file with tabs between columns a decimal comma splits nothing: the advice is the one for its separator.
    const tabbed = ['id\tx\ty\tdemand\tready\tdue\tservice\t', 'D\t50\t50\t0\t0\t1000\t0\t', 'C1\tMain\tSt\t5\t10\t100\t500\t10'];
    expect(inputDetails(() => read(tabbed))).toContain(
      "row 3: '10' is in column 8, which has no header, so a separator too many shifted this row's cells (the separator (a tab) appears inside a cell: put that cell in double quotes, or remove the tab from it)",
    );
  });

  it("reads past Excel's sep= line, and names a title line above the header and a plan's schedule given as customers", () => {
    expect(windows(['sep=;', 'id;x;y;demand;ready;due;service', 'D;0;0;0;0;1000;0', 'C1;1;1;1;100;500;10'])).toEqual([[100, 500, 10]]);
    expect(refusal(['Deliveries 28 Nov,,,,,,', HEADER, 'D,0,0,0,0,1000,0', 'C1,1,1,1,100,500,10'])[0]).toBe(
      "row 1 ('Deliveries 28 Nov') looks like a title, not a header: delete it and import again (row 2 reads as the header)",
    );
    expect(refusal(['Deliveries 28 Nov', 'Driver: Meier', '', HEADER, 'D,0,0,0,0,1000,0', 'C1,1,1,1,100,500,10'])).toEqual([
      "rows 1–2 ('Deliveries 28 Nov', 'Driver: Meier') look like a title or notes, not a header: delete them and import again (row 4 reads as the header)",
    ]);
    expect(refusal(['route,stop,kind,id,x,y,arrival,wait,start,departure,load', '1,0,depot,D,0,0,,,,0,0'])[0]).toMatch(
      /^row 1 is the header of a plan's schedule/,
    );
  });

  it('warns about a row that looks like the depot when the first row is taken as it', () => {
    expect(read([HEADER, 'C1,6,6,0,0,1000,0', 'Depot,5,5,0,0,1000,0', 'C2,4,4,5,100,800,10']).warnings).toEqual([
      'row 3 looks like the depot, but without a type column the first row (row 2) is the depot and row 3 a customer: if row 3 is the depot, move it to the top or add a type column (depot / customer)',
    ]);
  });

  it('reads German and French headers and type words, accents or not', () => {
    const de = read([
      'Typ;Kundennr;Kunde;Breite;Länge;Menge (kg);Zeitfenster von;Zeitfenster bis;Standzeit (min)',
      'Lager;D;Zentrale;53,55;9,99;0;06:00;18:00;0',
      'Kunde;K1;Bäcker;53,56;10,01;10;08:00;12:00;10',
    ]);
    expect(de.instance.customers[0]).toMatchObject({
      id: 'K1',
      name: 'Bäcker',
      y: 53.56,
      x: 10.01,
      demand: 10,
      ready: 480,
      due: 720,
      service: 10,
    });
    const fr = read([
      'id;nom;latitude;longitude;quantité;début;fin;durée',
      'D;Dépôt;48,85;2,35;0;06:00;18:00;0',
      'C1;Boulangerie;48,86;2,36;10;08:00;12:00;10',
    ]);
    expect(fr.instance.customers[0]).toMatchObject({ name: 'Boulangerie', demand: 10, ready: 480, due: 720, service: 10 });
  });

  it('reads quoted decimal commas in a comma-separated file (Google Sheets in a German locale), names them beside decimal points, and a file of the depot alone for its missing customers', () => {
    expect(
      read(['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', 'C1,"3,5",1,"1,250",100,500,10']).instance.customers[0],
    ).toMatchObject({
      x: 3.5,
      demand: 1.25,
    });
    // Its decimal comma in 3,5 says what the comma of 1,250 is: nothing to warn of.
    expect(read(['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', 'C1,"3,5",1,"1,250",100,500,10']).warnings).toEqual([]);
    expect(refusal(['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', 'C1,"3,5",1.5,1,100,500,10'])).toEqual([
      "row 3, column x: '3,5' is not a number (a decimal comma beside numbers written with decimal points: write 3.5, or every number with a decimal comma)",
    ]);
    // Commas before three digits alone do not say which mark they are: a thousands separator is as likely.
    expect(refusal(['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', 'C1,3,1,"1,250",100,500,10'])).toEqual([
      "row 3, column demand: '1,250' is not a number (a comma before three digits: write 1.250 for a decimal comma, 1250 for a thousands separator)",
    ]);
    expect(refusal([HEADER, 'D,0,0,0,0,1000,0'])).toEqual(['the instance has no customers']);
  });

  it("names a title line above a ';' header alone, without the columns it seems to lack", () => {
    expect(refusal(['Tour Montag', 'id;x;y;demand;ready;due;service', 'D;0;0;0;07:00;17:00;0', 'A;1;1;5;08:00;10:00;10'])).toEqual([
      "row 1 ('Tour Montag') looks like a title, not a header: delete it and import again (row 2 reads as the header)",
    ]);
    expect(windows(['"sep=;"', 'id;x;y;demand;ready;due;service', 'D;0;0;0;0;1000;0', 'A;1;1;5;100;500;10'])).toEqual([[100, 500, 10]]);
  });

  it('reads three decimals of a coordinate as degrees without a thousands warning', () => {
    expect(
      read(['id;lat;lon;demand;ready;due;service', 'D;52.520;13.405;0;07:00;17:00;0', 'A;52.531;13.412;5;08:00;10:00;10']).warnings,
    ).toEqual([]);
  });

  it('names a depot row out of place beside the problems of reading the first row as the depot', () => {
    const details = refusal([HEADER, 'A,1,1,5,08:00,10:00,10', 'Depot,0,0,0,07:00,17:00,0', 'B,2,2,5,09:00,12:00,10']);
    expect(details.at(-1)).toMatch(/^row 3 looks like the depot, but without a type column the first row \(row 2\) is the depot/);
  });

  it("reads 'Kunde' alone as the customer's id, and beside an id column as the name", () => {
    const alone = read([
      'Kunde;Breite;Länge;Menge;Zeitfenster von;Zeitfenster bis;Standzeit',
      'D;52,52;13,40;0;07:00;17:00;0',
      'K1;52,53;13,41;5;08:00;10:00;10',
    ]);
    expect(alone.instance.customers[0].id).toBe('K1');
    const both = read([
      'Nr;Kunde;Breite;Länge;Menge;von;bis;Standzeit',
      'D;Lager;52,52;13,40;0;07:00;17:00;0',
      'K1;Bäcker;52,53;13,41;5;08:00;10:00;10',
    ]);
    expect(both.instance.customers[0]).toMatchObject({ id: 'K1', name: 'Bäcker' });
  });

  it('names a thousands separator beside a decimal mark, with the number to write', () => {
    expect(refusal(['id;x;y;demand;ready;due;service', 'D;0;0;0;0;1000;0', 'C1;1;1;1.250,5;100;500;10'])).toEqual([
      "row 3, column demand: '1.250,5' is not a number (a thousands separator: write 1250,5, without it)",
    ]);
    expect(refusal([HEADER, 'D,0,0,0,0,1000,0', 'C1,1,1,"1,250.5",100,500,10'])).toEqual([
      "row 3, column demand: '1,250.5' is not a number (a thousands separator: write 1250.5, without it)",
    ]);
  });

  it('names the coordinate columns it found when x/y and lat/lon are mixed, not two pairs that are not there', () => {
    expect(refusal(['id,lat,y,demand,ready,due,service', 'D,0,0,0,0,100,0'])[0]).toBe(
      "x/y column 'y' and lat/lon column 'lat' are both present: keep one pair (x and y, or lat and lon)",
    );
    expect(refusal(['id,x,Latitude,y,lng,demand,ready,due,service', 'D,0,0,0,0,0,0,100,0'])).toEqual([
      "x/y columns 'x' and 'y' and lat/lon columns 'Latitude' and 'lng' are both present: keep one pair (x and y, or lat and lon)",
    ]);
  });

  it('says so when x/y columns hold degrees of a city, and not of a plane', () => {
    const munich = read([
      'id,X,Y,demand,ready,due,service',
      'D,11.575,48.137,0,0,600,0',
      'K1,11.491204,48.108813,1,0,600,5',
      'K2,11.6203,48.1702,1,0,600,5',
    ]);
    expect(munich.warnings).toContainEqual(
      expect.stringMatching(
        /^columns X and Y look like longitude and latitude \(the depot at 11\.575, 48\.137, the day within 0\.13 × 0\.06 of their units\).*name the column of longitudes lon/,
      ),
    );
    // Degrees to three decimals, a day across a region, and latitude in x are degrees too.
    for (const rows of [
      ['D,13.405,52.520,0,0,600,0', 'C1,13.442,52.549,1,0,600,5', 'C2,13.500,52.471,1,0,600,5'],
      ['D,11.575000,48.137000,0,0,600,0', 'C1,10.898283,49.143681,1,0,600,5', 'C2,11.665642,47.856501,1,0,600,5'],
      ['D,52.520000,13.405000,0,0,600,0', 'C1,52.521186,13.497242,1,0,600,5', 'C2,52.549962,13.342780,1,0,600,5'],
    ])
      expect(read([HEADER, ...rows]).warnings.join('\n')).toMatch(/look like longitude and latitude/);
    // A small plane in whole numbers or one decimal, a unit square to four decimals, and a plane beyond degrees' range
    // are planes.
    for (const rows of [
      ['D,1,1,0,0,600,0', 'C1,2,1,1,0,600,5', 'C2,1.5,2,1,0,600,5'],
      ['D,11.5,48.1,0,0,600,0', 'C1,11.6,48.2,1,0,600,5', 'C2,11.4,48.15,1,0,600,5'],
      ['D,0.5000,0.5000,0,0,600,0', 'C1,0.4746,0.6575,1,0,600,5', 'C2,0.6664,0.1426,1,0,600,5'],
      ['D,50,50,0,0,600,0', 'C1,50.1234,200.5678,1,0,600,5', 'C2,50.2345,200.6789,1,0,600,5'],
    ])
      expect(read([HEADER, ...rows]).warnings.join('\n')).not.toMatch(/look like longitude/);
  });
});
